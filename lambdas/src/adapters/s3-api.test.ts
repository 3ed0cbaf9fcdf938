/**
 * The contract of Mapnest's S3 requests (ADR 097): the SDK's S3 client (as the Lambdas configured it on an emulator:
 * path-style, checksums only where required) and s3-api.ts are pointed at the same recording server, given the same
 * input at the same instant, and must send the same requests: method, path, query, the headers S3 reads, body and
 * signature (the SDK's own bookkeeping headers, which S3 ignores, are taken off its request before it is signed).
 * Both signatures are also checked by a verifier written here from AWS's documented algorithm. Then both read the
 * same answers (S3's XML, a bare 404, a 412) into the same results, and retry what the SDK retries.
 */
import { createHash, createHmac } from 'node:crypto';
import * as sdk from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isTransient } from '../lib/callable';
import { timing } from './aws-request';
import { failure, noWait } from './aws-request.fixtures';
import {
  startRecordingServer,
  type Recorded,
  type RecordingServer,
  type ScriptedAnswer,
} from './recording-server.fixtures';
import { presignGet, presignPost, s3Endpoint, s3Send, type S3Input, type S3Operation } from './s3-api';

const CREDENTIALS = { accessKeyId: 'AKIDCONTRACT', secretAccessKey: 'contract-secret', sessionToken: 'contract-token' };
const REGION = 'eu-west-1';
const BUCKET = 'mapnest-documents';
const NOW = new Date('2026-11-30T12:34:56.789Z');

