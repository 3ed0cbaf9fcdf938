import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { strictMapDocument } from '@mapnest/shared/map-document';
import { importMapplic } from '@mapnest/shared/mapplic-import';
import {
  fileKey,
  floorSizes,
  matchFloors,
  missingFloors,
  readSite,
  siteDocument,
  withoutOldSiteImages,
} from './mapplic-site';
import { EMPTY_SITE_CHOICE, fileRole, pickSiteFiles, siteFileProblem, siteProblem } from './site-choice';
import { readZip, ZipError } from './zip';
import { zip } from './picked-files.fixtures';

const FIXTURES = join(__dirname, '../../../../../test/fixtures/mapplic');
const fixture = (name: string, as = name) => new File([readFileSync(join(FIXTURES, name))], as);

const bytes = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));

describe('Mapplic site import', () => {
  it('names a floor file by its file name, without folders, query or case', () => {
    expect(fileKey('images/floors/7-2.svg?0420401')).toBe('7-2.svg');
    expect(fileKey('https://old.example/wp-content/uploads/map/1F.svg#x')).toBe('1f.svg');
    expect(fileKey('..\\plans\\Floor%201.svg')).toBe('floor 1.svg');
    expect(fileKey('')).toBe('');
  });

  it('matches picked files to every floor and lists the floors still missing', async () => {
    const site = await readSite([
      fixture('campus-v8.json'),
      fixture('1f.svg'),
      fixture('3f.svg'),
      new File(['hi'], 'notes.txt'),
    ]);
    expect(site.floors.map((f) => [f.name, f.wanted, f.file?.name ?? null])).toEqual([
      ['1F', '1f.svg', '1f.svg'],
      ['2F', '2f.svg', null],
      ['3F', '3f.svg', '3f.svg'],
    ]);
    expect(site.unused).toEqual(['notes.txt']);
    expect(missingFloors(site.floors, new Set()).map((f) => f.name)).toEqual(['2F']);
    expect(missingFloors(site.floors, new Set(['f2']))).toEqual([]);
  });

  it('reads the JSON and the floors from a .zip (deflated and stored entries, in folders)', async () => {
    const archive = zip([
      { name: 'campus/data/campus-v8.json', data: bytes('campus-v8.json') },
      { name: 'campus/images/floors/', data: new Uint8Array(), store: true },
      { name: 'campus/images/floors/1f.svg', data: bytes('1f.svg') },
      { name: 'campus/images/floors/2f.svg', data: bytes('2f.svg'), store: true },
      { name: 'campus/images/floors/3F.svg', data: bytes('3f.svg') },
      { name: '__MACOSX/campus/._1f.svg', data: new Uint8Array([1, 2, 3]), store: true },
    ]);
    const site = await readSite([archive]);
    expect(site.floors.every((f) => f.file)).toBe(true);
    expect(await site.floors[1]!.file!.text()).toBe(readFileSync(join(FIXTURES, '2f.svg'), 'utf8'));
    expect(site.result.document.locations.find((l) => l.id === 'library')?.title).toBe('図書館');
    expect(site.unused).toEqual([]);
  });

  it('refuses what it cannot read with a sentence, never a partial site', async () => {
    await expect(readSite([fixture('1f.svg')])).rejects.toThrow('Add the Mapplic export itself');
    await expect(readSite([fixture('campus-v8.json'), fixture('campus-v4.json')])).rejects.toThrow(
      'Pick one Mapplic map at a time',
    );
    await expect(readSite([new File(['{"type":"FeatureCollection"}'], 'points.json')])).rejects.toThrow(
      'is not a Mapplic map',
    );
    await expect(readZip(new File(['not a zip'], 'x.zip'))).rejects.toBeInstanceOf(ZipError);
    await expect(
      readZip(zip([{ name: 'secret.json', data: new Uint8Array([1]), store: true, flags: 1 }])),
    ).rejects.toThrow('encrypted');
  });

  it('sizes the map by its plans and asks when they disagree', () => {
    const one = floorSizes(
      new Map([
        ['f1', { width: 1000, height: 800 }],
        ['f2', { width: 1000, height: 800 }],
        ['f3', null],
      ]),
    );
    expect(one).toEqual([{ size: { width: 1000, height: 800 }, floors: ['f1', 'f2'] }]);
    const two = floorSizes(
      new Map([
        ['f1', { width: 1000, height: 800 }],
        ['f2', { width: 500, height: 400 }],
        ['f3', { width: 1000, height: 800 }],
      ]),
    );
    expect(two.map((s) => s.floors)).toEqual([['f1', 'f3'], ['f2']]);
  });

  it('makes a valid document with the uploaded plans and the chosen size', async () => {
    const site = await readSite([fixture('campus-v8.json'), fixture('2f.svg'), fixture('3f.svg')]);
    const doc = siteDocument(
      site,
      new Map([
        ['f2', '/files/u/2f.svg'],
        ['f3', '/files/u/3f.svg'],
      ]),
      { width: 1000, height: 800 },
    );
    expect(strictMapDocument.safeParse(doc).success).toBe(true);
    expect(doc.settings).toMatchObject({ mapWidth: 1000, mapHeight: 800 });
    // The first floor was left without a plan: it has none, not the old site's absolute address either.
    expect(doc.layers.map((l) => l.file)).toEqual(['', '/files/u/2f.svg', '/files/u/3f.svg']);
    expect(site.result.document.layers[1]!.file).toBe('images/floors/2f.svg?0420401');
  });

  it('matches the floors of a legacy levels export the same way', async () => {
    const site = await readSite([fixture('campus-v4.json'), fixture('1f.svg'), fixture('2f.svg')]);
    expect(matchFloors(site.result.document, [fixture('1f.svg')]).map((f) => f.file?.name ?? null)).toEqual([
      '1f.svg',
      null,
    ]);
    expect(site.floors.map((f) => [f.name, f.file?.name])).toEqual([
      ['1F', '1f.svg'],
      ['2F', '2f.svg'],
    ]);
  });

  it('uploads the locations’ images picked with the site and leaves out the old site’s addresses not picked', async () => {
    const levels = [
      {
        id: 'ground',
        title: 'Ground',
        map: 'maps/level-1.svg',
        locations: [
          { id: 'zara', title: 'Zara', x: 0.1, y: 0.1, thumbnail: 'images/Zara.jpg', img: '/wp-content/zara-big.jpg' },
          { id: 'cafe', title: 'Cafe', x: 0.2, y: 0.2, thumbnail: 'CF', img: 'https://cdn.example.com/cafe.jpg' },
          { id: 'wc', title: 'WC', x: 0.3, y: 0.3, thumbnail: 'images/wc.png' },
        ],
      },
    ];
    const json = new File([JSON.stringify({ mapwidth: 1000, mapheight: 800, levels })], 'mall.json');
    const zara = new File([new Uint8Array([1])], 'site/images/zara.JPG', { type: 'image/jpeg' });
    const site = await readSite([json, fixture('1f.svg', 'level-1.svg'), zara]);
    expect([...site.images]).toEqual([['zara.jpg', zara]]);
    expect(site.missingImages).toEqual(['/wp-content/zara-big.jpg', 'images/wc.png']);
    expect(site.unused).toEqual([]);

    // The thumbnail picked too is matched (picks add up: site-choice.test.ts).
    const wc = new File([new Uint8Array([2])], 'wc.png', { type: 'image/png' });
    const later = await readSite([json, fixture('1f.svg', 'level-1.svg'), zara, wc]);
    expect([...later.images.keys()]).toEqual(['zara.jpg', 'wc.png']);
    expect(later.missingImages).toEqual(['/wp-content/zara-big.jpg']);
    expect(later.unused).toEqual([]);

    const doc = siteDocument(
      later,
      new Map([['ground', '/files/u/level-1.svg']]),
      null,
      new Map([['zara.jpg', '/files/u/zara.jpg']]),
    );
    expect(strictMapDocument.safeParse(doc).success).toBe(true);
    expect(doc.locations.map((l) => [l.id, l.thumb, l.image])).toEqual([
      ['zara', '/files/u/zara.jpg', undefined],
      ['cafe', 'CF', 'https://cdn.example.com/cafe.jpg'],
      ['wc', undefined, undefined],
    ]);
  });

  it('uploads the images inside descriptions picked with the site and takes the others out of them', async () => {
    const locations = [
      {
        id: 'shop',
        title: 'Shop',
        coord: [0.1, 0.1],
        desc: '<p>Our store</p><img alt="front" src="images/Shop.jpg?v=2"><img src=\'/wp-content/gone.png\' width=20><img src="https://cdn.example.com/a.png">',
      },
      { id: 'only', title: 'Only', coord: [0.2, 0.2], desc: '<img src="images/gone-too.gif">' },
    ];
    const json = new File([JSON.stringify({ layers: [{ id: 'g', name: 'G', file: 'g.svg' }], locations })], 'm.json');
    const shop = new File([new Uint8Array([1])], 'shop.jpg', { type: 'image/jpeg' });
    const site = await readSite([json, fixture('1f.svg', 'g.svg'), shop]);
    expect([...site.images]).toEqual([['shop.jpg', shop]]);
    expect(site.missingImages).toEqual([]);
    expect(site.missingDescImages).toEqual(['/wp-content/gone.png', 'images/gone-too.gif']);
    expect(site.unused).toEqual([]);

    const doc = siteDocument(
      site,
      new Map([['g', '/files/u/g.svg']]),
      null,
      new Map([['shop.jpg', '/files/u/shop.jpg']]),
    );
    expect(strictMapDocument.safeParse(doc).success).toBe(true);
    expect(doc.locations.map((l) => l.desc)).toEqual([
      '<p>Our store</p><img alt="front" src="/files/u/shop.jpg"><img src="https://cdn.example.com/a.png">',
      undefined,
    ]);
  });

  it('leaves out the old site’s image addresses of a document read without files, keeping Mapnest’s uploads', () => {
    const { document } = importMapplic({
      locations: [
        { id: 'a', title: 'A', coord: [0.1, 0.1], thumb: 'images/a.jpg', image: '/files/u/a-big.jpg' },
        {
          id: 'b',
          title: 'B',
          coord: [0.2, 0.2],
          thumb: 'B',
          desc: '<p>x</p><img src="b.png"><img src="/files/u/b.png">',
        },
      ],
    });
    const { doc, dropped } = withoutOldSiteImages(document);
    expect(strictMapDocument.safeParse(doc).success).toBe(true);
    expect(dropped).toEqual(['images/a.jpg', 'b.png']);
    expect(doc.locations.map((l) => [l.thumb, l.image, l.desc])).toEqual([
      [undefined, '/files/u/a-big.jpg', undefined],
      ['B', undefined, '<p>x</p><img src="/files/u/b.png">'],
    ]);
    expect(document.locations[0]!.thumb).toBe('images/a.jpg');
  });
});

