import { blankDocument, type MapDocument, strictMapDocument } from '@mapnest/shared/map-document';
import { VIEWER_LANGUAGES, type ViewerLanguage } from '@mapnest/shared/viewer-languages';
import { describe, expect, it } from 'vitest';
import { buildNetwork } from '../../map-core/wayfinding/network';
import { planRoute } from '../../map-core/wayfinding/route';
import { describeRoute, wordRoute } from '../../map-core/wayfinding/steps';
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

describe('a route in words', () => {
  it('is English as before', async () => {
    expect(wordRoute(route(), await text('en'))).toEqual({
      summary: 'Route from Main entrance to Finance: 135 m, one floor change.',
      steps: ['Walk 90 m to Lift A', 'Take Lift A to Level 2', 'Walk 45 m to Finance'],
    });
  });

  it('is in the viewer’s language: French, German and Arabic, with the language’s digits', async () => {
    expect(wordRoute(route(), await text('fr'))).toEqual({
      summary: 'Itinéraire de Main entrance à Finance : 135 m, un changement d’étage.',
      steps: ['Marchez 90 m jusqu’à Lift A', 'Prenez Lift A jusqu’à Level 2', 'Marchez 45 m jusqu’à Finance'],
    });
    expect(wordRoute(route(), await text('de'))).toEqual({
      summary: 'Route von Main entrance nach Finance: 135 m, ein Etagenwechsel.',
      steps: ['Gehen Sie 90 m bis Lift A', 'Nehmen Sie Lift A bis Level 2', 'Gehen Sie 45 m bis Finance'],
    });
    const ar = await text('ar');
    const n = (x: number) => ar.number(x);
    expect(wordRoute(route(), ar)).toEqual({
      summary: `المسار من Main entrance إلى Finance: ${n(135)} م، تغيير واحد للطابق.`,
      steps: [`امشِ ${n(90)} م إلى Lift A`, 'استخدم Lift A للوصول إلى Level 2', `امشِ ${n(45)} م إلى Finance`],
    });
  });

  it('says a connector by its kind and counts steps on a map without a scale, in every language', async () => {
    const d = building(null);
    for (const r of d.routes) delete r.connectorName;
    const plain = describeRoute(planRoute(buildNetwork(d), 'entrance', 'finance')!, d, 'Main entrance', 'Finance');
    expect(wordRoute(plain, await text('en'))).toEqual({
      summary: 'Route from Main entrance to Finance: 3 steps, one floor change.',
      steps: ['Walk to the lift', 'Take the lift to Level 2', 'Walk to Finance'],
    });
    expect(wordRoute(plain, await text('fr'))).toEqual({
      summary: 'Itinéraire de Main entrance à Finance : 3 étapes, un changement d’étage.',
      steps: ['Marchez jusqu’à l’ascenseur', 'Prenez l’ascenseur jusqu’à Level 2', 'Marchez jusqu’à Finance'],
    });
    expect(wordRoute(plain, await text('de')).steps).toEqual([
      'Gehen Sie zum Aufzug',
      'Nehmen Sie den Aufzug bis Level 2',
      'Gehen Sie zu Finance',
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
