/**
 * The local gateway answers with the headers CloudFront adds in AWS: for each kind of path, the headers of the
 * response headers policy of the behaviour that serves it in the synthesised distribution (found by CloudFront's
 * own path patterns, in order) are compared with what the gateway sends. Only the app's AWS hosts in connect-src
 * (and the local test hosts) may differ.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle } from '../../infra/src/bundle';
import { readManifest } from '../../infra/src/manifest';
import { MapnestStack } from '../../infra/src/mapnest-stack';
import { STAGES } from '../../infra/src/stages';
import { resolveWebAssets } from '../../infra/src/web-assets';
import { wholeStage } from '../../infra/test/support';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, SHORT_CACHE } from '../../infra/src/edge/headers';
import { baseUrl } from '../helpers/stack';

type Json = Record<string, unknown>;
interface Behaviour {
  PathPattern?: string;
  ResponseHeadersPolicyId: { Ref: string };
}

let dir: string;
let template: Template;
let behaviours: Behaviour[];

beforeAll(() => {
  // Synthesis needs a folder per function; the headers do not depend on what is in it.
  dir = mkdtempSync(join(tmpdir(), 'mapnest-parity-'));
  const manifest = readManifest();
  const bundles = new Map<string, Bundle>(
    manifest.functions.map((fn) => {
      const d = join(dir, fn.id);
      mkdirSync(d, { recursive: true });
      writeFileSync(join(d, 'index.mjs'), 'export const handler = async () => null;');
      return [fn.id, { id: fn.id, dir: d, jsBytes: 40, totalBytes: 40, nativePackages: [] }];
    }),
  );
  const stage = STAGES.dev!;
  const stack = new MapnestStack(new App(), 'Mapnest-parity', {
    env: { account: '123456789012', region: stage.region },
    stage,
    manifest,
    bundles,
    webAssets: resolveWebAssets('/nonexistent/web/dist'),
  });
  // The distribution is in the Edge nested stack: read the whole stage as one template.
  template = wholeStage(stack);
  const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution')) as Array<{
    Properties: { DistributionConfig: { DefaultCacheBehavior: Behaviour; CacheBehaviors: Behaviour[] } };
  }>;
  const config = distribution!.Properties.DistributionConfig;
  behaviours = [...config.CacheBehaviors, config.DefaultCacheBehavior];
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A CloudFormation string with tokens, as text ({Ref}s and attributes become <token>). */
const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  return join ? join[1].map(text).join(join[0]) : '<token>';
};

