/** Small HTTP helpers of the local gateway: bodies within API Gateway's limit, JSON answers, path decoding. */
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_REQUEST_BYTES = 10 * 1024 * 1024; // API Gateway HTTP API's payload limit

/** The request body, or null past API Gateway's 10 MB payload limit. */
export function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_REQUEST_BYTES) tooBig = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(tooBig ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** The call protocol's error envelope. */
export const envelope = (status: string, message: string) => ({ error: { status, message } });

/** decodeURIComponent, or null for malformed percent-encoding (which CloudFront and API Gateway refuse with 400). */
export function decodePath(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export const badRequest = (res: ServerResponse) => sendJson(res, 400, { message: 'Bad Request' });
