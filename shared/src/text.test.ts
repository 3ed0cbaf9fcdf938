import { describe, expect, it } from 'vitest';
import { displayNameSchema } from './calls/accounts';
import { contactRequestSchema } from './calls/contact';
import { deleteFileInput } from './calls/files';
import { mapTitleSchema, setHistoryNameInput } from './calls/maps';
import { PLAIN_TEXT_MESSAGE, plainTextProblem } from './text';

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
