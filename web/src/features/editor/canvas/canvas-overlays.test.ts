import { describe, expect, it } from 'vitest';
import type { ResolvedLocation } from '../../../viewer/viewer-model';
import { overlappingLabels, roomLabelAt } from './canvas-overlays';

const image = { width: 1000, height: 800 };
// Portugal with the Azores: a box of mostly sea, the mainland at its east end.
const box = { minX: 0, minY: 600, maxX: 260, maxY: 760 };
const standing = (coord: readonly [number, number] | null) => ({ coord }) as ResolvedLocation;

describe('roomLabelAt', () => {
  it("puts a room's name at its location's point when that lies in the room", () => {
    expect(roomLabelAt({ box, linked: standing([0.243, 0.897]) }, image)).toEqual({ x: 243, y: 717.6 });
  });

  it('puts it in the middle of the box for a free room, a location with no point, or a point outside the room', () => {
    const middle = { x: 130, y: 680 };
    expect(roomLabelAt({ box, linked: null }, image)).toEqual(middle);
    expect(roomLabelAt({ box, linked: standing(null) }, image)).toEqual(middle);
    expect(roomLabelAt({ box, linked: standing([0.5, 0.5]) }, image)).toEqual(middle);
  });
});

describe('overlappingLabels', () => {
  it('leaves out a name that overlaps one before it, and keeps names that only touch or stand apart', () => {
    const label = (x: number, y: number, width = 60) => ({ x, y, width, height: 15 });
    // Spain (first: the larger room), Portugal over it, France apart, Andorra touching Spain's right end.
    expect([...overlappingLabels([label(200, 100), label(180, 105), label(200, 40), label(260, 100)])]).toEqual([1]);
  });

  it('hides nothing of size zero (names not laid out)', () => {
    expect(overlappingLabels([0, 0, 0].map(() => ({ x: 5, y: 5, width: 0, height: 0 }))).size).toBe(0);
  });
});
