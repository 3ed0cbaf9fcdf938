import { describe, expect, it, vi } from 'vitest';
import { COMMAND_SOURCE, runCommand, type MapViewerApi } from './viewer-api';

function api(): MapViewerApi {
  return {
    openLocation: vi.fn(() => true),
    closeLocation: vi.fn(),
    setLayer: vi.fn(() => true),
    setFilters: vi.fn(),
    zoomIn: vi.fn(),
    zoomOut: vi.fn(),
    reset: vi.fn(),
    getState: vi.fn(() => ({ layer: 'l', location: null, query: '' })),
  };
}

describe('host commands', () => {
  it('runs the commands a host page posts', () => {
    const a = api();
    expect(runCommand(a, { source: COMMAND_SOURCE, command: 'openLocation', args: ['a1'] })).toBe(true);
    expect(a.openLocation).toHaveBeenCalledWith('a1');
    expect(
      runCommand(a, { source: COMMAND_SOURCE, command: 'setFilters', args: [{ query: 'cafe', groups: ['food', 7] }] }),
    ).toBe(true);
    expect(a.setFilters).toHaveBeenCalledWith({ query: 'cafe', groups: ['food'] });
  });

  it('ignores anything else', () => {
    const a = api();
    for (const msg of [
      null,
      'openLocation',
      { command: 'openLocation', args: ['a'] },
      { source: COMMAND_SOURCE, command: 'eval', args: ['x'] },
      { source: COMMAND_SOURCE, command: 'openLocation', args: [1] },
    ]) {
      expect(runCommand(a, msg)).toBe(false);
    }
    expect(a.openLocation).not.toHaveBeenCalled();
  });
});
