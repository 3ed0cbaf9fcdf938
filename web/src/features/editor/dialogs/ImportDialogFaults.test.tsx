import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { uploadFile } from '../files-api';
import { aFile } from '../import/picked-files.fixtures';
import { openImport, pick, uploadsLikeTheLibrary } from './import-dialog.fixtures';

vi.mock('../files-api', async (original) => ({
  ...(await original<typeof import('../files-api')>()),
  uploadFile: vi.fn(),
}));
uploadsLikeTheLibrary(vi.mocked(uploadFile));
// The KML reader's chunk, gone from the server after a deploy while this tab was open.
vi.mock('../import/kml', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/kml-Dbozq4qD.js');
});

describe('the Import dialog when a part of it does not load', () => {
  it('says so and what to do, instead of reading forever, and changes nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const h = openImport();
    pick('import-file', [aFile(['<kml><Document/></kml>'], 'old-town.kml')]);
    expect(screen.getByRole('status').textContent).toBe('Reading old-town.kml…');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The file could not be read \(.+\)\. Reload the page and pick it again\.$/,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(logged).toHaveBeenCalled();
    expect(h.doc()).toBe(h.before);
  });
});
