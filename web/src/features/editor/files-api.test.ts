import { beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('../../lib/api', () => ({ call: (...args: unknown[]) => call(...args) }));
// After a module reset: the unit project shares one module cache per worker, and a copy another file loaded
// before would keep the real module instead of the one mocked above.
vi.resetModules();
const { imageSize, uploadFile } = await import('./files-api');

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const svgFile = (text: string, name = 'plan.svg') => new File([text], name, { type: 'image/svg+xml' });

beforeEach(() => call.mockReset());

describe('uploading an SVG over the complexity budget', () => {
  it('is refused before any upload is asked for, saying which limit and what the file had', async () => {
    const deep = svgFile(`<svg ${NS}>${'<g>'.repeat(100_000)}${'</g>'.repeat(100_000)}</svg>`);
    await expect(uploadFile(deep)).rejects.toThrow(
      'This SVG is too complex for a floor plan: its elements nest 100,001 deep (at most 64); it has 100,001 elements (at most 20,000).',
    );
    const many = svgFile(`<svg ${NS}>${'<rect width="1" height="1"/>'.repeat(100_000)}</svg>`);
    await expect(uploadFile(many)).rejects.toThrow('it has 100,001 elements (at most 20,000)');
    expect(call).not.toHaveBeenCalled();
  });

  it('is not parsed for its size either', async () => {
    expect(await imageSize(svgFile(`<svg ${NS} viewBox="0 0 10 10">${'<g>'.repeat(100)}</svg>`))).toBeNull();
  });

  it('goes on to ask for an upload when the file is within it', async () => {
    call.mockResolvedValue({ url: 'http://127.0.0.1:9/upload', fields: {}, key: 'k', fileUrl: '/files/k' });
    const error = await uploadFile(svgFile(`<svg ${NS}><rect/></svg>`)).catch((e: unknown) => e);
    // (Node has no XMLHttpRequest: the upload itself is what the stack tests make.)
    expect(String(error)).toMatch(/XMLHttpRequest/);
    expect(call).toHaveBeenCalledWith('createFileUpload', expect.objectContaining({ contentType: 'image/svg+xml' }));
  });
});
