import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, isolateEachTest } from '../../app/testing.fixtures';
import { call } from '../../lib/api';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
isolateEachTest(vi.mocked(call) as unknown as ReturnType<typeof vi.fn>);

describe('the Mapplic migration guide', () => {
  it('is a help page saying what carries over, what changes and how ids and regions bind', async () => {
    renderRoutes('/help/moving-from-mapplic');
    expect(await screen.findByRole('heading', { level: 1, name: 'Moving from Mapplic' })).toBeTruthy();
    for (const name of [/Import a whole site at once/, /What carries over/, /What changes/, /Ids, regions and links/])
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    expect(document.title).toContain('Moving from Mapplic');
  }, 30_000);
});
