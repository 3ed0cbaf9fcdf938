/**
 * s3-api.ts's functions sent through the SDK's S3 client instead, for the unit tests that script S3's answers with
 * `aws-sdk-client-mock` (`mockClient(S3Client)`): `vi.mock('<path>/adapters/s3-api', () => import(this file))`.
 * That s3-api.ts sends what this sends is the contract test's to prove (s3-api.test.ts).
 */
import * as sdk from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Input, S3Operation, S3Output } from './s3-api';

const client = new sdk.S3Client({ region: 'eu-west-1', forcePathStyle: true });

/** A mocked answer's body as s3-api.ts answers it: bytes. */
async function bytesOf(body: unknown): Promise<Uint8Array> {
  const b = body as { transformToByteArray?: () => Promise<Uint8Array>; transformToString?: () => Promise<string> };
  if (b?.transformToByteArray) return b.transformToByteArray();
  if (b?.transformToString) return new TextEncoder().encode(await b.transformToString());
  return typeof body === 'string' ? new TextEncoder().encode(body) : (body as Uint8Array);
}

export async function s3Send<O extends S3Operation>(
  operation: O,
  input: S3Input<O>,
  options: { abortSignal?: AbortSignal } = {},
): Promise<S3Output<O>> {
  const Command = (sdk as unknown as Record<string, new (input: unknown) => sdk.GetObjectCommand>)[
    `${operation}Command`
  ]!;
  const out = (await client.send(new Command(input), options)) as unknown as Record<string, unknown>;
  return (operation === 'GetObject' ? { ...out, Body: await bytesOf(out.Body) } : out) as S3Output<O>;
}

export function presignGet(input: { Bucket: string; Key: string }, expiresIn: number): Promise<string> {
  return getSignedUrl(client, new sdk.GetObjectCommand(input), { expiresIn });
}

export function presignPost(input: Parameters<typeof createPresignedPost>[1]) {
  return createPresignedPost(client, input);
}