let answers: ScriptedAnswer[] = [];
let seen: Recorded[] = [];
let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer('application/xml', (request) => {
    seen.push(request);
    return answers.shift() ?? { status: 200, raw: '' };
  });
  vi.stubEnv('AWS_REGION', REGION);
  vi.stubEnv('AWS_ENDPOINT_URL_S3', server.url);
  vi.stubEnv('AWS_ACCESS_KEY_ID', CREDENTIALS.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', CREDENTIALS.secretAccessKey);
  vi.stubEnv('AWS_SESSION_TOKEN', CREDENTIALS.sessionToken);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
const { sleep } = timing;
afterEach(() => {
  vi.useRealTimers();
  answers = [];
  seen = [];
  timing.sleep = sleep;
});

/** The SDK's headers of its own (invocation id, attempt, user agent): S3 ignores them; off before signing. */
const SDK_OWN = ['amz-sdk-invocation-id', 'amz-sdk-request', 'x-amz-user-agent', 'user-agent'];
const client = () => {
  const c = new sdk.S3Client({
    region: REGION,
    endpoint: server.url,
    credentials: CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  c.middlewareStack.addRelativeTo(
    ((next: (args: unknown) => Promise<unknown>) => (args: { request: { headers: Record<string, string> } }) => {
      for (const h of SDK_OWN) delete args.request.headers[h];
      return next(args);
    }) as never,
    { relation: 'before', toMiddleware: 'httpSigningMiddleware', name: 'contractWithoutSdkHeaders' } as never,
  );
  return c;
};
const send = <O extends S3Operation>(operation: O, input: S3Input<O>) =>
  client().send(
    new (sdk as unknown as Record<string, new (i: unknown) => sdk.GetObjectCommand>)[`${operation}Command`]!(input),
  );

/** What S3 reads of a request: method, path, query (in any order), the headers it reads, body. */
function contract(r: Recorded) {
  const url = new URL(r.path, 'http://x');
  const headers = Object.fromEntries(
    Object.entries(r.headers).filter(
      ([k]) =>
        !SDK_OWN.includes(k) &&
        !['connection', 'accept', 'accept-encoding', 'sec-fetch-mode', 'accept-language'].includes(k),
    ),
  );
  return {
    method: r.method,
    path: url.pathname,
    query: [...url.searchParams].sort(),
    headers,
    body: r.body,
  };
}

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Signature V4 for S3 as AWS documents it (the path as sent, the payload's hash from its header). */
function verifySignature(r: Recorded): { valid: boolean; scope: string; signed: string[] } {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      String(r.headers.authorization),
    );
  if (!auth) return { valid: false, scope: '', signed: [] };
  const [, key, day, region, service, signedList, signature] = auth as unknown as string[];
  const signed = signedList!.split(';');
  const url = new URL(r.path, 'http://x');
  const query = [...url.searchParams]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join('&');
  const canonicalHeaders = signed.map((h) => `${h}:${String(r.headers[h]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const payload = String(r.headers['x-amz-content-sha256']);
  const canonicalRequest = [r.method, url.pathname, query, canonicalHeaders, signedList, payload].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', String(r.headers['x-amz-date']), scope, hex(canonicalRequest)].join('\n');
  let signingKey = hmac(`AWS4${CREDENTIALS.secretAccessKey}`, day!);
  for (const part of [region!, service!, 'aws4_request']) signingKey = hmac(signingKey, part);
  const valid =
    key === CREDENTIALS.accessKeyId &&
    hmac(signingKey, stringToSign).toString('hex') === signature &&
    (payload === 'UNSIGNED-PAYLOAD' || payload === hex(Buffer.from(r.body, 'utf8')));
  return { valid, scope: `${region}/${service}`, signed };
}

const KEY = 'maps/m1/v00000002-Ab_c.json';
const ODD_KEY = "u1/plans/Zoë's (draft) *1*+2 & more.png";
const OPERATIONS: Array<{ [O in S3Operation]: { name: O; input: S3Input<O> } }[S3Operation]> = [
  { name: 'GetObject', input: { Bucket: BUCKET, Key: KEY } },
  { name: 'GetObject', input: { Bucket: BUCKET, Key: ODD_KEY, Range: 'bytes=0-4095' } },
  { name: 'HeadObject', input: { Bucket: BUCKET, Key: ODD_KEY } },
  { name: 'HeadBucket', input: { Bucket: BUCKET } },
  { name: 'PutObject', input: { Bucket: BUCKET, Key: KEY, Body: '{"name":"Zoë"}', ContentType: 'application/json' } },
  {
    name: 'PutObject',
    input: {
      Bucket: BUCKET,
      Key: ODD_KEY,
      Body: new TextEncoder().encode('plain bytes'),
      ContentType: 'image/png',
      CacheControl: 'public, max-age=60',
      ContentEncoding: 'gzip',
      IfMatch: '"0123456789abcdef"',
      Metadata: { version: '7', expired: 'false' },
    },
  },
  {
    name: 'CopyObject',
    input: {
      Bucket: BUCKET,
      Key: ODD_KEY,
      CopySource: `${BUCKET}/${ODD_KEY.split('/').map(encodeURIComponent).join('/')}`,
      CopySourceIfMatch: '"0123456789abcdef"',
      MetadataDirective: 'REPLACE',
      ContentType: 'image/png',
      CacheControl: 'private, max-age=0',
    },
  },
  { name: 'DeleteObject', input: { Bucket: BUCKET, Key: KEY } },
  {
    name: 'DeleteObjects',
    input: { Bucket: BUCKET, Delete: { Objects: [{ Key: KEY }, { Key: ODD_KEY }, { Key: 'a<b>&"c"' }], Quiet: true } },
  },
  { name: 'ListObjectsV2', input: { Bucket: BUCKET, Prefix: 'maps/m1/', ContinuationToken: 'tok/+=' } },
  {
    name: 'ListObjectsV2',
    input: { Bucket: BUCKET, Prefix: 'u1/', Delimiter: '/', MaxKeys: 51, StartAfter: 'u1/Zoë.png' },
  },
];

describe('S3 without the SDK', () => {
  it.each(OPERATIONS)('sends $name as the SDK does, with the same signature', async ({ name, input }) => {
    const ok =
      name === 'CopyObject' ? { status: 200, raw: '<CopyObjectResult><ETag>"e"</ETag></CopyObjectResult>' } : undefined;
    answers = ok ? [ok, ok] : [];
    await send(name, input);
    await s3Send(name, input as never);
    expect(seen).toHaveLength(2);
    const [theirs, ours] = seen as [Recorded, Recorded];
    expect(contract(ours)).toEqual(contract(theirs));
    expect(ours.headers.authorization).toBe(theirs.headers.authorization);
    const check = verifySignature(ours);
    expect(check.valid, name).toBe(true);
    expect(check.scope).toBe(`${REGION}/s3`);
    for (const header of ['host', 'x-amz-date', 'x-amz-security-token', 'x-amz-content-sha256'])
      expect(check.signed, header).toContain(header);
  });

  it('refuses a signature made with another secret (the verifier can fail)', async () => {
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'another-secret');
    try {
      await s3Send('HeadObject', { Bucket: BUCKET, Key: KEY });
    } finally {
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', CREDENTIALS.secretAccessKey);
    }
    expect(verifySignature(seen[0]!).valid).toBe(false);
  });

  it('presigns a GET as the SDK does', async () => {
    const theirs = await getSignedUrl(client(), new sdk.GetObjectCommand({ Bucket: BUCKET, Key: ODD_KEY }), {
      expiresIn: 300,
    });
    const ours = await presignGet({ Bucket: BUCKET, Key: ODD_KEY }, 300);
    const parts = (u: string) => {
      const url = new URL(u);
      return { origin: url.origin, path: url.pathname, query: [...url.searchParams].sort() };
    };
    expect(parts(ours)).toEqual(parts(theirs));
  });

  it('presigns a POST as the SDK does', async () => {
    const input = {
      Bucket: BUCKET,
      Key: 'u1/.avatar-upload.png',
      Conditions: [
        ['content-length-range', 1, 10_000_000],
        ['eq', '$Content-Type', 'image/png'],
        ['eq', '$Cache-Control', 'private, max-age=0'],
      ] as Array<[string, string | number, string | number]>,
      Fields: { 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=0' },
      Expires: 300,
    };
    expect(await presignPost(input)).toEqual(await createPresignedPost(client(), input as never));
  });
});

const LIST_XML = `<?xml version="1.0" encoding="UTF-8"?>
<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${BUCKET}</Name><Prefix>u1/</Prefix>
<KeyCount>2</KeyCount><MaxKeys>2</MaxKeys><Delimiter>/</Delimiter><IsTruncated>true</IsTruncated>
<Contents><Key>u1/Zo&#235;&apos;s &amp; plan.png</Key><LastModified>2026-11-29T10:00:00.000Z</LastModified><ETag>&quot;abc&quot;</ETag><Size>1234</Size><StorageClass>STANDARD</StorageClass></Contents>
<Contents><Key>u1/b.svg</Key><LastModified>2026-11-30T11:12:13.000Z</LastModified><ETag>&quot;def&quot;</ETag><Size>0</Size><StorageClass>STANDARD</StorageClass></Contents>
<CommonPrefixes><Prefix>u1/b.svg/</Prefix></CommonPrefixes>
<NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken></ListBucketResult>`;
const ERROR_XML = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>R1</RequestId></Error>`;
/** An answer for each client, dated at the test's instant (the SDK tries again an error dated otherwise: clock skew). */
const twice = (answer: ScriptedAnswer) => {
  const dated = { ...answer, headers: { date: NOW.toUTCString(), ...answer.headers } };
  return [dated, dated];
};

describe('S3’s answers without the SDK', () => {
  it('reads a listing as the SDK reads it', async () => {
    answers = twice({ status: 200, raw: LIST_XML });
    const input = { Bucket: BUCKET, Prefix: 'u1/', Delimiter: '/', MaxKeys: 2 };
    const theirs = (await send('ListObjectsV2', input)) as unknown as sdk.ListObjectsV2CommandOutput;
    const ours = await s3Send('ListObjectsV2', input);
    expect(ours.Contents).toEqual(
      theirs.Contents!.map((o) => ({ Key: o.Key, Size: o.Size, LastModified: o.LastModified })),
    );
    expect(ours.Contents![0]!.Key).toBe("u1/Zoë's & plan.png");
    expect(ours.CommonPrefixes).toEqual(theirs.CommonPrefixes);
    expect([ours.IsTruncated, ours.NextContinuationToken]).toEqual([theirs.IsTruncated, theirs.NextContinuationToken]);
  });

  it('reads an empty listing as the SDK reads it', async () => {
    const empty = `<ListBucketResult xmlns="${'http://s3.amazonaws.com/doc/2006-03-01/'}"><Name>${BUCKET}</Name><KeyCount>0</KeyCount><IsTruncated>false</IsTruncated></ListBucketResult>`;
    answers = twice({ status: 200, raw: empty });
    const theirs = (await send('ListObjectsV2', { Bucket: BUCKET })) as unknown as sdk.ListObjectsV2CommandOutput;
    const ours = await s3Send('ListObjectsV2', { Bucket: BUCKET });
    expect([ours.Contents, ours.CommonPrefixes, ours.IsTruncated]).toEqual([
      theirs.Contents,
      theirs.CommonPrefixes,
      theirs.IsTruncated,
    ]);
  });

  it('reads an object’s bytes and headers as the SDK does, gzipped bytes left as stored', async () => {
    const { gzipSync } = await import('node:zlib');
    const stored = gzipSync('{"id":"m1"}');
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=2',
      etag: '"0123"',
      'x-amz-meta-version': '7',
      'x-amz-meta-expired': 'false',
    };
    answers = twice({ status: 200, headers, raw: stored.toString('latin1') });
    const theirs = (await send('GetObject', { Bucket: BUCKET, Key: KEY })) as unknown as sdk.GetObjectCommandOutput;
    const theirBytes = await theirs.Body!.transformToByteArray();
    const ours = await s3Send('GetObject', { Bucket: BUCKET, Key: KEY });
    expect(Buffer.from(ours.Body)).toEqual(Buffer.from(theirBytes));
    const fields = ['ContentType', 'ContentEncoding', 'CacheControl', 'ETag', 'Metadata', 'ContentLength'] as const;
    for (const field of fields) expect(ours[field], field).toEqual(theirs[field]);
  });

  it('reads a HEAD’s headers, a copy’s ETag and a batch delete’s failures as the SDK does', async () => {
    answers = twice({ status: 200, headers: { 'content-length': '42', 'content-type': 'image/png', etag: '"e1"' } });
    const theirHead = (await send('HeadObject', { Bucket: BUCKET, Key: KEY })) as unknown as sdk.HeadObjectOutput;
    const ourHead = await s3Send('HeadObject', { Bucket: BUCKET, Key: KEY });
    expect([ourHead.ContentLength, ourHead.ContentType, ourHead.ETag, ourHead.CacheControl]).toEqual([
      theirHead.ContentLength,
      theirHead.ContentType,
      theirHead.ETag,
      theirHead.CacheControl,
    ]);
    const copied =
      '<CopyObjectResult><LastModified>2026-11-30T12:00:00.000Z</LastModified><ETag>&quot;c2&quot;</ETag></CopyObjectResult>';
    answers = twice({ status: 200, raw: copied });
    const copy = { Bucket: BUCKET, Key: KEY, CopySource: `${BUCKET}/${KEY}` };
    const theirCopy = (await send('CopyObject', copy)) as unknown as sdk.CopyObjectOutput;
    expect((await s3Send('CopyObject', copy)).CopyObjectResult?.ETag).toBe(theirCopy.CopyObjectResult?.ETag);
    const deleted = `<DeleteResult><Error><Key>${'a&amp;b'}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error></DeleteResult>`;
    answers = twice({ status: 200, raw: deleted });
    const batch = { Bucket: BUCKET, Delete: { Objects: [{ Key: 'a&b' }], Quiet: true } };
    const theirs = (await send('DeleteObjects', batch)) as unknown as sdk.DeleteObjectsOutput;
    expect((await s3Send('DeleteObjects', batch)).Errors).toEqual(theirs.Errors);
  });

  it.each([
    { what: 'a missing object', op: 'GetObject', answer: { status: 404, raw: ERROR_XML('NoSuchKey', 'Nope.') } },
    { what: 'a HEAD of a missing object (no body)', op: 'HeadObject', answer: { status: 404, raw: '' } },
    { what: 'a HEAD that fails its condition (no body)', op: 'HeadObject', answer: { status: 412, raw: '' } },
    {
      what: 'a write over a replaced version',
      op: 'PutObject',
      answer: { status: 412, raw: ERROR_XML('PreconditionFailed', 'At least one of the pre-conditions failed.') },
    },
    { what: 'a refused request', op: 'GetObject', answer: { status: 403, raw: ERROR_XML('AccessDenied', 'No.') } },
  ] as Array<{ what: string; op: S3Operation; answer: ScriptedAnswer }>)(
    'names $what as the SDK does, and does not retry it',
    async ({ op, answer }) => {
      const input = { Bucket: BUCKET, Key: KEY, Body: 'x', CopySource: `${BUCKET}/${KEY}` };
      answers = twice(answer);
      const theirs = await failure(send(op, input as never));
      const ours = await failure(s3Send(op, input as never));
      expect(seen).toHaveLength(2);
      expect({ name: ours.name, status: ours.$metadata.httpStatusCode }).toEqual({
        name: theirs.name,
        status: theirs.$metadata.httpStatusCode,
      });
      if (answer.raw) expect(ours.message).toBe(theirs.message);
      expect(isTransient(ours)).toBe(false);
    },
  );

  it('tries a server error again as the SDK does: three tries, then the error', async () => {
    answers = Array.from({ length: 6 }, () => ({ status: 503, raw: ERROR_XML('SlowDown', 'Reduce your rate.') }));
    const theirs = await failure(send('HeadBucket', { Bucket: BUCKET }));
    const sdkTries = seen.length;
    const waits = noWait();
    const ours = await failure(s3Send('GetObject', { Bucket: BUCKET, Key: KEY }));
    expect(sdkTries).toBe(3);
    expect(seen.length - sdkTries).toBe(3);
    expect(ours.name).toBe('SlowDown');
    expect(theirs.$metadata.httpStatusCode).toBe(ours.$metadata.httpStatusCode);
    expect(isTransient(ours)).toBe(true);
    // SlowDown is throttling: backing off from 1 s, as the SDK does.
    expect(waits).toHaveLength(2);
    for (const [i, ms] of waits.entries()) expect(ms).toBeLessThan(1000 * 2 ** i);
  });

  it('reads a copy that fails after answering 200 as the SDK does: a server error, tried again', async () => {
    const copy = { Bucket: BUCKET, Key: KEY, CopySource: `${BUCKET}/${KEY}` };
    for (const raw of [ERROR_XML('InternalError', 'We encountered an internal error.'), '']) {
      answers = [...twice({ status: 200, raw }), ...twice({ status: 200, raw }), ...twice({ status: 200, raw })];
      seen = [];
      const theirs = await failure(send('CopyObject', copy));
      noWait();
      const ours = await failure(s3Send('CopyObject', copy));
      expect(seen).toHaveLength(6);
      expect({ name: ours.name, status: ours.$metadata.httpStatusCode, message: ours.message }).toEqual({
        name: theirs.name,
        status: theirs.$metadata.httpStatusCode,
        message: theirs.message,
      });
      expect(isTransient(ours)).toBe(true);
    }
  });

  it('tries again when the connection drops, and stops at once when the caller aborts', async () => {
    answers = [{ status: 0, destroy: true }];
    noWait();
    await s3Send('HeadBucket', { Bucket: BUCKET });
    expect(seen).toHaveLength(2);
    const waits = noWait();
    const aborted = await failure(s3Send('HeadBucket', { Bucket: BUCKET }, { abortSignal: AbortSignal.abort() }));
    expect(aborted.name).toBe('AbortError');
    expect(waits).toEqual([]);
  });

  it('addresses buckets virtual-hosted on AWS, as the SDK does, for presigned GETs and POSTs', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_S3', '');
    try {
      // With the SDK's checksum defaults its presigned GET would also carry an empty body's CRC32 and ask S3 to answer
      // checksums (x-amz-checksum-mode), which a browser does not check; s3-api.ts sends neither (ADR 097).
      const aws = new sdk.S3Client({
        region: REGION,
        credentials: CREDENTIALS,
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestChecksumCalculation: 'WHEN_REQUIRED',
      });
      const theirs = new URL(
        await getSignedUrl(aws, new sdk.GetObjectCommand({ Bucket: BUCKET, Key: ODD_KEY }), { expiresIn: 60 }),
      );
      const ours = new URL(await presignGet({ Bucket: BUCKET, Key: ODD_KEY }, 60));
      expect(ours.host).toBe(`${BUCKET}.s3.${REGION}.amazonaws.com`);
      expect([ours.origin, ours.pathname, [...ours.searchParams].sort()]).toEqual([
        theirs.origin,
        theirs.pathname,
        [...theirs.searchParams].sort(),
      ]);
      const post = { Bucket: BUCKET, Key: 'u1/a.png', Conditions: [], Fields: {}, Expires: 60 };
      expect(await presignPost(post)).toEqual(await createPresignedPost(aws, post));
      expect(s3Endpoint({ AWS_REGION: REGION }).base).toBeNull();
      expect(() => s3Endpoint({})).toThrow(/AWS_REGION is not set/);
    } finally {
      vi.stubEnv('AWS_ENDPOINT_URL_S3', server.url);
    }
  });
});
