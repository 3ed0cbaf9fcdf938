/**
 * S3's REST API with node:http, as the SDK's S3 client sends it, for every function that reads or writes a bucket: that
 * client (with its presigners) was the largest part of the heaviest call bundles and about 7 ms of their import
 * (ADR 097). Mapnest sends ten operations and two presigned forms, in the SDK's shapes (its input and output names),
 * and this sends them with the SDK's own parts:
 * - the address: `AWS_ENDPOINT_URL_S3`, else `AWS_ENDPOINT_URL` (s3rver, LocalStack) path-style
 *   (`<endpoint>/<bucket>/<key>`), else virtual-hosted `https://<bucket>.s3.<region>.amazonaws.com/<key>`, each key
 *   segment encoded as the SDK encodes it;
 * - the signature: Signature V4 by the SDK's signer (`@smithy/signature-v4`) for service `s3`, the payload's SHA-256 in
 *   `x-amz-content-sha256`, credentials from the environment (aws-request.ts);
 * - DeleteObjects' body with the CRC32 checksum S3 requires of it, as the SDK computes it;
 * - answers: S3's XML read for the fields Mapnest uses; errors named by the XML's `Code`, else `NotFound` for a bare
 *   404 (HEAD has no body), else `Unknown`, with `$metadata.httpStatusCode`, as the SDK names them;
 * - retries: the SDK's standard mode (aws-request.ts).
 * Not covered: streaming bodies (every body here is in memory, at most a map's 10 MB), multipart uploads, flexible
 * checksums on PutObject, S3 Express and access points. The contract test (s3-api.test.ts) proves it against the SDK.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { crc32 } from 'node:zlib';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { AwsApiError, Sha256, unanswered, withRetries } from './aws-request';

/** The operations Mapnest sends, their inputs and the parts of their outputs it reads. */
export interface S3Operations {
  GetObject: {
    input: { Bucket: string; Key: string; Range?: string };
    output: { Body: Uint8Array } & ObjectHeaders;
  };
  HeadObject: { input: { Bucket: string; Key: string }; output: ObjectHeaders };
  PutObject: {
    input: {
      Bucket: string;
      Key: string;
      Body: string | Uint8Array;
      ContentType?: string;
      CacheControl?: string;
      ContentEncoding?: string;
      IfMatch?: string;
      Metadata?: Record<string, string>;
    };
    output: { ETag?: string };
  };
  CopyObject: {
    input: {
      Bucket: string;
      Key: string;
      CopySource: string;
      CopySourceIfMatch?: string;
      MetadataDirective?: 'COPY' | 'REPLACE';
      ContentType?: string;
      CacheControl?: string;
    };
    output: { CopyObjectResult?: { ETag?: string } };
  };
  DeleteObject: { input: { Bucket: string; Key: string }; output: object };
  DeleteObjects: {
    input: { Bucket: string; Delete: { Objects: Array<{ Key: string }>; Quiet?: boolean } };
    output: { Errors?: Array<{ Key?: string; Code?: string; Message?: string }> };
  };
  ListObjectsV2: {
    input: {
      Bucket: string;
      Prefix?: string;
      Delimiter?: string;
      MaxKeys?: number;
      StartAfter?: string;
      ContinuationToken?: string;
    };
    output: {
      Contents?: Array<{ Key?: string; Size?: number; LastModified?: Date }>;
      CommonPrefixes?: Array<{ Prefix?: string }>;
      IsTruncated?: boolean;
      NextContinuationToken?: string;
    };
  };
  HeadBucket: { input: { Bucket: string }; output: object };
}
export type S3Operation = keyof S3Operations;
export type S3Input<O extends S3Operation> = S3Operations[O]['input'];
export type S3Output<O extends S3Operation> = S3Operations[O]['output'];

/** What HeadObject and GetObject answer of an object. */
export interface ObjectHeaders {
  ContentLength?: number;
  ContentType?: string;
  ContentEncoding?: string;
  CacheControl?: string;
  ETag?: string;
  Metadata?: Record<string, string>;
}

/** An answer of S3 that is not a success: named as the SDK names its errors. */
export class S3ApiError extends AwsApiError {}

/** Where S3 is, and how buckets are addressed there. */
export function s3Endpoint(env: NodeJS.ProcessEnv = process.env): { base: URL | null; region: string } {
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('AWS_REGION is not set: S3 cannot be addressed.');
  const configured = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL;
  return { base: configured ? new URL(configured) : null, region };
}

