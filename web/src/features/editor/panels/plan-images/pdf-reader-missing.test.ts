import { describe, expect, it, vi } from 'vitest';
import { openPdf } from './pdf-pages';

// The reader's chunk is gone, as when the site was updated under an open tab.
vi.mock('pdfjs-dist', () => {
  throw new Error('Failed to fetch dynamically imported module: /assets/pdf-YwugTw7Y.js');
});

describe('a PDF given when the PDF reader cannot be loaded', () => {
  it('says what to do in words, not the browser’s error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(openPdf(new File(['%PDF-1.4'], 'plans.pdf', { type: 'application/pdf' }))).rejects.toThrow(
      'The PDF reader could not be loaded. Reload the page, then give the PDF again.',
    );
    expect(console.error).toHaveBeenCalledOnce();
  });
});
