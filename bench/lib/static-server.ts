/**
 * A tiny static server for the benchmarks: serves the built web (web/dist), answers /m/{id} with the
 * embed page, /data/maps/{id}.json from memory, and /bench/* from pages and files the bench adds.
 * Listens on 127.0.0.1, port 0; the caller stops it.
 */
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  readonly url: string;
  /** Publishes `body` at /data/maps/{id}.json (the shape the maps service publishes). */
  publish(id: string, body: unknown): void;
  /** Serves extra content at a path (pages, generated images). */
  put(path: string, body: string | Buffer, type?: string): void;
  /** Holds every response back `ms` (0: none): one round trip of a network, for each request alike. */
  setLatency(ms: number): void;
  stop(): Promise<void>;
}

export async function startStaticServer(root: string): Promise<StaticServer> {
  const dist = resolve(root);
  const maps = new Map<string, string>();
  const extra = new Map<string, { body: string | Buffer; type: string }>();
  let latencyMs = 0;
  const server: Server = createServer(async (req, res) => {
    try {
      if (latencyMs) await new Promise((r) => setTimeout(r, latencyMs));
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = decodeURIComponent(url.pathname);
      const send = (status: number, body: string | Buffer, type: string) => {
        res.writeHead(status, {
          'content-type': type,
          'cache-control': 'no-store',
          'access-control-allow-origin': '*',
        });
        res.end(body);
      };
      const own = extra.get(path);
      if (own) return send(200, own.body, own.type);
      const data = /^\/data\/maps\/([A-Za-z0-9]+)\.json$/.exec(path);
      if (data) {
        const body = maps.get(data[1]!);
        return body ? send(200, body, TYPES['.json']!) : send(404, '{"error":"not found"}', TYPES['.json']!);
      }
      let file = path.startsWith('/m/') ? '/embed.html' : path === '/' ? '/index.html' : path;
      file = normalize(file).replace(/^(\.\.[/\\])+/, '');
      const full = join(dist, file);
      if (!full.startsWith(dist)) return send(403, 'forbidden', TYPES['.txt']!);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) return send(404, 'not found', TYPES['.txt']!);
      send(200, await readFile(full), TYPES[extname(full)] ?? 'application/octet-stream');
    } catch (e) {
      res.writeHead(500);
      res.end(String(e));
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    publish: (id, body) => maps.set(id, JSON.stringify(body)),
    put: (path, body, type = TYPES[extname(path)] ?? 'text/html; charset=utf-8') => extra.set(path, { body, type }),
    setLatency: (ms) => {
      latencyMs = ms;
    },
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
