/**
 * What the embed page downloads: the module script and every chunk it preloads, as listed in the
 * built dist/embed.html, with their gzipped sizes. Used by the size budget test and the benchmark.
 * Node only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The embed's JavaScript budget, gzipped, in bytes (React would be included if the embed used it). */
export const EMBED_JS_BUDGET_BYTES = 90 * 1024;

export interface EmbedJsFile {
  readonly path: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** Loaded only when needed (a chunk the code imports dynamically: directions, a CSV source's reader). */
  readonly onDemand: boolean;
  /** A language's texts (viewer/i18n/lang-*.ts): a view downloads at most one of them, English none. */
  readonly language: boolean;
}

const LANGUAGE_CHUNK = /\/lang-[a-z]{2}-[^/]*\.js$/;

/**
 * The most one view downloads, gzipped: every file but the language chunks, and the largest language chunk
 * (a visitor gets one language's texts; each is a chunk of its own).
 */
export function embedJsDownloadBytes(files: readonly EmbedJsFile[]): number {
  const languages = files.filter((f) => f.language).map((f) => f.gzipBytes);
  return files.filter((f) => !f.language).reduce((n, f) => n + f.gzipBytes, 0) + Math.max(0, ...languages);
}

/** The JavaScript files dist/embed.html loads, with sizes; throws when the build is missing. */
export function embedJsFiles(distDir: string): EmbedJsFile[] {
  const html = readFileSync(join(distDir, 'embed.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const paths = [...new Set([...scripts, ...preloads])];
  if (!paths.length) throw new Error('dist/embed.html loads no JavaScript; is it the embed page?');
  const files = paths.map((p) => {
    const body = readFileSync(join(distDir, p.replace(/^\//, '')));
    const gzipBytes = gzipSync(body, { level: 9 }).length;
    return { path: p, bytes: body.length, gzipBytes, onDemand: false, language: LANGUAGE_CHUNK.test(p) };
  });
  // Chunks the entry imports dynamically are downloaded too when used; count them as well.
  const seen = new Set(files.map((f) => f.path));
  for (let i = 0; i < files.length; i++) {
    const code = readFileSync(join(distDir, files[i]!.path.replace(/^\//, '')), 'utf8');
    for (const m of code.matchAll(
      /import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)|from\s*["'](\.{1,2}\/[^"']+\.js)["']/g,
    )) {
      const rel = m[1] ?? m[2]!;
      const abs = new URL(rel, `http://x${files[i]!.path}`).pathname;
      if (seen.has(abs)) continue;
      seen.add(abs);
      const body = readFileSync(join(distDir, abs.replace(/^\//, '')));
      const gzipBytes = gzipSync(body, { level: 9 }).length;
      files.push({ path: abs, bytes: body.length, gzipBytes, onDemand: true, language: LANGUAGE_CHUNK.test(abs) });
    }
  }
  return files;
}