/** A key segment as the SDK encodes it: encodeURIComponent, and `!'()*` too. */
const encodeSegment = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The URL parts of a bucket (and key): path-style on an emulator, virtual-hosted on AWS. */
function address(bucket: string, key?: string) {
  const { base, region } = s3Endpoint();
  const keyPath = key === undefined ? '/' : `/${key.split('/').map(encodeSegment).join('/')}`;
  if (base) {
    const prefix = base.pathname.replace(/\/$/, '');
    return { url: base, region, path: `${prefix}/${bucket}${keyPath}` };
  }
  return { url: new URL(`https://${bucket}.s3.${region}.amazonaws.com`), region, path: keyPath };
}

let signer: { key: string; signer: SignatureV4 } | undefined;
function signerFor(region: string): SignatureV4 {
  if (signer?.key !== region)
    signer = {
      key: region,
      signer: new SignatureV4({
        service: 's3',
        region,
        credentials: fromEnv(),
        sha256: Sha256,
        uriEscapePath: false,
        applyChecksum: true,
      }),
    };
  return signer.signer;
}

/** One request as the SDK's serializer would build it. */
interface Plan {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  bucket: string;
  key?: string;
  query?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
  body?: string | Uint8Array;
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
  '<': '&lt;',
  '>': '&gt;',
  '\r': '&#x0D;',
  '\n': '&#x0A;',
  '\u0085': '&#x85;',
  '\u2028': '&#x2028;',
};
/** Text in an element, escaped as the SDK's XML builder escapes it. */
const escapeXml = (s: string) => s.replace(/[&"'<>\r\n\u0085\u2028]/g, (c) => XML_ESCAPES[c]!);
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e.toLowerCase()]!,
  );
/** Each element `tag` of flat XML (S3's answers nest no element in one of the same name), its inner text. */
const elements = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
const text = (xml: string, tag: string) => {
  const found = elements(xml, tag)[0];
  return found === undefined ? undefined : unescapeXml(found);
};

/** DeleteObjects' request: the keys as XML, with the CRC32 checksum S3 requires of it (the SDK's default). */
function deletePlan({ Bucket, Delete: d }: S3Input<'DeleteObjects'>): Plan {
  const objects = d.Objects.map((o) => `<Object><Key>${escapeXml(o.Key)}</Key></Object>`).join('');
  const quiet = d.Quiet === undefined ? '' : `<Quiet>${d.Quiet}</Quiet>`;
  const body = `<?xml version="1.0" encoding="UTF-8"?><Delete xmlns="${XMLNS}">${objects}${quiet}</Delete>`;
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return {
    method: 'POST',
    bucket: Bucket,
    query: { delete: '' },
    headers: {
      'content-type': 'application/xml',
      'x-amz-checksum-crc32': checksum.toString('base64'),
      'x-amz-sdk-checksum-algorithm': 'CRC32',
    },
    body,
  };
}

/** The request of an operation: method, address, headers and body, as the SDK's REST-XML serializer makes them. */
function plan<O extends S3Operation>(operation: O, input: S3Input<O>): Plan {
  const i = input as S3Input<S3Operation> & Record<string, unknown>;
  const at = { bucket: i.Bucket, key: i.Key as string | undefined };
  switch (operation) {
    case 'GetObject':
      return { method: 'GET', ...at, query: { 'x-id': 'GetObject' }, headers: { range: i.Range as string } };
    case 'HeadObject':
      return { method: 'HEAD', ...at };
    case 'HeadBucket':
      return { method: 'HEAD', bucket: i.Bucket };
    case 'DeleteObject':
      return { method: 'DELETE', ...at, query: { 'x-id': 'DeleteObject' } };
    case 'PutObject': {
      const p = input as S3Input<'PutObject'>;
      const meta = Object.entries(p.Metadata ?? {}).map(([k, v]) => [`x-amz-meta-${k.toLowerCase()}`, v]);
      return {
        method: 'PUT',
        ...at,
        query: { 'x-id': 'PutObject' },
        headers: {
          'cache-control': p.CacheControl,
          'content-encoding': p.ContentEncoding,
          'content-type': p.ContentType ?? 'application/octet-stream',
          'if-match': p.IfMatch,
          ...Object.fromEntries(meta),
        },
        body: p.Body,
      };
    }
    case 'CopyObject': {
      const c = input as S3Input<'CopyObject'>;
      return {
        method: 'PUT',
        ...at,
        query: { 'x-id': 'CopyObject' },
        headers: {
          'cache-control': c.CacheControl,
          'content-type': c.ContentType,
          'x-amz-copy-source': c.CopySource,
          'x-amz-copy-source-if-match': c.CopySourceIfMatch,
          'x-amz-metadata-directive': c.MetadataDirective,
        },
      };
    }
    case 'DeleteObjects':
      return deletePlan(input as S3Input<'DeleteObjects'>);
    case 'ListObjectsV2': {
      const l = input as S3Input<'ListObjectsV2'>;
      return {
        method: 'GET',
        bucket: l.Bucket,
        query: {
          'list-type': '2',
          'continuation-token': l.ContinuationToken,
          delimiter: l.Delimiter,
          'max-keys': l.MaxKeys === undefined ? undefined : String(l.MaxKeys),
          prefix: l.Prefix,
          'start-after': l.StartAfter,
        },
      };
    }
  }
  throw new Error(`S3 operation ${String(operation)} is not sent by Mapnest.`);
}

