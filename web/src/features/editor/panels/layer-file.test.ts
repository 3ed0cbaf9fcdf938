import { describe, expect, it } from 'vitest';
import { layerFileName } from './layer-file';

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
