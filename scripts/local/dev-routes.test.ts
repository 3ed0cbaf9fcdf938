/**
 * `npm run dev`'s pages, served as scripts/start.ts serves them: the web app's Vite dev server in middleware mode with
 * `appType: 'custom'`, behind `serveDevPage`. Vite serves no HTML in that mode, and every page of `npm run dev` (the
 * app's and the embed's) hung without an answer until the gateway sent them itself.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { edgeKindOf } from '../../infra/src/edge/headers';
import { serveDevPage, type DevServer } from './dev-routes';

const web = path.resolve(import.meta.dirname, '../../web');
let vite: ViteDevServer;
let server: Server;
let base: string;

/** An HTTP server on 127.0.0.1 answering every path with `serveDevPage`, as the gateway does under `npm run dev`. */
function listen(dev: DevServer): Promise<{ server: Server; base: string }> {
  const s = createServer((req: IncomingMessage, res: ServerResponse) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    void serveDevPage(dev, req, res, p, edgeKindOf(p));
  });
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () =>
      resolve({ server: s, base: `http://127.0.0.1:${(s.address() as AddressInfo).port}` }),
    ),
  );
}

beforeAll(async () => {
  vite = await createViteServer({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'silent',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  ({ server, base } = await listen(vite));
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await vite?.close();
});

describe('the pages of npm run dev', () => {
  it("answers any path of the app with the app's page, made by Vite", async () => {
    for (const p of ['/', '/maps/abc123', '/login?next=%2Fmaps']) {
      const res = await fetch(base + p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(html, p).toContain('/@vite/client');
      expect(html, p).toContain('/src/main.tsx');
    }
  });

  it("answers an address that is none of the app's pages with the app's page and status 404, as the edge does", async () => {
    for (const p of ['/no-such-page', '/maps/abc123/history']) {
      const res = await fetch(base + p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).toContain('/src/main.tsx');
    }
  });

  it("answers /m/{id} with the embed's page, and a module with the module", async () => {
    const embed = await (await fetch(`${base}/m/demo`)).text();
    expect(embed).toContain('/@vite/client');
    expect(embed).toContain('/src/embed/main.ts');
    expect(embed).not.toContain('/src/main.tsx');
    const module = await fetch(`${base}/src/main.tsx`);
    expect(module.status).toBe(200);
    expect(module.headers.get('content-type')).toMatch(/javascript/);
  });

  it('answers a file that does not exist with a 404, as CloudFront does, not with a page', async () => {
    for (const p of ['/embed.js', '/assets/missing-abc123.js', '/img/nothing.png']) {
      const res = await fetch(base + p);
      expect(res.status, p).toBe(404);
      expect(await res.json(), p).toEqual({ message: 'Not Found' });
    }
  });

  it('says why when a page cannot be made', async () => {
    const failing: DevServer = {
      middlewares: (_req, _res, next) => next(),
      transformIndexHtml: () => Promise.reject(new Error('the plugin broke')),
      config: { root: web },
    };
    const own = await listen(failing);
    try {
      const res = await fetch(`${own.base}/maps`);
      expect(res.status).toBe(500);
      expect(await res.text()).toBe('The dev server could not make index.html: the plugin broke');
    } finally {
      await new Promise((resolve) => own.server.close(resolve));
    }
  });
});
