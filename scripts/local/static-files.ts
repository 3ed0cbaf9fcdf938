/**
 * What CloudFront serves from S3 locally: the built SPA and embed (with the SPA rewrite, gzip and cache headers)
 * and objects of the public and uploads buckets (with ETag revalidation).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { GetObjectCommand, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';
import { spaCacheControl, type EdgeKind } from '../../infra/src/edge/headers';
import { NOT_FOUND_PAGE, SPA_REWRITE_SOURCE, SPA_STATUS_SOURCE } from '../../infra/src/edge/viewer-functions';
import { rewrittenUri, viewerResponseStatus } from './edge';
import { badRequest, decodePath, sendJson } from './http-util';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** Serves an object of a bucket as CloudFront does from its S3 origin (GET and HEAD, 304 on a matching ETag). */
export async function serveObject(
  req: IncomingMessage,
  res: ServerResponse,
  client: S3Client,
  bucket: string,
  key: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { message: 'Method Not Allowed' });
  try {
    const obj = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: key, IfNoneMatch: req.headers['if-none-match'] }),
    );
    const body = Buffer.from(await obj.Body!.transformToByteArray());
    const headers: Record<string, string | number> = {
      'content-type': obj.ContentType ?? 'application/octet-stream',
      'cache-control': obj.CacheControl ?? 'public, max-age=60',
      'content-length': body.length,
    };
    // Stored compressed (published maps, ADR 027): sent as stored, as CloudFront sends an S3 object's encoding.
    if (obj.ContentEncoding) headers['content-encoding'] = obj.ContentEncoding;
    if (obj.ETag) headers.etag = obj.ETag;
    if (obj.LastModified) headers['last-modified'] = obj.LastModified.toUTCString();
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 304) return void res.writeHead(304).end();
    if (err instanceof NoSuchKey || status === 404 || status === 403)
      return sendJson(res, 404, { message: 'Not Found' });
    // A server error of S3 (503 during an outage) reaches the visitor as CloudFront passes it on (the distribution has
    // no error pages of its own), not as the gateway's 500: the viewer tries a 5xx again, and never reads it as gone.
    if (typeof status === 'number' && status >= 500) {
      const code = (err as { name?: string }).name ?? 'InternalError';
      res.writeHead(status, { 'content-type': 'application/xml', 'cache-control': 'no-store' });
      return void res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
    }
    throw err;
  }
}

/**
 * The file a path asks for: the app's and the embed's behaviours run the SPA rewrite function CloudFront runs (/m/* is
 * the embed page, the app's pages index.html, other paths without a file extension the not-found page); the static
 * files' behaviours have none.
 */
export function spaUri(req: IncomingMessage, pathname: string, kind: EdgeKind): string {
  return kind === 'app' || kind === 'embed' ? rewrittenUri(SPA_REWRITE_SOURCE, req, pathname) : pathname;
}

/** The status CloudFront sends a page of the app's or the embed's behaviour with: its viewer-response function's. */
export function spaStatus(req: IncomingMessage, pathname: string, kind: EdgeKind): number {
  return kind === 'app' || kind === 'embed' ? viewerResponseStatus(SPA_STATUS_SOURCE, req, pathname, 200) : 200;
}

/** Serves the built web app from `dist`, gzipping compressible files once per change. */
export function createStaticFiles(dist: string) {
  const gzipCache = new Map<string, { mtime: number; body: Buffer }>();
  return function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, kind: EdgeKind): void {
    if (decodePath(pathname) === null) return badRequest(res);
    const uri = spaUri(req, pathname, kind);
    const decoded = decodePath(uri);
    if (decoded === null) return badRequest(res);
    const file = path.join(dist, path.normalize(decoded).replace(/^(\.\.[/\\])+/, ''));
    const isFile = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      if (['/index.html', '/embed.html', NOT_FOUND_PAGE].includes(uri) && !existsSync(path.join(dist, 'index.html'))) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        return void res.end('The web app is not built yet: run `npm run build`.');
      }
      return sendJson(res, 404, { message: 'Not Found' });
    }
    const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
    const stat = statSync(file);
    const headers: Record<string, string | number> = {
      'content-type': type,
      // As the SPA's deployment stores it in AWS: embed.js, the demo and built-in maps for 5 minutes, not no-cache.
      'cache-control': spaCacheControl(decoded),
      'last-modified': stat.mtime.toUTCString(),
    };
    let body: Buffer = readFileSync(file);
    if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && body.length > 512) {
      const cached = gzipCache.get(file);
      if (cached && cached.mtime === stat.mtimeMs) body = cached.body;
      else {
        const gz = gzipSync(body, { level: 9 });
        gzipCache.set(file, { mtime: stat.mtimeMs, body: gz });
        body = gz;
      }
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    headers['content-length'] = body.length;
    res.writeHead(spaStatus(req, pathname, kind), headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