const defined = (record: Record<string, string | undefined> = {}) =>
  Object.fromEntries(Object.entries(record).filter((e): e is [string, string] => e[1] !== undefined));

/** The HttpRequest the signer signs, with the URL it is sent to. */
function request(p: Plan): { request: HttpRequest; url: URL } {
  const { url, path } = address(p.bucket, p.key);
  const query = defined(p.query);
  const headers: Record<string, string> = { host: url.host, ...defined(p.headers) };
  if (p.body !== undefined) headers['content-length'] = String(Buffer.byteLength(p.body));
  const http = new HttpRequest({
    method: p.method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path,
    query,
    headers,
    body: p.body,
  });
  const search = Object.entries(query)
    .map(([k, v]) => (v === '' ? encodeSegment(k) : `${encodeSegment(k)}=${encodeSegment(v)}`))
    .join('&');
  return { request: http, url: new URL(`${url.protocol}//${url.host}${path}${search ? `?${search}` : ''}`) };
}

/** An error of the answer, named and worded as the SDK's REST-XML protocol names and words it. */
function answerError(status: number, body: string): S3ApiError {
  const code = text(body, 'Code');
  const name = code ?? (status === 404 ? 'NotFound' : 'Unknown');
  return new S3ApiError(name, text(body, 'Message') ?? name, status);
}

