import { describe, expect, it } from 'vitest';
import { counted } from './words';

describe('counted', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(counted(1, 'style')).toBe('1 style');
    expect(counted(0, 'style')).toBe('0 styles');
    expect(counted(3, 'style')).toBe('3 styles');
    expect(counted(2, 'entry', 'entries')).toBe('2 entries');
    expect(counted(1, 'entry', 'entries')).toBe('1 entry');
  });
});
