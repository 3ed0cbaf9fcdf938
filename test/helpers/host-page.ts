/**
 * A customer's site for embed tests: a server on 127.0.0.1 with a port of its own, another origin than the app's,
 * serving `page` (its HTML, or a handler of its own), stopped by the test.
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function serveHostPage(page: string | RequestListener): Promise<{ url: string; stop(): Promise<void> }> {
  const handler: RequestListener =
    typeof page === 'string'
      ? (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end(page);
        }
      : page;
  const server = createServer(handler);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((ok) => server.close(() => ok())) };
}
