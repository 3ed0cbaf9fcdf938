/**
 * Presigned POST uploads as S3 handles them, for the local S3 front: the multipart form, then the policy's
 * signature, expiry and conditions, so upload limits and content types behave locally as in the cloud.
 */
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { safeEqualHex, signingKey } from './s3-signing';

/** Largest POST upload body the front will buffer. */
const MAX_POST_BYTES = 60 * 1024 * 1024;

export interface Upload {
  data: Buffer;
  filename: string;
  mimeType: string;
}

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

/** The fields and the one file of a multipart POST upload, as S3 reads them (files past the limit flagged). */
export async function readPostForm(
  req: IncomingMessage,
): Promise<{ fields: Record<string, string>; upload: Upload | null; tooBig: boolean }> {
  const fields: Record<string, string> = {};
  let file: Upload | null = null;
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
  return { fields, upload: file as Upload | null, tooBig };
}

/**
 * Checks a POST upload against its policy as S3 does: signature, expiry, every condition (size range, exact and
 * prefix matches), and no form field left uncovered. The object key to write, or the error S3 would answer.
 */
export function checkPostPolicy(
  fields: Record<string, string>,
  upload: Upload | null,
  tooBig: boolean,
  bucket: string,
): { key: string; upload: Upload } | { error: [number, string, string] } {
  if (!upload) return { error: [400, 'InvalidArgument', 'POST requires exactly one file upload per request.'] };
  const policyB64 = fields.policy;
  const signature = fields['x-amz-signature'];
  const credential = fields['x-amz-credential'];
  if (!policyB64 || !signature || !credential)
    return { error: [403, 'AccessDenied', 'Policy and signature are required.'] };
  const [, date = '', region = ''] = credential.split('/');
  const expected = createHmac('sha256', signingKey(date, region)).update(policyB64).digest('hex');
  if (!safeEqualHex(expected, signature))
    return {
      error: [
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      ],
    };
  let policy: { expiration?: string; conditions?: unknown[] };
  try {
    policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8'));
  } catch {
    return { error: [400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.'] };
  }
  if (!policy.expiration || Date.parse(policy.expiration) < Date.now())
    return { error: [403, 'AccessDenied', 'Invalid according to Policy: Policy expired.'] };
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
        return { error: [400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'] };
      if (upload.data.length < c.min)
        return { error: [400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size'] };
    } else {
      const actual = values[c.field] ?? '';
      const ok = c.kind === 'eq' ? actual === c.value : actual.startsWith(c.value);
      if (!ok)
        return {
          error: [
            403,
            'AccessDenied',
            `Invalid according to Policy: Policy Condition failed: ["${c.kind}", "$${c.field}", "${c.value}"]`,
          ],
        };
    }
  }
  // S3 requires every form field (bar a few) to be covered by a condition.
  const exempt = new Set(['policy', 'x-amz-signature', 'file', 'success_action_status']);
  const covered = new Set(conditions.flatMap((c) => (c.kind === 'range' ? [] : [c.field])));
  for (const name of Object.keys(fields)) {
    if (!exempt.has(name) && !covered.has(name) && !name.startsWith('x-ignore-')) {
      return { error: [403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`] };
    }
  }
  return { key, upload };
}
