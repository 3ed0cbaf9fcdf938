/**
 * A customer's web site for the embed tests: another origin than the map's, on 127.0.0.1. `/{name}` answers the page
 * body `pages[name]` (set by the test, before or after the site starts), whatever its query (a map's deep link adds
 * `?location=`), any other path a plain "Before" page.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CustomerSite {
  url: string;
  close(): Promise<void>;
}

export async function customerSite(pages: Readonly<Record<string, string>>): Promise<CustomerSite> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    const body = pages[new URL(req.url!, 'http://x').pathname.slice(1)] ?? '<p>Before</p>';
    res.end(
      `<!doctype html><html><head><link rel="icon" href="data:,"><meta name="viewport" content="width=device-width"></head><body style="margin:0">${body}</body></html>`,
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
