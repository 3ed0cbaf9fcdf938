/**
 * SigV4 as S3 checks it, for the local S3 front: presigned URL signatures (query-string auth) and the signature
 * of a presigned POST policy, with the local emulator's fixed credentials.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const LOCAL_S3_KEY = 'S3RVER';
export const LOCAL_S3_SECRET = 'S3RVER';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

export function signingKey(date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${LOCAL_S3_SECRET}`, date), region), 's3'), 'aws4_request');
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** The SigV4 URI encoding of one path segment or query component. */
const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Verifies a presigned URL (query-string SigV4) as signed against the internal endpoint. */
export function verifyPresignedUrl(
  method: string,
  path: string,
  query: URLSearchParams,
  internalHost: string,
): string | null {
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
