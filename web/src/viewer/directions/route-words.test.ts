import { blankDocument, type MapDocument, strictMapDocument } from '@mapnest/shared/map-document';
import { VIEWER_LANGUAGES, type ViewerLanguage } from '@mapnest/shared/viewer-languages';
import { describe, expect, it } from 'vitest';
import { buildNetwork } from '../../map-core/wayfinding/network';
import { planRoute } from '../../map-core/wayfinding/route';
import { describeRoute, isolate, wordRoute } from '../../map-core/wayfinding/steps';
import { loadMessages, ViewerText } from '../i18n/messages';

/** Two floors joined by "Lift A" at the east end of a corridor on each; the entrance west on Level 1. */
function building(metresPerPixel: number | null): MapDocument {
  const base = blankDocument();
  const corridor = (id: string, layer: string) => ({
    id,
    layer,
    points: [
      [0.1, 0.5],
      [0.9, 0.5],
    ],
  });
  const lift = (id: string, layer: string) => ({
    id,
    layer,
    points: [
      [0.9, 0.5],
      [0.9, 0.45],
    ],
    endpoint: 'lift-a',
    connector: true,
    connectorKind: 'lift',
    connectorName: 'Lift A',
  });
  return strictMapDocument.parse({
    ...base,
    settings: {
      ...base.settings,
      mapWidth: 1000,
      mapHeight: 1000,
      wayfinding: { ...base.settings.wayfinding, ...(metresPerPixel ? { metresPerPixel } : {}) },
    },
    layers: [
      { id: 'l1', name: 'Level 1' },
      { id: 'l2', name: 'Level 2' },
    ],
    locations: [
      { id: 'entrance', title: 'Main entrance', layer: 'l1', coord: [0.1, 0.55] },
      { id: 'finance', title: 'Finance', layer: 'l2', coord: [0.55, 0.45] },
    ],
    routes: [corridor('c1', 'l1'), lift('lift1', 'l1'), lift('lift2', 'l2'), corridor('c2', 'l2')],
  });
}

function route(metresPerPixel: number | null = 0.1) {
  const d = building(metresPerPixel);
  return describeRoute(planRoute(buildNetwork(d), 'entrance', 'finance')!, d, 'Main entrance', 'Finance');
}

const text = async (lang: ViewerLanguage) => new ViewerText(lang, await loadMessages(lang));
/** A name as a route's words put it: between the Unicode isolates FSI (U+2068) and PDI (U+2069). */
const i = isolate;

