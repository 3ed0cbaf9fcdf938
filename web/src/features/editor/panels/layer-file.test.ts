import { describe, expect, it } from 'vitest';
import { layerFileName, newFloorName } from './layer-file';

describe('layerFileName', () => {
  it('names a library upload by what was uploaded, without its storage path or random part', () => {
    expect(layerFileName('/files/0b1c2d3e-aaaa-bbbb-cccc-1234567890ab/files/708eb7c898868abf-Ground-floor.svg')).toBe(
      'Ground-floor.svg',
    );
    expect(layerFileName('/files/u/files/708eb7c898868abf-Caf%C3%A9.png')).toBe('Café.png');
  });

  it('names other files by their last segment and a data URL as embedded', () => {
    expect(layerFileName('/builtin/world.svg?v=2')).toBe('world.svg');
    expect(layerFileName('https://example.com/plans/level-1.png#x')).toBe('level-1.png');
    expect(layerFileName('data:image/png;base64,AAAA')).toBe('Embedded image');
    expect(layerFileName('')).toBe('');
  });
});

describe('newFloorName', () => {
  const floors = (...names: string[]) => names.map((name) => ({ name }));

  it('numbers a floor from a file named otherwise, after the floors there are', () => {
    expect(newFloorName('floor2.png', floors('floor1'))).toBe('Floor 2');
    expect(newFloorName('bad.png', floors('Ground floor', 'Floor 2'))).toBe('Floor 3');
    expect(newFloorName('plan_v3_final.svg', [])).toBe('Floor 1');
    // A number already used by a floor is skipped.
    expect(newFloorName('IMG_0412.jpg', floors('Ground floor', 'Floor 3'))).toBe('Floor 4');
  });

  it('keeps a file name that already names a floor, unless a floor has it', () => {
    expect(newFloorName('ground-floor.svg', [])).toBe('Ground floor');
    expect(newFloorName('Level 2.png', floors('Level 1'))).toBe('Level 2');
    expect(newFloorName('basement.webp', floors('Ground floor'))).toBe('Basement');
    expect(newFloorName('2nd_floor.png', floors('Ground floor'))).toBe('2nd floor');
    expect(newFloorName('level-2.png', floors('Level 1', 'Level 2'))).toBe('Floor 3');
  });
});
