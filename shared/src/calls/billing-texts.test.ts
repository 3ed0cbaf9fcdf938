import { describe, expect, it } from 'vitest';
import { slotUse } from './billing-texts';

describe('slotUse', () => {
  it('says used of held, with a meter, while the slots hold every map', () => {
    expect(slotUse('pro', 3, 5, false)).toEqual({ value: '3 of 5 used', note: null, meter: true });
    expect(slotUse('basic', 2, 2, true)).toEqual({ value: '2 of 2 used', note: null, meter: true });
  });

  it('tells an administrator that their maps set to a plan need no slot, without a meter', () => {
    expect(slotUse('pro', 2, 0, true)).toEqual({
      value: '2 Professional maps',
      note: 'Set by an administrator (no slot needed).',
      meter: false,
    });
    expect(slotUse('basic', 1, 0, true).value).toBe('1 Basic map');
    expect(slotUse('pro', 7, 5, true)).toEqual({
      value: '7 maps on 5 slots',
      note: '2 of them set by an administrator (no slot needed).',
      meter: false,
    });
  });

  it('tells anyone else how many maps are over their slots and what a change to their slots can do to them', () => {
    const over = slotUse('pro', 3, 2, false);
    expect(over.value).toBe('3 of 2 used, 1 over');
    expect(over.meter).toBe(true);
    expect(over.note).toBe(
      'One map holds Professional without a slot (an administrator can set a map’s plan). A change to your slots can send maps over them back to test, the most recently promoted first.',
    );
    const none = slotUse('basic', 2, 0, false);
    expect(none.value).toBe('2 maps, 0 slots: 2 over');
    expect(none.meter).toBe(false);
    expect(none.note).toMatch(/^2 maps hold Basic without a slot /);
  });
});
