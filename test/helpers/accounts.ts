/**
 * Helpers for the accounts tests: direct clients for the emulators (to look behind the API), presigned uploads
 * exactly as the browser makes them, ID tokens with an old sign-in time, and the dev mailbox.
 */
import { createPrivateKey, createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsClientConfig, baseUrl, call } from './stack';

const env = () => inject('stackEnv');

let s3Client: S3Client | undefined;
export function s3(): S3Client {
  const config = awsClientConfig(env().AWS_ENDPOINT_URL_S3, 'S3RVER');
  s3Client ??= new S3Client({
    ...config,
    // Emulators (s3rver, LocalStack) need path-style addressing and checksums only when required.
    ...('endpoint' in config
      ? {
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
  });
  return s3Client;
}

let ddbClient: DynamoDBDocumentClient | undefined;
export function dynamo(): DynamoDBDocumentClient {
  ddbClient ??= DynamoDBDocumentClient.from(new DynamoDBClient(awsClientConfig(env().AWS_ENDPOINT_URL_DYNAMODB)));
  return ddbClient;
}

export const buckets = () => ({
  documents: env().DOCUMENTS_BUCKET,
  public: env().PUBLIC_BUCKET,
  uploads: env().UPLOADS_BUCKET,
});
export const tableName = () => env().TABLE_NAME;

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
  key: string;
}

/** POSTs a file to a presigned upload the way a browser form does. */
export async function postUpload(
  post: PresignedPost,
  body: Uint8Array,
  type: string,
  fileName = 'avatar',
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(body)], { type }), fileName);
  return fetch(post.url, { method: 'POST', body: form });
}

/**
 * Asks for an avatar upload, uploads `body` and makes it the user's photo; returns the photo URL, the avatar's key
 * and the key it was uploaded to (apart from the avatar's until setAvatar has checked it).
 */
export async function uploadAvatar(user: { token: string }, body: Uint8Array, type = 'image/png', fileName = 'me.png') {
  const post = await call<PresignedPost>(
    'createAvatarUpload',
    { fileName, contentType: type, size: body.length },
    user,
  );
  const res = await postUpload(post, body, type, fileName);
  if (res.status !== 204) throw new Error(`avatar upload answered ${res.status}: ${await res.text()}`);
  const extension = post.key.slice(post.key.lastIndexOf('.') + 1);
  const { photoURL } = await call<{ photoURL: string }>('setAvatar', { extension }, user);
  const key = decodeURIComponent(new URL(photoURL, 'http://x').pathname.replace(/^\/files\//, ''));
  return { photoURL, key, uploadKey: post.key };
}

/** Waits until `path` on the gateway answers 200 (thumbnails are written asynchronously). */
export async function waitForFile(path: string, timeoutMs = 20_000): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl()}${path}`);
    // s3rver writes an object's bytes before its metadata: wait until the stored content type is there too.
    if (res.status === 200 && res.headers.get('content-type') !== 'binary/octet-stream') return res;
    if (Date.now() > until) throw new Error(`${path} still answers ${res.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The payload of a JWT, unverified. */
export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * The same ID token re-signed with an older sign-in time, with the local stack's own signing key (made per
 * install in its data dir, scripts/local/cognito.ts); here that lets a test stand in for a stale session.
 */
export function withSignInAge(token: string, ageMs: number): string {
  if (!inject('signingKeyFile'))
    throw new Error("withSignInAge needs the local stack's signing key: this test runs only against the local stack.");
  const { kid, privateJwk: jwk } = JSON.parse(readFileSync(inject('signingKeyFile'), 'utf8')) as {
    kid: string;
    privateJwk: Record<string, string>;
  };
  const header = { alg: 'RS256', typ: 'JWT', kid };
  const payload = { ...jwtPayload(token), auth_time: Math.floor((Date.now() - ageMs) / 1000) };
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const signingInput = `${encode(header)}.${encode(payload)}`;
  const signature = createSign('RSA-SHA256')
    .update(signingInput)
    .sign(createPrivateKey({ key: jwk, format: 'jwk' }))
    .toString('base64url');
  return `${signingInput}.${signature}`;
}

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

/** The newest email to `to` matching `subject` sent after `since`, waiting for it to arrive. */
export async function waitForMail(
  to: string,
  opts: { subject?: RegExp; since?: number; timeoutMs?: number } = {},
): Promise<MailMessage> {
  const until = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const res = await fetch(`${baseUrl()}/_dev/mail.json?to=${encodeURIComponent(to)}`);
    const list = (await res.json()) as MailMessage[];
    const found = list.find(
      (m) => (!opts.subject || opts.subject.test(m.subject)) && (!opts.since || Date.parse(m.sentAt) >= opts.since),
    );
    if (found) return found;
    if (Date.now() > until)
      throw new Error(`no email to ${to}${opts.subject ? ` matching ${opts.subject}` : ''} arrived`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The app link in an email (the one to /auth). */
export function authLink(mail: MailMessage): URL {
  const link = mail.links.find((l) => new URL(l).pathname === '/auth');
  if (!link) throw new Error(`email "${mail.subject}" has no /auth link`);
  return new URL(link);
}
