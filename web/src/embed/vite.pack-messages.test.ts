import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unpack, type Messages } from '../viewer/i18n/messages';
import { packMessages } from './vite.pack-messages';

const I18N = join(__dirname, '../viewer/i18n');
const LANGUAGES = readdirSync(I18N).filter((f) => /^lang-[a-z]{2}\.ts$/.test(f));

/** The texts a packed module hands `unpack`, read back as values. */
function packedTexts(code: string): unknown[] {
  const at = code.indexOf('unpack([');
  const end = code.lastIndexOf('])');
  expect(at).toBeGreaterThan(0);
  return new Function(`return [${code.slice(at + 'unpack(['.length, end)}];`)() as unknown[];
}

describe('the language chunks, packed by the build', () => {
  it('covers the twelve languages besides English', () => expect(LANGUAGES).toHaveLength(12));

  it.each(LANGUAGES)('%s: gives back the catalogue as written, every key with its text', async (file) => {
    const source = readFileSync(join(I18N, file), 'utf8');
    const packed = packMessages(source, file);
    expect(packed).toMatch(/^import \{ unpack \} from '\.\/messages';\n/);
    expect(packed).toMatch(/export const messages: Messages = unpack\(\[/);
    // No key is left in the chunk.
    expect(packed).not.toMatch(/\bzoomIn\b|\bchooseStart\b/);
    const { messages } = (await import(`../viewer/i18n/${file.replace(/\.ts$/, '')}`)) as { messages: Messages };
    expect(unpack(packedTexts(packed) as Parameters<typeof unpack>[0])).toEqual(messages);
  });

  it('refuses a catalogue it cannot pack whole, saying which entry and why', () => {
    const module = (body: string) =>
      `import type { Messages } from './types';\nexport const messages: Messages = {${body}};\n`;
    expect(() => packMessages(module(`a: 'x', ['b']: 'y'`), 'lang-xx.ts')).toThrow(/\['b'\]: 'y'` is not a text/);
    expect(() => packMessages(module(`a: 'x', ...other`), 'lang-xx.ts')).toThrow(/\.\.\.other` is not a text/);
    expect(() => packMessages(module(`a: 'x', a: 'y'`), 'lang-xx.ts')).toThrow(/`a` is there twice/);
    expect(() => packMessages(module('a: `x ${y}`'), 'lang-xx.ts')).toThrow(/`a` is not a text written out/);
    expect(() => packMessages(module(`a: other.a`), 'lang-xx.ts')).toThrow(/`a` is not a text written out/);
    expect(() => packMessages(module(`a: { one: { x: 'y' } }`), 'lang-xx.ts')).toThrow(/`a` is not a text written out/);
    expect(() => packMessages(`export const texts = {};`, 'lang-xx.ts')).toThrow(/exports no `messages` object/);
    expect(() => packMessages(`export const messages = {`, 'lang-xx.ts')).toThrow(/does not parse/);
  });

  it('packs texts in the keys’ sorted order, plurals as objects', () => {
    const packed = packMessages(
      `export const messages = { b: 'B', a: \`A\`, c: { one: '1', other: 'n' } };`,
      'lang-xx.ts',
    );
    expect(packedTexts(packed)).toEqual(['A', 'B', { one: '1', other: 'n' }]);
  });
});

describe('unpack', () => {
  it('refuses texts that are not one for each of English’s keys', () => {
    expect(() => unpack(['a', 'b'])).toThrow(/^2 texts for \d+ keys$/);
  });
});