const headerFields = (res: Answer): ObjectHeaders => {
  const h = res.headers;
  const one = (name: string) => {
    const value = h[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const metadata = Object.fromEntries(
    Object.keys(h)
      .filter((k) => k.startsWith('x-amz-meta-'))
      .map((k) => [k.slice('x-amz-meta-'.length), one(k)!]),
  );
  const length = one('content-length');
  return {
    ContentLength: length === undefined ? undefined : Number(length),
    ContentType: one('content-type'),
    ContentEncoding: one('content-encoding'),
    CacheControl: one('cache-control'),
    ETag: one('etag'),
    Metadata: metadata,
  };
};

/** The output of a successful answer: the headers and XML fields Mapnest reads. */
function output(operation: S3Operation, res: Answer): unknown {
  if (operation === 'GetObject') return { ...headerFields(res), Body: new Uint8Array(res.body) };
  if (operation === 'HeadObject') return headerFields(res);
  const xml = res.body.toString('utf8');
  switch (operation) {
    case 'PutObject':
      return { ETag: headerFields(res).ETag };
    case 'CopyObject':
      return { CopyObjectResult: { ETag: text(xml, 'ETag') } };
    case 'DeleteObjects': {
      const errors = elements(xml, 'Error').map((e) => ({
        Key: text(e, 'Key'),
        Code: text(e, 'Code'),
        Message: text(e, 'Message'),
      }));
      return errors.length ? { Errors: errors } : {};
    }
    case 'ListObjectsV2': {
      const contents = elements(xml, 'Contents').map((c) => {
        const size = text(c, 'Size');
        const modified = text(c, 'LastModified');
        return {
          Key: text(c, 'Key'),
          Size: size === undefined ? undefined : Number(size),
          LastModified: modified === undefined ? undefined : new Date(modified),
        };
      });
      const prefixes = elements(xml, 'CommonPrefixes').map((p) => ({ Prefix: text(p, 'Prefix') }));
      return {
        ...(contents.length && { Contents: contents }),
        ...(prefixes.length && { CommonPrefixes: prefixes }),
        IsTruncated: text(xml, 'IsTruncated') === 'true',
        NextContinuationToken: text(xml, 'NextContinuationToken'),
      };
    }
    default:
      return {};
  }
}

/** What node:http answered: status, headers and the body's bytes, as sent (never inflated). */
interface Answer {
  status: number;
  ok: boolean;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request by node:http, not fetch: fetch would add headers S3 stores (`cache-control: no-cache` next to an
 * `if-match`, a text content type) and inflate a gzipped object's bytes, which the SDK does neither.
 */
function httpSend(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: string | Uint8Array,
  signal?: AbortSignal,
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(url, { method, headers, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        resolve({ status, ok: status >= 200 && status < 300, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends one operation; answers its output, or throws the answer's error once the SDK would stop trying. */
export async function s3Send<O extends S3Operation>(
  operation: O,
  input: S3Input<O>,
  options: { abortSignal?: AbortSignal } = {},
): Promise<S3Output<O>> {
  const p = plan(operation, input);
  return withRetries(async () => {
    const { request: unsigned, url } = request(p);
    const signed = await signerFor(s3Endpoint().region).sign(unsigned);
    const headers = signed.headers;
    try {
      const res = await httpSend(url, p.method, headers, p.body, options.abortSignal);
      const raw = res.body.toString('utf8');
      // S3 may answer 200 and then fail (a copy, mostly): an error as the body, or no body where a result was due.
      // The SDK reads either as a server error (503), tried again, and so does this.
      if (res.ok && operation === 'CopyObject' && !raw)
        return { ok: false as const, error: new S3ApiError('InternalError', 'S3 aborted request', 503) };
      const failed = !res.ok || (operation !== 'GetObject' && raw.trimEnd().endsWith('</Error>'));
      if (!failed) return { ok: true as const, value: output(operation, res) as S3Output<O> };
      return { ok: false as const, error: answerError(res.ok ? 503 : res.status, raw) };
    } catch (thrown) {
      // A caller's abort ends the call, as it ends the SDK's.
      if (options.abortSignal?.aborted) throw thrown;
      return { ok: false as const, error: unanswered(thrown, 'S3') };
    }
  });
}

/** A URL that GETs the object for `expiresIn` seconds, as the SDK's `getSignedUrl` makes it. */
export async function presignGet(input: { Bucket: string; Key: string }, expiresIn: number): Promise<string> {
  const { request: unsigned } = request(plan('GetObject', input));
  unsigned.headers['X-Amz-Content-Sha256'] = 'UNSIGNED-PAYLOAD';
  const { region } = s3Endpoint();
  const signed = await signerFor(region).presign(unsigned, {
    expiresIn,
    unsignableHeaders: new Set(['content-type']),
  });
  const query = Object.entries(signed.query ?? {})
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(String(v))}`)
    .join('&');
  return `${signed.protocol}//${unsigned.headers.host}${signed.path}?${query}`;
}

type PostCondition = Record<string, string> | [string, string | number, string | number];
const iso8601 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A presigned POST of exactly `Key` to `Bucket`, as the SDK's `createPresignedPost` makes it: a policy of the given
 * conditions, the fields and the key, expiring in `Expires` seconds, signed with the day's signing key.
 */
export async function presignPost(input: {
  Bucket: string;
  Key: string;
  Conditions: PostCondition[];
  Fields: Record<string, string>;
  Expires: number;
}): Promise<{ url: string; fields: Record<string, string> }> {
  const { region } = s3Endpoint();
  const now = new Date();
  const signingDate = iso8601(now).replace(/[-:]/g, '');
  const day = signingDate.slice(0, 8);
  const credentials = await fromEnv()();
  const fields: Record<string, string> = {
    ...input.Fields,
    bucket: input.Bucket,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${credentials.accessKeyId}/${day}/${region}/s3/aws4_request`,
    'X-Amz-Date': signingDate,
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
  };
  const conditions = new Set(input.Conditions.map((c) => JSON.stringify(c)));
  for (const [k, v] of Object.entries(fields)) conditions.add(JSON.stringify({ [k]: v }));
  conditions.add(JSON.stringify({ key: input.Key }));
  const policy = Buffer.from(
    JSON.stringify({
      expiration: iso8601(new Date(now.valueOf() + input.Expires * 1000)),
      conditions: [...conditions].map((c) => JSON.parse(c) as unknown),
    }),
  ).toString('base64');
  let key: Buffer = Buffer.from(`AWS4${credentials.secretAccessKey}`);
  for (const part of [day, region, 's3', 'aws4_request', policy]) key = createHmac('sha256', key).update(part).digest();
  const { url, path } = address(input.Bucket);
  return {
    url: `${url.protocol}//${url.host}${path === '/' ? path : path.replace(/\/$/, '')}`,
    fields: { ...fields, key: input.Key, Policy: policy, 'X-Amz-Signature': key.toString('hex') },
  };
}
