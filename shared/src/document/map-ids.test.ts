import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FIELD_KEY_PATTERN, ID_PATTERN } from './map-document';
import { toFieldKey, toId, uniqueId } from './map-ids';

describe('toId', () => {
  it('keeps a valid id unchanged', () => {
    for (const id of ['a101', 'A-b_c', '101', '_x', 'trailing-']) expect(toId(id)).toBe(id);
  });

  it('turns other characters into dashes and drops accents', () => {
    expect(toId('Department Store')).toBe('Department-Store');
    expect(toId('Café & Bar')).toBe('Cafe-Bar');
    expect(toId('  -lift #1 ')).toBe('lift-1');
    expect(toId('a.b/c')).toBe('a-b-c');
  });

  it('returns an empty string when nothing usable is left', () => {
    expect(toId('')).toBe('');
    expect(toId('---')).toBe('');
    expect(toId('商店')).toBe('');
  });

  it('always returns a valid id or an empty string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (raw) => {
        const id = toId(raw);
        expect(id === '' || ID_PATTERN.test(id)).toBe(true);
      }),
    );
  });
});

describe('toFieldKey', () => {
  it('makes a valid custom field key', () => {
    expect(toFieldKey('price')).toBe('price');
    expect(toFieldKey('Area m2')).toBe('Area_m2');
    expect(toFieldKey('2nd floor')).toBe('_2nd_floor');
    expect(toFieldKey('!!!')).toBe('');
  });

  it('always returns a valid key or an empty string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (raw) => {
        const key = toFieldKey(raw);
        expect(key === '' || FIELD_KEY_PATTERN.test(key)).toBe(true);
      }),
    );
  });
});

describe('uniqueId', () => {
  it('returns the base when it is free', () => {
    expect(uniqueId('a101', new Set(['b']))).toBe('a101');
  });

  it('appends the first free number when the base is taken', () => {
    expect(uniqueId('a101', new Set(['a101', 'a101-2']))).toBe('a101-3');
  });

  it('uses the fallback for a base with nothing usable', () => {
    expect(uniqueId('???', new Set(), 'location')).toBe('location');
    expect(uniqueId('', new Set(['location']), 'location')).toBe('location-2');
  });

  it('stays within the id length when shortening a long base', () => {
    const long = 'x'.repeat(64);
    const id = uniqueId(long, new Set([long]));
    expect(id).toBe(`${'x'.repeat(62)}-2`);
    expect(ID_PATTERN.test(id)).toBe(true);
  });
});
