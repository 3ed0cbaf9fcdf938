/**
 * S3 for the local stack: s3rver (in-process, on 127.0.0.1) plus a front that does what s3rver does not:
 * it checks presigned POST policies (signature, expiry, key, content type, size range) and presigned URL
 * signatures the way real S3 does, so upload limits and private objects behave locally as in the cloud.
 */
import { createHmac, createHash, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import busboy from 'busboy';
import S3rver from 's3rver';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

export const LOCAL_S3_KEY = 'S3RVER';
const LOCAL_S3_SECRET = 'S3RVER';
/** Largest POST upload body the front will buffer. */
const MAX_POST_BYTES = 60 * 1024 * 1024;

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
  stop(): Promise<void>;
}

function corsXml(): string {
  return (
    `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>` +
    `<AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>` +
    `<MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`
  );
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

function signingKey(date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${LOCAL_S3_SECRET}`, date), region), 's3'), 'aws4_request');
}

function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

function s3Error(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message.replace(/[<&>]/g, (c) => `&#${c.charCodeAt(0)};`)}</Message></Error>`,
  );
}

/** The SigV4 URI encoding of one path segment or query component. */
const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

type Condition =
  { kind: 'eq' | 'starts-with'; field: string; value: string } | { kind: 'range'; min: number; max: number };

function parseConditions(raw: unknown[]): Condition[] {
  const out: Condition[] = [];
  for (const c of raw) {
    if (Array.isArray(c)) {
      const [op, a, b] = c as [string, unknown, unknown];
      if (op === 'content-length-range') out.push({ kind: 'range', min: Number(a), max: Number(b) });
      else if (op === 'eq' || op === 'starts-with')
        out.push({ kind: op, field: String(a).replace(/^\$/, '').toLowerCase(), value: String(b) });
    } else if (c && typeof c === 'object') {
      for (const [k, v] of Object.entries(c)) out.push({ kind: 'eq', field: k.toLowerCase(), value: String(v) });
    }
  }
  return out;
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

  /** Verifies a presigned URL (query-string SigV4) as signed against the internal endpoint. */
  function verifyPresignedUrl(method: string, path: string, query: URLSearchParams): string | null {
    const signature = query.get('X-Amz-Signature');
    const credential = query.get('X-Amz-Credential');
    const amzDate = query.get('X-Amz-Date');
    const expires = Number(query.get('X-Amz-Expires'));
    const signedHeaders = query.get('X-Amz-SignedHeaders') ?? 'host';
    if (!signature || !credential || !amzDate || !Number.isFinite(expires)) return 'Request is not signed';
    const [, date, region] = credential.split('/');
    const signedAt = Date.parse(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    if (!(signedAt + expires * 1000 > Date.now())) return 'Request has expired';
    if (signedHeaders !== 'host') return 'Only host may be signed locally';
    const params = [...query.entries()]
      .filter(([k]) => k !== 'X-Amz-Signature')
      .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
      .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalPath = path
      .split('/')
      .map((seg) => uriEncode(decodeURIComponent(seg)))
      .join('/');
    const canonical = [method, canonicalPath, params, `host:${internalHost}\n`, 'host', 'UNSIGNED-PAYLOAD'].join('\n');
    const scope = `${date}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256hex(canonical)].join('\n');
    const expected = createHmac('sha256', signingKey(date!, region!)).update(toSign).digest('hex');
    return safeEqualHex(expected, signature)
      ? null
      : 'The request signature we calculated does not match the signature you provided.';
  }

  async function handlePost(req: IncomingMessage, res: ServerResponse, bucket: string): Promise<void> {
    const fields: Record<string, string> = {};
    let file: { data: Buffer; filename: string; mimeType: string } | null = null;
    let tooBig = false;
    await new Promise<void>((resolve, reject) => {
      const bb = busboy({ headers: req.headers, limits: { fileSize: MAX_POST_BYTES, files: 1 } });
      bb.on('field', (name, value) => {
        fields[name.toLowerCase()] = value;
      });
      bb.on('file', (_name, stream, info) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('limit', () => {
          tooBig = true;
        });
        stream.on('end', () => {
          file = { data: Buffer.concat(chunks), filename: info.filename ?? '', mimeType: info.mimeType };
        });
      });
      bb.on('close', () => resolve());
      bb.on('error', reject);
      req.pipe(bb);
    }).catch(() => undefined);
    const upload = file as { data: Buffer; filename: string; mimeType: string } | null;
    if (!upload) return s3Error(res, 400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    const policyB64 = fields.policy;
    const signature = fields['x-amz-signature'];
    const credential = fields['x-amz-credential'];
    if (!policyB64 || !signature || !credential)
      return s3Error(res, 403, 'AccessDenied', 'Policy and signature are required.');
    const [, date = '', region = ''] = credential.split('/');
    const expected = createHmac('sha256', signingKey(date, region)).update(policyB64).digest('hex');
    if (!safeEqualHex(expected, signature))
      return s3Error(
        res,
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    let policy: { expiration?: string; conditions?: unknown[] };
    try {
      policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8'));
    } catch {
      return s3Error(res, 400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
    }
    if (!policy.expiration || Date.parse(policy.expiration) < Date.now())
      return s3Error(res, 403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
    const key = (fields.key ?? '').replace('${filename}', upload.filename);
    const values: Record<string, string | undefined> = {
      ...fields,
      bucket,
      key,
      'content-type': fields['content-type'] ?? '',
    };
    const conditions = parseConditions(policy.conditions ?? []);
    for (const c of conditions) {
      if (c.kind === 'range') {
        if (upload.data.length > c.max || tooBig)
          return s3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        if (upload.data.length < c.min)
          return s3Error(res, 400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      } else {
        const actual = values[c.field] ?? '';
        const ok = c.kind === 'eq' ? actual === c.value : actual.startsWith(c.value);
        if (!ok)
          return s3Error(
            res,
            403,
            'AccessDenied',
            `Invalid according to Policy: Policy Condition failed: ["${c.kind}", "$${c.field}", "${c.value}"]`,
          );
      }
    }
    // S3 requires every form field (bar a few) to be covered by a condition.
    const exempt = new Set(['policy', 'x-amz-signature', 'file', 'success_action_status']);
    const covered = new Set(conditions.flatMap((c) => (c.kind === 'range' ? [] : [c.field])));
    for (const name of Object.keys(fields)) {
      if (!exempt.has(name) && !covered.has(name) && !name.startsWith('x-ignore-')) {
        return s3Error(res, 403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`);
      }
    }
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

  return {
    endpoint,
    client,
    async handle(req, res, path, query) {
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
      if (method === 'POST' && path === `/${bucket}`) return handlePost(req, res, bucket);
      const problem = verifyPresignedUrl(method, path, query);
      if (problem) return s3Error(res, 403, 'AccessDenied', problem);
      // Hand the request to s3rver as if it had come to its own port.
      req.url = `${path}?${query.toString()}`;
      req.headers.host = internalHost;
      s3rverHandler(req, res);
    },
    stop: async () => {
      client.destroy();
      await server.close();
    },
  };
}