describe('a route in words', () => {
  it('is English as before', async () => {
    expect(wordRoute(route(), await text('en'))).toEqual({
      summary: `Route from ${i('Main entrance')} to ${i('Finance')}: 135 m, one floor change.`,
      steps: [`Walk 90 m to ${i('Lift A')}`, `Take the lift to ${i('Level 2')}`, `Walk 45 m to ${i('Finance')}`],
    });
  });

  it('is in the viewer’s language: French, German and Arabic, with the language’s digits', async () => {
    expect(wordRoute(route(), await text('fr'))).toEqual({
      summary: `Itinéraire de ${i('Main entrance')} à ${i('Finance')} : 135 m, un changement d’étage.`,
      steps: [
        `Marchez 90 m jusqu’à ${i('Lift A')}`,
        `Prenez l’ascenseur jusqu’à ${i('Level 2')}`,
        `Marchez 45 m jusqu’à ${i('Finance')}`,
      ],
    });
    expect(wordRoute(route(), await text('de'))).toEqual({
      summary: `Route von ${i('Main entrance')} nach ${i('Finance')}: 135 m, ein Etagenwechsel.`,
      steps: [
        `Gehen Sie 90 m bis ${i('Lift A')}`,
        `Nehmen Sie den Aufzug bis ${i('Level 2')}`,
        `Gehen Sie 45 m bis ${i('Finance')}`,
      ],
    });
    const ar = await text('ar');
    const n = (x: number) => ar.number(x);
    expect(wordRoute(route(), ar)).toEqual({
      summary: `المسار من ${i('Main entrance')} إلى ${i('Finance')}: ${n(135)} م، تغيير واحد للطابق.`,
      steps: [
        `امشِ ${n(90)} م إلى ${i('Lift A')}`,
        `استخدم المصعد للوصول إلى ${i('Level 2')}`,
        `امشِ ${n(45)} م إلى ${i('Finance')}`,
      ],
    });
  });

  it('says a connector by its kind and counts steps on a map without a scale, in every language', async () => {
    const d = building(null);
    for (const r of d.routes) delete r.connectorName;
    const plain = describeRoute(planRoute(buildNetwork(d), 'entrance', 'finance')!, d, 'Main entrance', 'Finance');
    expect(wordRoute(plain, await text('en'))).toEqual({
      summary: `Route from ${i('Main entrance')} to ${i('Finance')}: 3 steps, one floor change.`,
      steps: ['Walk to the lift', `Take the lift to ${i('Level 2')}`, `Walk to ${i('Finance')}`],
    });
    expect(wordRoute(plain, await text('fr'))).toEqual({
      summary: `Itinéraire de ${i('Main entrance')} à ${i('Finance')} : 3 étapes, un changement d’étage.`,
      steps: [
        'Marchez jusqu’à l’ascenseur',
        `Prenez l’ascenseur jusqu’à ${i('Level 2')}`,
        `Marchez jusqu’à ${i('Finance')}`,
      ],
    });
    expect(wordRoute(plain, await text('de')).steps).toEqual([
      'Gehen Sie zum Aufzug',
      `Nehmen Sie den Aufzug bis ${i('Level 2')}`,
      `Gehen Sie zu ${i('Finance')}`,
    ]);
    const english = wordRoute(plain, await text('en'));
    for (const lang of VIEWER_LANGUAGES.filter((l) => l !== 'en')) {
      const words = wordRoute(plain, await text(lang));
      for (const [i, s] of [words.summary, ...words.steps].entries()) {
        expect(s, lang).not.toMatch(/[{}]/);
        expect(s, lang).not.toBe([english.summary, ...english.steps][i]);
      }
    }
  });
});

describe('a step-free route in words', () => {
  const stepFree = (metresPerPixel: number | null, floors = true) => {
    const d = building(metresPerPixel);
    const to = floors ? 'finance' : 'lobby';
    d.locations.push({ id: 'lobby', title: 'Lobby', layer: 'l1', coord: [0.5, 0.55] });
    const plan = planRoute(buildNetwork(d), 'entrance', to, { stepFree: true })!;
    return describeRoute(plan, d, 'Main entrance', floors ? 'Finance' : 'Lobby', true);
  };

  it('says in its summary that it avoids stairs and escalators, with or without a floor change', async () => {
    const en = await text('en');
    expect(wordRoute(stepFree(null), en).summary).toBe(
      `Step-free route from ${i('Main entrance')} to ${i('Finance')}: 3 steps, one floor change, avoiding stairs and escalators.`,
    );
    expect(wordRoute(stepFree(0.1, false), en).summary).toBe(
      `Step-free route from ${i('Main entrance')} to ${i('Lobby')}: 50 m, avoiding stairs and escalators.`,
    );
    // The same route not asked for step-free says nothing about it.
    expect(wordRoute(route(null), en).summary).toBe(
      `Route from ${i('Main entrance')} to ${i('Finance')}: 3 steps, one floor change.`,
    );
  });

  it('says so in all 13 languages, each sentence its own, the names isolated and the numbers filled in', async () => {
    for (const lang of VIEWER_LANGUAGES) {
      const words = await text(lang);
      for (const floors of [true, false]) {
        const free = wordRoute(stepFree(0.1, floors), words).summary;
        const plain = wordRoute({ ...stepFree(0.1, floors), stepFree: false }, words).summary;
        expect(free, lang).not.toBe(plain);
        expect(free, lang).not.toMatch(/[{}]/);
        expect(free, lang).toContain(i('Main entrance'));
        expect(free, lang).toContain(i(floors ? 'Finance' : 'Lobby'));
        expect(free, lang).toContain(words.number(floors ? 135 : 50));
        if (floors) expect(free, lang).toContain(words.count('floorChanges', 1));
        const outside = free.replace(/\u2068[^\u2068\u2069]*\u2069/g, '');
        expect(outside, lang).not.toMatch(/[\u2068\u2069]/);
      }
    }
  });
});