describe('what stops a Mapplic site, known when its files are picked', () => {
  it('names an SVG plan the upload would refuse in a .zip, by its size beside the limit', async () => {
    const plan = Buffer.alloc(11 * 1024 * 1024, ' ');
    plan.write('<svg xmlns="http://www.w3.org/2000/svg">');
    plan.write('</svg>', plan.length - 6);
    const json = { layers: [{ id: 'ground', name: 'Ground', file: 'ground.svg' }], locations: [] };
    const choice = await pickSiteFiles(EMPTY_SITE_CHOICE, [
      zip([
        { name: 'site/mall.json', data: Buffer.from(JSON.stringify(json)) },
        { name: 'site/ground.svg', data: plan },
      ]),
    ]);
    expect([...choice.refusedPlans]).toEqual([['ground', 'The file is 11 MB, over the 10 MB upload limit']]);
    expect(siteProblem(choice)).toBe(
      'This floor plan cannot be uploaded: site/ground.svg for Ground (The file is 11 MB, over the 10 MB upload limit). Replace it, or remove it and leave the floor without a plan.',
    );
  });

  it('takes a PNG plan over the limit in a .zip: it is uploaded as a smaller copy (ADR 123)', async () => {
    const plan = new Uint8Array(11 * 1024 * 1024);
    plan.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const json = { layers: [{ id: 'ground', name: 'Ground', file: 'ground.png' }], locations: [] };
    const choice = await pickSiteFiles(EMPTY_SITE_CHOICE, [
      zip([
        { name: 'site/mall.json', data: Buffer.from(JSON.stringify(json)) },
        { name: 'site/ground.png', data: plan },
      ]),
    ]);
    expect([...choice.refusedPlans]).toEqual([]);
    expect(siteProblem(choice)).toBeNull();
    const file = choice.files.find((f) => f.name.endsWith('ground.png'))!;
    expect(fileRole(choice, file)).toBe('Plan of Ground, uploaded as a smaller copy (over the 10 MB upload limit)');
  });

  it('says an export whose map is over the map size limit, beside the export and before anything is uploaded', async () => {
    const desc = 'x'.repeat(7_900);
    const locations = Array.from({ length: 4_200 }, (_, i) => ({
      id: `l${i}`,
      title: `L${i}`,
      coord: [0.5, 0.5],
      desc,
    }));
    const json = new File([JSON.stringify({ layers: [], locations })], 'huge.json');
    const choice = await pickSiteFiles(EMPTY_SITE_CHOICE, [json]);
    const problem = choice.site?.documentProblem;
    expect(problem).toMatch(
      /^This map is 33\.\d MB as saved data; a map can hold at most 32 MB \(the map size limit\)\./,
    );
    expect(siteProblem(choice)).toBe(problem);
    expect(siteFileProblem(choice, choice.files[0]!)).toBe(problem);
  });
});
