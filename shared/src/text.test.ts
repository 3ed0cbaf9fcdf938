import { describe, expect, it } from 'vitest';
import { displayNameSchema } from './calls/accounts';
import { contactRequestSchema } from './calls/contact';
import { deleteFileInput } from './calls/files';
import { mapTitleSchema, setHistoryNameInput } from './calls/maps';
import { INVISIBLE_TEXT_MESSAGE, PLAIN_TEXT_MESSAGE, plainTextProblem } from './text';

const ODD = [
  'a\u0000b',
  'tab\there',
  'new\nline',
  'bell\u0007',
  'c1\u0085',
  'rlo\u202Eevil',
  'lri\u2066x\u2069',
  'lone\uD800',
  'trail\uDC00x',
];

describe('plain text', () => {
  it('refuses NUL, control characters, bidi overrides and isolates, and unpaired surrogates', () => {
    for (const v of ODD) expect(plainTextProblem(v), JSON.stringify(v)).toBe(PLAIN_TEXT_MESSAGE);
  });

  it('accepts ordinary text in any script, emoji (paired surrogates) and joiners', () => {
    for (const v of ['Ground floor', 'Étage 2 – Café', '東京駅', 'שלום', 'Map 🗺️', '👩‍💻 team'])
      expect(plainTextProblem(v), v).toBeNull();
  });

  it('refuses text of invisible characters only, which would show as a blank name', () => {
    // Zero-width spaces, a word joiner, direction marks, a soft hyphen, the Hangul filler, a variation selector, a
    // lone combining mark, the braille blank, and a mix of them with spaces.
    for (const v of [
      '\u200b\u200b',
      '\u2060',
      '\u200e\u200f',
      '\u00ad',
      '\u3164',
      '\ufe0f',
      '\u0301',
      '\u2800',
      '\u200b \u00a0\u200d',
    ])
      expect(plainTextProblem(v), JSON.stringify(v)).toBe(INVISIBLE_TEXT_MESSAGE);
    // One visible character is enough; empty text is left to each field's own rule.
    for (const v of ['\u200bA', 'e\u0301', '·', '', '👩\u200d💻'])
      expect(plainTextProblem(v), JSON.stringify(v)).toBeNull();
    const title = mapTitleSchema.safeParse('\u200b\u200b');
    expect(title.success).toBe(false);
    expect(title.error?.issues.map((i) => i.message)).toEqual([INVISIBLE_TEXT_MESSAGE]);
    expect(setHistoryNameInput.safeParse({ mapId: 'abc', historyMapId: 'v00000001', name: '\u200b' }).success).toBe(
      false,
    );
    expect(displayNameSchema.safeParse('\u3164').success).toBe(false);
    // An empty version or display name still clears it.
    expect(setHistoryNameInput.safeParse({ mapId: 'abc', historyMapId: 'v00000001', name: ' ' }).success).toBe(true);
    expect(displayNameSchema.safeParse('').success).toBe(true);
  });

  it('is enforced by titles, version names, display names and contact names', () => {
    for (const v of ODD) {
      expect(mapTitleSchema.safeParse(v).success, `title ${JSON.stringify(v)}`).toBe(false);
      expect(setHistoryNameInput.safeParse({ mapId: 'abc', historyMapId: 'v00000001', name: v }).success).toBe(false);
      expect(displayNameSchema.safeParse(v).success).toBe(false);
      expect(
        contactRequestSchema.safeParse({
          kind: 'contact',
          name: v,
          email: 'a@b.c',
          topic: 'general',
          message: 'long enough message',
        }).success,
      ).toBe(false);
    }
    expect(mapTitleSchema.safeParse('Mall – level 2 🛍️').success).toBe(true);
  });
});

describe('deleteFile keys', () => {
  it('refuses keys S3 cannot hold: lone surrogates, NUL and control characters, more than 1,024 UTF-8 bytes', () => {
    expect(deleteFileInput.safeParse({ key: 'u/files/\uD800.png' }).success).toBe(false);
    expect(deleteFileInput.safeParse({ key: 'u/files/a\u0000.png' }).success).toBe(false);
    expect(deleteFileInput.safeParse({ key: `u/files/${'é'.repeat(600)}` }).success).toBe(false);
    expect(deleteFileInput.safeParse({ key: `u/files/${'a'.repeat(1000)}` }).success).toBe(true);
    expect(deleteFileInput.safeParse({ key: 'u/files/0123-plan 🗺️.png' }).success).toBe(true);
  });
});