describe('the author’s names in a route’s words', () => {
  /** Building's names that a right-to-left sentence reorders when they are not isolated: Latin, digits at the end. */
  function latinNames() {
    const d = building(0.1);
    d.layers = [
      { ...d.layers[0]!, name: 'Level 1' },
      { ...d.layers[1]!, name: 'L2' },
    ];
    for (const r of d.routes) if (r.connectorName) r.connectorName = 'Lift A2';
    return describeRoute(planRoute(buildNetwork(d), 'entrance', 'finance')!, d, 'Gate 3', 'Room 2.14');
  }
  const names = ['Gate 3', 'Room 2.14', 'Lift A2', 'L2'];

  it('sets each one apart between FSI and PDI in Arabic and Hebrew, so numbers around it stay in their place', async () => {
    const ar = await text('ar');
    const n = (x: number) => ar.number(x);
    expect(wordRoute(latinNames(), ar)).toEqual({
      summary: `المسار من \u2068Gate 3\u2069 إلى \u2068Room 2.14\u2069: ${n(135)} م، تغيير واحد للطابق.`,
      steps: [
        `امشِ ${n(90)} م إلى \u2068Lift A2\u2069`,
        'استخدم المصعد للوصول إلى \u2068L2\u2069',
        `امشِ ${n(45)} م إلى \u2068Room 2.14\u2069`,
      ],
    });
    const he = wordRoute(latinNames(), await text('he'));
    expect(he.steps[0]).toContain('\u2068Lift A2\u2069');
    expect(he.steps[1]).toContain('\u2068L2\u2069');
  });

  it('isolates every name in all 13 languages, and nothing else: the words read the same without the marks', async () => {
    for (const lang of VIEWER_LANGUAGES) {
      const words = wordRoute(latinNames(), await text(lang));
      for (const s of [words.summary, ...words.steps]) {
        // Every isolate is closed, and only names are inside them.
        const inside = [...s.matchAll(/\u2068([^\u2068\u2069]*)\u2069/g)].map((m) => m[1]);
        expect(inside.length, `${lang}: ${s}`).toBeGreaterThan(0);
        for (const name of inside) expect(names, `${lang}: ${s}`).toContain(name);
        const outside = s.replace(/\u2068[^\u2068\u2069]*\u2069/g, '');
        expect(outside, `${lang}: ${s}`).not.toMatch(/[\u2068\u2069]/);
        for (const name of names) expect(outside, `${lang}: ${s}`).not.toContain(name);
      }
    }
  });
});

describe('a route’s distances', () => {
  it('add up: the total is the sum of the rounded metres its steps show', () => {
    // 0.0193 m a pixel: walks of 17.4 m and 8.7 m, shown as 17 m and 9 m; the unrounded 26.1 m would say 25 m.
    const odd = route(0.0193);
    expect(odd.steps.map((s) => s.metres)).toEqual([17, null, 9]);
    expect(odd.metres).toBe(26);
    for (const mpp of [0.0193, 0.05, 0.0371, 0.1, 0.123, 0.5, 2.71]) {
      const r = route(mpp);
      expect(
        r.steps.reduce((sum, s) => sum + (s.metres ?? 0), 0),
        String(mpp),
      ).toBe(r.metres);
    }
  });
});
