/**
 * S3 for the local stack: s3rver (in-process, on 127.0.0.1) plus a front that does what s3rver does not:
 * it checks presigned POST policies (signature, expiry, key, content type, size range) and presigned URL
 * signatures the way real S3 does, so upload limits and private objects behave locally as in the cloud.
 */
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import S3rver from 's3rver';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { checkPostPolicy, readPostForm } from './s3-post';
import { copySourceConditions, keepS3WriteSemantics, type S3rverFileStore } from './s3-store';
import { LOCAL_S3_KEY, LOCAL_S3_SECRET, verifyPresignedUrl } from './s3-signing';

export { LOCAL_S3_KEY } from './s3-signing';

export interface S3Event {
  eventName: string;
  bucket: string;
  key: string;
  size: number;
}

export interface LocalS3 {
  endpoint: string;
  client: S3Client;
  /** Handles a browser request whose path (prefix already stripped) is /{bucket}/{key}. */
  handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void>;
  /**
   * For fault tests: while `down`, every request (the handlers' SDK calls and the browser's, through `handle`) is
   * answered 503 ServiceUnavailable, as S3 answers during a regional event. s3rver runs in this process, so it cannot
   * be killed the way DynamoDB Local is.
   */
  outage(down: boolean): void;
  stop(): Promise<void>;
}

function corsXml(): string {
  return (
    `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>` +
    `<AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>` +
    `<MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`
  );
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message.replace(/[<&>]/g, (c) => `&#${c.charCodeAt(0)};`)}</Message></Error>`;

function s3Error(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(errorXml(code, message));
}

/** What S3 answers while it cannot serve a request (503 ServiceUnavailable). */
const UNAVAILABLE = ['ServiceUnavailable', 'Service is unable to handle request.'] as const;

/** A presigned POST upload: the form, checked against its policy, then written as S3 would. */
async function handlePost(req: IncomingMessage, res: ServerResponse, bucket: string, client: S3Client): Promise<void> {
  const { fields, upload: file, tooBig } = await readPostForm(req);
  const checked = checkPostPolicy(fields, file, tooBig, bucket);
  if ('error' in checked) return s3Error(res, ...checked.error);
  const { key, upload } = checked;
  const metadata = Object.fromEntries(
    Object.entries(fields)
      .filter(([k]) => k.startsWith('x-amz-meta-'))
      .map(([k, v]) => [k.slice(11), v]),
  );
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: upload.data,
      ContentType: fields['content-type'] || upload.mimeType || 'application/octet-stream',
      CacheControl: fields['cache-control'],
      ContentDisposition: fields['content-disposition'],
      Metadata: metadata,
    }),
  );
  const status =
    Number(fields.success_action_status) === 201 ? 201 : Number(fields.success_action_status) === 200 ? 200 : 204;
  res.writeHead(status, { location: `/${bucket}/${key}` });
  res.end();
}

/** While `outage.down`, s3rver answers every request 503 before anything else runs (`LocalS3.outage`). */
function answerOutages(server: S3rver, outage: { down: boolean }): void {
  (server as unknown as { middleware: unknown[] }).middleware.unshift(
    async (ctx: { status: number; type: string; body: string }, next: () => Promise<void>) => {
      if (!outage.down) return next();
      ctx.status = 503;
      ctx.type = 'application/xml';
      ctx.body = errorXml(...UNAVAILABLE);
    },
  );
}

export async function startLocalS3(opts: {
  dataDir: string;
  buckets: string[];
  onEvent?: (e: S3Event) => void;
}): Promise<LocalS3> {
  mkdirSync(opts.dataDir, { recursive: true });
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: opts.dataDir,
    resetOnClose: false,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [corsXml()] })),
  });
  // A write is whole before it is answered, and readers never see part of one, as in S3 (./s3-store.ts).
  keepS3WriteSemantics((server as unknown as { store: S3rverFileStore }).store);
  // A copy's conditions on its source reach the store's copy, which checks them (s3rver ignores them). First in the
  // chain, so s3rver's handling of the request runs inside it; Koa composes the chain when the server starts.
  (server as unknown as { middleware: unknown[] }).middleware.unshift(copySourceConditions());
  const outage = { down: false };
  answerOutages(server, outage);
  server.on(
    'event',
    (event: {
      Records: Array<{ eventName: string; s3: { bucket: { name: string }; object: { key: string; size: number } } }>;
    }) => {
      for (const r of event.Records)
        opts.onEvent?.({
          eventName: r.eventName,
          bucket: r.s3.bucket.name,
          key: r.s3.object.key,
          size: r.s3.object.size,
        });
    },
  );
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  const internalHost = `127.0.0.1:${address.port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: LOCAL_S3_KEY, secretAccessKey: LOCAL_S3_SECRET },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const s3rverHandler = server.callback();

  return {
    endpoint,
    client,
    async handle(req, res, path, query) {
      if (outage.down) return s3Error(res, 503, ...UNAVAILABLE);
      const method = req.method ?? 'GET';
      const [, bucket] = path.split('/');
      if (!bucket || !opts.buckets.includes(bucket))
        return s3Error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET,HEAD,PUT,POST',
          'access-control-allow-headers': '*',
        });
        return void res.end();
      }
      if (method === 'POST' && path === `/${bucket}`) return handlePost(req, res, bucket, client);
      const problem = verifyPresignedUrl(method, path, query, internalHost);
      if (problem) return s3Error(res, 403, 'AccessDenied', problem);
      // Hand the request to s3rver as if it had come to its own port.
      req.url = `${path}?${query.toString()}`;
      req.headers.host = internalHost;
      s3rverHandler(req, res);
    },
    outage(on) {
      outage.down = on;
    },
    stop: async () => {
      client.destroy();
      await server.close();
    },
  };
}
