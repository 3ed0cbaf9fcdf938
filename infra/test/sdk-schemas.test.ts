/**
 * The SDK schema tables as the bundles load them (infra/src/sdk-schemas.ts, ADR 044): the same values as published,
 * and unused shapes dropped.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths';
import { SDK_SCHEMA_FILE, pureSchemaSource, pureSdkSchemas } from '../src/sdk-schemas';

const scratch = mkdtempSync(join(tmpdir(), 'mapnest-sdk-schemas-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The SDK clients the functions send commands with. */
const CLIENTS = ['client-s3', 'client-dynamodb', 'client-cognito-identity-provider', 'client-sesv2'];
const requireFromLambdas = createRequire(join(REPO_ROOT, 'lambdas', 'package.json'));
const schemaFile = (client: string) =>
  join(dirname(requireFromLambdas.resolve(`@aws-sdk/${client}/package.json`)), 'dist-es/schemas/schemas_0.js');

async function bundle(source: string, plugins: Plugin[], minify = false) {
  return build({
    stdin: { contents: source, resolveDir: join(REPO_ROOT, 'lambdas'), loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    mainFields: ['module', 'main'],
    minify,
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins,
  });
}

/** The module's exports, loaded from a bundle of `export * from file`. */
async function exportsOf(file: string, plugins: Plugin[], name: string): Promise<Record<string, unknown>> {
  const built = await bundle(`export * from ${JSON.stringify(file)};`, plugins);
  const out = join(scratch, `${name}.mjs`);
  writeFileSync(out, built.outputFiles[0]!.text);
  return (await import(pathToFileURL(out).href)) as Record<string, unknown>;
}

/**
 * Whether two schema values are the same: arrays and plain objects by content (their keys in order), the thunks
 * that point at other shapes by what they answer, registries by their namespace and what they hold, classes by name.
 */
function same(a: unknown, b: unknown, seen = new Map<unknown, unknown>()): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== typeof b || a === null || b === null) return false;
  if (typeof a === 'function') {
    const f = a as () => unknown;
    const g = b as () => unknown;
    if (f.prototype !== undefined || f.length > 0) return f.name === g.name; // a class (the error types)
    return same(f(), g(), seen);
  }
  if (typeof a !== 'object') return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Map) {
    // Entries in order: a registry's keys are the shapes themselves, another object in each bundle.
    const other = [...(b as Map<unknown, unknown>)];
    return (
      a.size === other.length && [...a].every(([k, v], i) => same(k, other[i]![0], seen) && same(v, other[i]![1], seen))
    );
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Object.getPrototypeOf(a) !== Object.prototype && !Array.isArray(a)) {
    if ((a as object).constructor.name !== (b as object).constructor.name) return false;
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b as object);
  return (
    keysA.join('\u0000') === keysB.join('\u0000') &&
    keysA.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], seen))
  );
}

describe('pureSchemaSource', () => {
  it('writes computed keys naming string constants as literals and folds integer ORs, nothing else', () => {
    const source = [
      'const _h = "httpHeader";',
      'const _p = "__proto__";',
      'let other = "x";',
      'export var A$ = [3, n0, _h, { [_h]: 1, [other]: 2, [_p]: 3 }];',
      'var List = 64 | 0;',
      'export var Flags = 8 | 3;',
      'var Kept = a | 0;',
    ].join('\n');
    expect(pureSchemaSource(source)).toBe(
      [
        'const _h = "httpHeader";',
        'const _p = "__proto__";',
        'let other = "x";',
        'export var A$ = [3, n0, _h, { "httpHeader": 1, [other]: 2, [_p]: 3 }];',
        'var List = 64;',
        'export var Flags = 11;',
        'var Kept = a | 0;',
      ].join('\n'),
    );
  });

  it('applies to the schema tables of every SDK client and to nothing else', () => {
    for (const client of CLIENTS) expect(SDK_SCHEMA_FILE.test(schemaFile(client)), client).toBe(true);
    expect(SDK_SCHEMA_FILE.test(join(dirname(schemaFile('client-s3')), '..', 'S3Client.js'))).toBe(false);
    expect(SDK_SCHEMA_FILE.test('/repo/lambdas/src/schemas/schemas_0.js')).toBe(false);
  });
});

describe.each(CLIENTS)('the %s schema tables as bundled', (client) => {
  it('hold the same shapes, traits and errors as the published module', async () => {
    const published = await exportsOf(schemaFile(client), [], `${client}-published`);
    const pure = await exportsOf(schemaFile(client), [pureSdkSchemas], `${client}-pure`);
    expect(Object.keys(pure).sort()).toEqual(Object.keys(published).sort());
    expect(Object.keys(published).length).toBeGreaterThan(20);
    for (const name of Object.keys(published)) expect(same(pure[name], published[name]), name).toBe(true);
  }, 30_000);
});

describe('a bundle that sends one S3 command', () => {
  it('keeps that command’s shapes only', async () => {
    const entry =
      "import { S3Client, PutObjectCommand } from '@aws-sdk/client-s3';\n" +
      'export const put = (c) => new S3Client({}).send(new PutObjectCommand(c));';
    const schemaBytes = async (plugins: Plugin[]) => {
      const built = await bundle(entry, plugins, true);
      const inputs = Object.values(built.metafile.outputs)[0]!.inputs;
      const found = Object.entries(inputs).find(([file]) => SDK_SCHEMA_FILE.test(file));
      return { bytes: found![1].bytesInOutput, text: built.outputFiles[0]!.text };
    };
    const before = await schemaBytes([]);
    const after = await schemaBytes([pureSdkSchemas]);
    // Published, every one of the client's shapes is kept (about 66 kB); loaded pure, PutObject's and the errors'.
    expect(before.bytes).toBeGreaterThan(50_000);
    expect(after.bytes).toBeLessThan(15_000);
    expect(before.text).toContain('PutBucketAnalyticsConfiguration');
    expect(after.text).not.toContain('PutBucketAnalyticsConfiguration');
    expect(after.text).toContain('PutObjectRequest');
  }, 30_000);
});
