import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXTERNAL_URLS } from '../../state/config';
import { ExternalRedirect } from './ExternalRedirect';

afterEach(cleanup);

describe('ExternalRedirect', () => {
  it('shows a spinner and leaves for the external URL', () => {
    const go = vi.fn();
    render(<ExternalRedirect url={EXTERNAL_URLS.docs} destination="the documentation" go={go} />);
    expect(screen.getByRole('status').textContent).toBe('Taking you to the documentation');
    expect(go).toHaveBeenCalledWith(EXTERNAL_URLS.docs);
    expect(screen.getByRole('link', { name: /Continue to/ }).getAttribute('href')).toBe(EXTERNAL_URLS.docs);
  });

  it('points /docs and /routes at absolute https URLs', () => {
    for (const url of Object.values(EXTERNAL_URLS)) expect(new URL(url).protocol).toBe('https:');
  });
});
