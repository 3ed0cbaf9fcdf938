import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { svgHrefAllowed } from '@mapnest/shared/svg-allow-list';
import { embedLinkedImages, embedSiteImages } from './linked-images';
import { readSite } from './mapplic-site';

const FIXTURES = join(__dirname, '../../../../../test/fixtures/mapplic');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 250]);
const BASE64 = Buffer.from(PNG).toString('base64');

/** A floor plan as Illustrator saves one whose background image is linked, not embedded. */
const plan = (name: string, ...hrefs: string[]) =>
  new File(
    [
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1000 800">` +
        hrefs.map((h) => `<image width="1000" height="800" xlink:href="${h}"></image>`).join('') +
        `<g id="rooms"><rect id="lift" x="1" y="1" width="9" height="9"/></g></svg>`,
    ],
    name,
    { type: 'image/svg+xml' },
  );
const hrefs = (text: string) => [...text.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);

describe('linked images of floor plans', () => {
  it('embeds the picked images a plan links, matched by file name, so the upload keeps them', async () => {
    const bg = new File([PNG], 'site/maps/Level-1-BG.png', { type: 'image/png' });
    const out = await embedLinkedImages(plan('level-1.svg', '../maps/level-1-bg.png?v=2', 'logo.jpg', '#ref'), [bg]);
    const text = await out.file.text();
    expect(hrefs(text)).toEqual([`data:image/png;base64,${BASE64}`, 'logo.jpg', '#ref']);
    // The server's sanitiser keeps an inline raster and drops a link: without the embedding the background is gone.
    expect(
      hrefs(text)
        .slice(0, 2)
        .map((h) => svgHrefAllowed('image', h)),
    ).toEqual([true, false]);
    expect(out.embedded).toEqual([bg]);
    expect(out.missing).toEqual(['logo.jpg']);
    expect(out.file.name).toBe('level-1.svg');
    expect(text).toContain('<rect id="lift"');
  });

  it('leaves a plan that links nothing, and a raster plan, as they were', async () => {
    const svg = plan('2f.svg');
    expect(await embedLinkedImages(svg, [])).toEqual({ file: svg, embedded: [], missing: [] });
    const png = new File([PNG], 'level-2.png', { type: 'image/png' });
    expect(await embedLinkedImages(png, [])).toEqual({ file: png, embedded: [], missing: [] });
  });

  it('embeds a site’s linked images when it is read, and names the floors’ links left unfilled', async () => {
    const json = new File([readFileSync(join(FIXTURES, 'campus-v8.json'))], 'campus-v8.json');
    const bg = new File([PNG], 'bg-1f.png', { type: 'image/png' });
    const files = [json, plan('1f.svg', 'bg-1f.png'), plan('2f.svg', 'images/bg-2f.png'), plan('3F.svg'), bg];
    const site = await embedSiteImages(await readSite(files), files);
    expect(hrefs(await site.floors[0]!.file!.text())).toEqual([`data:image/png;base64,${BASE64}`]);
    expect(site.floors.map((f) => f.unlinked)).toEqual([[], ['images/bg-2f.png'], []]);
    expect(site.unused).toEqual([]);
  });
});
