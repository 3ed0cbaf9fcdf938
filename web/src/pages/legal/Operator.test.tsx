/**
 * The legal pages name the business that runs the deployment from its /config.json, and a copy without one says so in
 * words: never a placeholder in brackets such as "[Mapnest legal entity]".
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../app/testing.fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CONFIG = {
  stage: 'prod',
  region: 'us-east-1',
  userPoolId: 'us-east-1_abc',
  userPoolClientId: 'client',
  googleSignIn: false,
  operator: { name: 'Example Maps Ltd', address: '1 Example Street, London', jurisdiction: 'England and Wales' },
};

/** The main text of the page at `path`, once its heading shows. */
async function pageText(path: string, heading: string): Promise<string> {
  renderRoutes(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  return screen.getByRole('main').textContent ?? '';
}

describe('the legal pages', () => {
  it('name the company that runs the service in words when the deployment names none (the local stack)', async () => {
    const terms = await pageText('/terms', 'Terms & Conditions');
    expect(terms).toContain('provided by the company that runs this Mapnest service.');
    expect(terms).toContain('governed by the laws of the country where that company is registered.');
    expect(terms).not.toMatch(/\[[^\]]*\]/);
  });

  it('name the deployment’s operator, its address and its law', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url !== '/config.json') throw new TypeError(`unexpected ${url}`);
        return Response.json(CONFIG);
      }),
    );
    // Each page shows the operator once the deployment's settings have arrived (fetched once per page load).
    const shows = (text: string) =>
      vi.waitFor(() => expect(screen.getByRole('main').textContent).toContain(text), { timeout: 20_000 });
    await pageText('/terms', 'Terms & Conditions');
    await shows('provided by Example Maps Ltd.');
    expect(screen.getByRole('main').textContent).toContain('governed by the laws of England and Wales.');
    cleanup();
    await pageText('/privacy', 'Privacy Policy');
    await shows('Mapnest is operated by Example Maps Ltd, 1 Example Street, London.');
    cleanup();
    await pageText('/agreement', 'Service Agreement');
    await shows('This agreement between Example Maps Ltd ("we")');
    expect(screen.getByRole('main').textContent).not.toMatch(/\[[^\]]*\]/);
  });
});