/** CloudFront's path pattern matching: '*' any characters, the rest literal; the default behaviour last. */
function behaviourFor(path: string): Behaviour {
  return behaviours.find(
    (b) =>
      !b.PathPattern ||
      new RegExp(
        `^${b.PathPattern.split('*')
          .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      ).test(path),
  )!;
}

/** The headers CloudFront adds with a response headers policy, as a browser receives them (to a CORS request). */
function cloudFrontHeaders(behaviour: Behaviour): Record<string, string> {
  const policy = (
    template.findResources('AWS::CloudFront::ResponseHeadersPolicy')[behaviour.ResponseHeadersPolicyId.Ref] as {
      Properties: { ResponseHeadersPolicyConfig: Json };
    }
  ).Properties.ResponseHeadersPolicyConfig;
  const security = (policy.SecurityHeadersConfig ?? {}) as Record<string, Json | undefined>;
  const out: Record<string, string> = {};
  const hsts = security.StrictTransportSecurity;
  if (hsts)
    out['strict-transport-security'] =
      `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`;
  if (security.ContentTypeOptions) out['x-content-type-options'] = 'nosniff';
  if (security.FrameOptions) out['x-frame-options'] = String(security.FrameOptions.FrameOption);
  if (security.ReferrerPolicy) out['referrer-policy'] = String(security.ReferrerPolicy.ReferrerPolicy);
  if (security.ContentSecurityPolicy)
    out['content-security-policy'] = text(security.ContentSecurityPolicy.ContentSecurityPolicy);
  for (const h of (policy.CustomHeadersConfig as { Items?: Array<{ Header: string; Value: string }> } | undefined)
    ?.Items ?? [])
    out[h.Header.toLowerCase()] = h.Value;
  const cors = policy.CorsConfig as { AccessControlAllowOrigins: { Items: string[] } } | undefined;
  if (cors) out['access-control-allow-origin'] = cors.AccessControlAllowOrigins.Items.join(',');
  return out;
}

/** CSP directives with host sources dropped (the app's AWS hosts and the local test hosts differ by design). */
function cspShape(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name!, sources.filter((s) => /^'|^[a-z-]+:$|^\*$|^none$/.test(s))];
      }),
  );
}

const PATHS = [
  '/',
  '/maps/x',
  '/m/x',
  '/data/maps/demo.json',
  '/data/maps/missing.json',
  '/files/someone/files/0-plan.svg',
  '/assets/app-missing.js',
  '/embed.js',
  '/config.json',
  '/api/fn/getProfile',
];

describe('edge headers: local gateway and CloudFront', () => {
  it.each(PATHS)('%s gets the headers of the CloudFront behaviour that serves it', async (path) => {
    const expected = cloudFrontHeaders(behaviourFor(path));
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining([
        'strict-transport-security',
        'x-content-type-options',
        'referrer-policy',
        'content-security-policy',
        'permissions-policy',
      ]),
    );
    const res = await fetch(`${baseUrl()}${path}`, {
      method: path.startsWith('/api/') ? 'POST' : 'GET',
      headers: { origin: 'https://customer.example' },
    });
    for (const [name, value] of Object.entries(expected)) {
      const got = res.headers.get(name);
      expect(got, `${path} ${name}`).not.toBeNull();
      if (name === 'content-security-policy') expect(cspShape(got!), path).toEqual(cspShape(value));
      else expect(got, `${path} ${name}`).toBe(value);
    }
    // And nothing CloudFront would not send: no frame rule where the embed must be framable.
    if (!expected['x-frame-options']) expect(res.headers.get('x-frame-options'), path).toBeNull();
  });

  it('serves user files with the files policy and the app with its own: the paths do not share one', () => {
    expect(cloudFrontHeaders(behaviourFor('/files/a/b.svg'))['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(cloudFrontHeaders(behaviourFor('/maps/x'))['x-frame-options']).toBe('DENY');
    expect(cloudFrontHeaders(behaviourFor('/m/x'))['content-security-policy']).toMatch(/frame-ancestors \*$/);
  });

  it('caches the web app’s files as their deployment stores them: assets for a year, pages never, embed.js and the demo maps for 5 minutes', async () => {
    const cacheOf = async (path: string) => {
      const res = await fetch(`${baseUrl()}${path}`);
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      return res.headers.get('cache-control');
    };
    const page = await (await fetch(`${baseUrl()}/`)).text();
    const asset = /\/assets\/[^"']+\.js/.exec(page)?.[0];
    expect(asset).toBeTruthy();
    expect(await cacheOf(asset!)).toBe(IMMUTABLE_CACHE);
    for (const path of ['/', '/maps', '/m/demo']) expect(await cacheOf(path), path).toBe(REVALIDATE_CACHE);
    for (const path of ['/embed.js', '/demo/riverside-centre.json', '/builtin/index.json'])
      expect(await cacheOf(path), path).toBe(SHORT_CACHE);
  });

  it('answers an address that is none of the app’s pages with the app’s page and status 404, with the app’s headers', async () => {
    const app = await fetch(`${baseUrl()}/pricing`);
    const appPage = await app.text();
    for (const path of ['/no-such-page', '/maps/abc123/history', '/pricing/typo']) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe(appPage);
      for (const header of ['content-type', 'content-security-policy', 'x-frame-options', 'cache-control'])
        expect(res.headers.get(header), `${path} ${header}`).toBe(app.headers.get(header));
    }
    // The app's own pages, the embed and files are as before.
    for (const path of ['/', '/Pricing/', '/maps/abc123', '/m/demo', '/config.json']) {
      const res = await fetch(`${baseUrl()}${path}`);
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
    }
    const asset = await fetch(`${baseUrl()}/assets/missing-0000.js`);
    await asset.arrayBuffer();
    expect(asset.status).toBe(404);
  });
});
