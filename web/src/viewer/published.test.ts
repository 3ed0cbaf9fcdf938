import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { MAP_ID_PATTERN } from '@mapnest/shared/maps';
import { SETTINGS_GROUPS } from '@mapnest/shared/map-rules';
import { EMBED_MAP_ID, documentProblem, fetchPublished, mapIdFromPath } from './published';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })),
  );
}

describe('published maps', () => {
  it('uses the same map id rule as the maps service', () => {
    expect(EMBED_MAP_ID.source).toBe(MAP_ID_PATTERN.source);
  });

  it('reads the map id from /m/{id}', () => {
    expect(mapIdFromPath('/m/abc123')).toBe('abc123');
    expect(mapIdFromPath('/m/abc123/')).toBe('abc123');
    expect(mapIdFromPath('/m/../etc')).toBeNull();
    expect(mapIdFromPath('/maps/abc')).toBeNull();
  });

  it('accepts a valid document and names what is wrong with a broken one', () => {
    expect(documentProblem(blankDocument())).toBeNull();
    expect(documentProblem({ ...blankDocument(), layers: [] })).toBe('The map has no valid floors.');
    expect(documentProblem({ ...blankDocument(), schemaVersion: 7 })).toMatch(/format/);
    expect(documentProblem(null)).toBe('The map data is missing.');
  });

  it('names damaged settings for every group of options the viewer reads, directions included', () => {
    for (const group of SETTINGS_GROUPS) {
      const doc = blankDocument();
      const settings: Record<string, unknown> = { ...doc.settings };
      delete settings[group];
      expect(documentProblem({ ...doc, settings }), group).toBe('The map settings are damaged.');
    }
  });

  it('reports 404 as not found, expired test maps as expired, and damage as an error', async () => {
    answer(404, { error: 'no' });
    expect(await fetchPublished('https://m.example', 'x1')).toEqual({ kind: 'not-found' });
    answer(200, { id: 'x1', title: 'Trial', state: 0, expired: true });
    expect(await fetchPublished('https://m.example', 'x1')).toEqual({ kind: 'expired', title: 'Trial' });
    answer(200, 'not json');
    expect((await fetchPublished('https://m.example', 'x1')).kind).toBe('error');
    answer(500, {});
    expect(await fetchPublished('https://m.example', 'x1')).toEqual({
      kind: 'error',
      failed: 'load',
      message: 'The map could not be loaded (HTTP 500).',
    });
    answer(200, { id: 'x1', title: 'T', state: 1, expired: false, document: blankDocument() });
    expect((await fetchPublished('https://m.example', 'x1')).kind).toBe('ready');
  });
});
