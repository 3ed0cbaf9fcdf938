/**
 * The product's rules are stated where they are enforced and summarised in docs/product-rules.md; no file cites
 * sections of a specification the repository does not hold ("spec" followed by a section sign or "section N", or a
 * bare section sign with a number). Every tracked file is read, and every new file git does not ignore.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
/** The section sign, written as an escape so this file does not match itself. */
const SECTION = '\u00a7';
/** The word, kept apart from 'section' in the examples below for the same reason. */
const SPEC = 'spec';
const CITATION = new RegExp(`\\bspec(?:ification)?(?:'s)?\\s*(?:${SECTION}|section\\s+\\d)|${SECTION}\\s*\\d`, 'i');
/** Lock files and the like: large, generated, never written by hand. */
const SKIPPED = new Set(['package-lock.json']);

function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0').filter(Boolean))].filter((f) => !SKIPPED.has(f.split('/').pop()!));
}

/** Every line of a text file that cites a specification section, as 'path:line: text'. */
export function citationsIn(path: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (CITATION.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
  });
  return found;
}

describe('no citations of an outside specification', () => {
  it('recognises the wordings it forbids, and leaves ordinary words alone', () => {
    const cite = (line: string) => citationsIn('f.ts', line).length;
    expect(cite(`// spec ${SECTION}5`)).toBe(1);
    expect(cite(`/** The dialog of Spec ${SECTION}2 and ${SECTION}4. */`)).toBe(1);
    expect(cite(`'The product (${SPEC} section 4) has no MFA enrolment screen'`)).toBe(1);
    expect(cite(`the spec's ${SECTION}8 messages`)).toBe(1);
    expect(cite(`(research notes ${SECTION}7)`)).toBe(1);
    expect(cite('const spec = edgeHeaderSpec(kind); // FunctionSpec, TimeToLiveSpecification')).toBe(0);
    expect(cite('See docs/product-rules.md, Maps and slots.')).toBe(0);
  });

  it('finds none in the repository', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const path = resolve(ROOT, file);
      let size: number;
      try {
        size = statSync(path).size;
      } catch {
        continue; // listed by git but deleted in the work tree
      }
      if (size > 4 * 1024 * 1024) continue;
      const text = readFileSync(path, 'utf8');
      if (text.includes('\0')) continue; // binary
      found.push(...citationsIn(file, text));
    }
    expect(found, 'state the rule in words (and see docs/product-rules.md) instead of citing a section').toEqual([]);
  });
});

describe('docs/product-rules.md', () => {
  it('names only files and folders that exist (the rules say where the code keeps them)', () => {
    const text = readFileSync(resolve(ROOT, 'docs/product-rules.md'), 'utf8');
    const named = [...text.matchAll(/`((?:shared|lambdas|web|infra|scripts|test|bench|docs)\/[A-Za-z0-9_./-]+)`/g)].map(
      (m) => m[1]!,
    );
    expect(named.length).toBeGreaterThan(20);
    const missing = [...new Set(named)].filter((path) => {
      try {
        statSync(resolve(ROOT, path));
        return false;
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });
});
