/**
 * The other side of the adapters' contract tests (Stripe's requests, the user pool's): a server on 127.0.0.1 that
 * hands each request, body read, to the test, and answers what the test scripts for it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** An answer: its status, extra headers and JSON body (or `raw` text), or the connection dropped without one. */
export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  raw?: string;
  destroy?: boolean;
}

export interface RecordingServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

/** Starts the server; `answer` is given each request and scripts its answer, sent with `contentType`. */
export async function startRecordingServer(
  contentType: string,
  answer: (request: Recorded) => ScriptedAnswer,
): Promise<RecordingServer> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const scripted = answer({ method: req.method!, path: req.url!, body, headers: req.headers });
      if (scripted.destroy) return void req.socket.destroy();
      res.writeHead(scripted.status, { 'content-type': contentType, ...scripted.headers });
      res.end(scripted.raw ?? JSON.stringify(scripted.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
