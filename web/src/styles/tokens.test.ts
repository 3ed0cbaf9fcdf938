import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastRatio } from '@mapnest/shared/contrast';

/** The design tokens of base.css's :root, by name without the dashes. */
function tokens(): Record<string, string> {
  const css = readFileSync(new URL('./base.css', import.meta.url), 'utf8');
  const root = /:root\s*{([^}]*)}/.exec(css)![1]!;
  return Object.fromEntries([...root.matchAll(/--([\w-]+):\s*(#[0-9a-f]{3,6})\s*;/gi)].map((m) => [m[1]!, m[2]!]));
}

describe('design tokens', () => {
  // Secondary text (dates, ids, hints) sits on the tinted rows and panels too: a current version in the history, a
  // bar of the analytics lists, a selected row, the grey panels.
  it.each(['bg', 'surface', 'surface-2', 'brand-soft', 'border'])(
    'keep the muted and subtle text readable (AA) on color-%s',
    (surface) => {
      const t = tokens();
      for (const text of ['color-muted', 'color-subtle'])
        expect(contrastRatio(t[text]!, t[`color-${surface}`]!), text).toBeGreaterThanOrEqual(AA_CONTRAST);
    },
  );
});
