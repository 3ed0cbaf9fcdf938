/**
 * Hostile SVGs through the real upload path (a presigned POST to storage, then the upload trigger), on a stack of
 * this test's own so that its process is the one that runs the trigger: 100,000 nested groups (700 KB, which took
 * the process from 406 MB to 2.4 GB before) and 100,000 rectangles (4.4 MB, which held the process for seconds).
 * Each is refused with a sentence naming the limit and what the file had, nothing of it stays to be loaded, the
 * process's memory barely moves, and a call made while the upload is checked answers meanwhile. The figures go to
 * docs/reliability.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilePage, FileUpload } from '@mapnest/shared/files';
import { objectKeys } from '@mapnest/shared/keys';
import type { Stack } from '../../scripts/local/stack';
import { postUpload } from '../helpers/accounts';
import { ownStackCall, ownStackUser } from '../helpers/own-stack';

let stack: Stack;
let dataDir: string;
let token: string;

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const NESTED = `<svg ${NS} width="100" height="100">${'<g>'.repeat(100_000)}<rect width="1" height="1"/>${'</g>'.repeat(100_000)}</svg>`;
const RECTS = `<svg ${NS} width="1000" height="1000">${Array.from(
  { length: 100_000 },
  (_, i) => `<rect x="${i % 1000}" y="${(i / 1000) | 0}" width="1" height="1" fill="#2563eb"/>`,
).join('\n')}</svg>`;

const call = (name: string, data: unknown) => ownStackCall(stack, token, name, data);

/** Lines the handlers log while `run` runs (the trigger runs in this process). */
async function logged<T>(run: () => Promise<T>): Promise<{ value: T; lines: string[] }> {
  const lines: string[] = [];
  // The test run silences handler logs (test/global-setup.ts); this test reads them.
  const silent = process.env.LOG_SILENT;
  process.env.LOG_SILENT = '0';
  const streams = [process.stdout, process.stderr];
  const writes = streams.map((s) => s.write);
  for (const s of streams) {
    const original = s.write.bind(s);
    s.write = ((chunk: unknown, ...rest: unknown[]) => {
      lines.push(String(chunk));
      return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof s.write;
  }
  const methods = ['log', 'info', 'warn', 'error'] as const;
  const consoles = methods.map((m) => console[m]);
  for (const m of methods) console[m] = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  try {
    return { value: await run(), lines };
  } finally {
    streams.forEach((s, i) => (s.write = writes[i]!));
    methods.forEach((m, i) => (console[m] = consoles[i]!));
    process.env.LOG_SILENT = silent;
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mapnest-svg-'));
  const { startStack } = await import('../../scripts/local/stack');
  stack = await startStack({ port: 0, dataDir, inMemoryDynamo: true });
  token = await ownStackUser(stack);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves once `url` answers 404 (the upload trigger removes a refused file). */
async function removed(url: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${stack.url}${url}`, { method: 'HEAD' });
    if (res.status === 404) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads `text` as the browser does, and watches the trigger's check and a call made meanwhile. */
async function uploadHostile(text: string, fileName: string) {
  const body = Buffer.from(text);
  const asked = await call('createFileUpload', { fileName, contentType: 'image/svg+xml', size: body.length });
  expect(asked.status).toBe(200);
  const post = asked.body.data as FileUpload;
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const { value, lines } = await logged(async () => {
      const order: string[] = [];
      expect((await postUpload(post, body, 'image/svg+xml', fileName)).status).toBe(204);
      // The upload trigger now checks the file; another call made meanwhile answers before its refusal.
      const started = Date.now();
      const [answer, triggerMs] = await Promise.all([
        call('listFiles', null).then((a) => (order.push('call'), { ...a, ms: Date.now() - started })),
        removed(post.fileUrl).then(() => (order.push('refused'), Date.now() - started)),
      ]);
      await stack.settled();
      return { answer, order, triggerMs };
    });
    return { post, ...value, lines, rssBefore, peak, rssAfter: process.memoryUsage().rss };
  } finally {
    clearInterval(sampler);
  }
}

describe('hostile SVG uploads', () => {
  for (const [name, text, limit, sentence] of [
    [
      '100,000 nested groups (700 KB)',
      NESTED,
      'depth',
      'This SVG is too complex for a floor plan: its elements nest 100,002 deep (at most 64); it has 100,002 elements (at most 20,000). Simplify it (fewer groups and shapes) and upload it again.',
    ],
    [
      '100,000 rectangles (4.4 MB)',
      RECTS,
      'elements',
      'This SVG is too complex for a floor plan: it has 100,001 elements (at most 20,000); it has 500,003 attributes (at most 200,000). Simplify it (fewer groups and shapes) and upload it again.',
    ],
  ] as const) {
    it(`refuses ${name} with the limit and what it had, keeps nothing, and stays responsive`, async () => {
      const run = await uploadHostile(text, 'plan.svg');
      // The refusal, in the sentence the editor shows before uploading (web/src/features/editor/files-api.ts).
      const refusal = run.lines.find((l) => l.includes('removed an SVG upload over the complexity budget'));
      expect(refusal, run.lines.join('')).toBeDefined();
      expect(JSON.parse(refusal!)).toMatchObject({ key: run.post.key, limit, reason: sentence });
      // Nothing stays: not the file, not a thumbnail, not a library entry.
      expect((await fetch(`${stack.url}${run.post.fileUrl}`)).status).toBe(404);
      expect((await fetch(`${stack.url}/files/${objectKeys.thumbnail(run.post.key, 256)}`)).status).toBe(404);
      const page = (await call('listFiles', null)).body.data as FilePage;
      expect(page.files.map((f) => f.key)).not.toContain(run.post.key);
      // The call made meanwhile answered, and before the trigger had finished (or promptly, if the check was quicker).
      expect(run.answer.status).toBe(200);
      expect(run.order[0] === 'call' || run.answer.ms < 5_000, JSON.stringify(run)).toBe(true);
      // The process's memory: a generous bound (before: +2 GB for the nested file).
      const growth = (run.peak - run.rssBefore) / 2 ** 20;
      console.log(
        `[hostile-svg] ${name}: rss ${(run.rssBefore / 2 ** 20).toFixed(0)} MB, peak +${growth.toFixed(0)} MB, ` +
          `after +${((run.rssAfter - run.rssBefore) / 2 ** 20).toFixed(0)} MB; call ${run.answer.ms} ms, ` +
          `trigger ${run.triggerMs} ms, first: ${run.order[0]}`,
      );
      expect(growth).toBeLessThan(300);
    }, 120_000);
  }
});
