import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIMARY_COLOR, blankDocument, type MapDocument } from './map-document';
import { diffDocuments, publishChecks } from './publish-checks';
import { siteStatuses, statusStyle } from './group-styles.fixtures';
import { MapState } from '../constants';

/** A walking path across the first floor. */
const path = (doc: MapDocument): MapDocument['routes'][number] => ({
  id: 'r1',
  layer: doc.layers[0]!.id,
  points: [
    [0.1, 0.1],
    [0.5, 0.1],
  ],
  closed: false,
  connector: false,
  weight: 1,
  inaccessible: false,
});

/** A new map as an author leaves it before a first release: a floor plan, two locations, nothing else touched. */
function newMap(): MapDocument {
  const doc = blankDocument({ file: 'files/plan.svg', layerName: 'Ground floor', mapWidth: 1600, mapHeight: 1000 });
  doc.locations.push({ id: 'reception', title: 'Reception', coord: [0.2, 0.3] }, { id: 'kitchen', coord: [0.6, 0.4] });
  return doc;
}

describe('diffDocuments', () => {
  it('names, for a first release, the locations and the parts the map has, not every part as changed', () => {
    const diff = diffDocuments(null, newMap());
    expect(diff.first).toBe(true);
    expect(diff.added).toEqual({ names: ['Reception', 'kitchen'], count: 2 });
    expect(diff.parts).toEqual(['Floors']);
    expect(diff.floors).toEqual(['“Ground floor”']);

    const fuller = newMap();
    fuller.groups.push({ id: 'rooms', name: 'Rooms' });
    fuller.settings.wayfinding.enabled = true;
    fuller.settings.primaryColor = '#aa3355';
    // Directions switched on without a path to follow: visitors see none, so none is announced as added.
    expect(diffDocuments(null, fuller).parts).toEqual(['Floors', 'Groups']);
    fuller.routes.push(path(fuller));
    expect(diffDocuments(null, fuller).parts).toEqual(['Floors', 'Groups', 'Wayfinding']);
  });

  it('names the floors added, removed, renamed, given a new plan or put in another order', () => {
    const published = newMap();
    published.layers.push({ id: 'level-1', name: 'Level 1', file: 'files/l1.svg' }, { id: 'b1', name: 'B1', file: '' });
    const next = JSON.parse(JSON.stringify(published)) as MapDocument;
    expect(diffDocuments(published, next).floors).toEqual([]);
    next.layers[0]!.name = 'Ground';
    next.layers[1]!.file = 'files/l1-new.svg';
    next.layers.pop();
    next.layers.push({ id: 'level-2', name: 'Level 2', file: '' });
    expect(diffDocuments(published, next)).toMatchObject({
      parts: ['Floors'],
      floors: ['“Ground floor” renamed “Ground”', '“Level 1” plan changed', '“Level 2” added', '“B1” removed'],
    });
    const reordered = JSON.parse(JSON.stringify(published)) as MapDocument;
    reordered.layers.reverse();
    reordered.layers[0]!.file = 'files/b1.svg';
    expect(diffDocuments(published, reordered).floors).toEqual(['“B1” plan added', 'order changed']);
  });

  it('takes a location whose fields come in another order for the same, not as changed', () => {
    const published = newMap();
    published.locations[0] = { id: 'reception', title: 'Reception', layer: 'ground', coord: [0.2, 0.3] };
    const next = newMap();
    // As the editor makes it: the floor set after the position, in the order its edits came.
    next.locations[0] = { id: 'reception', title: 'Reception', coord: [0.2, 0.3], layer: 'ground' };
    expect(diffDocuments(published, next)).toMatchObject({ same: true, changed: { count: 0 } });
    next.locations[0].coord = [0.3, 0.2];
    expect(diffDocuments(published, next)).toMatchObject({ same: false, changed: { names: ['Reception (moved)'] } });
  });

  it('names, against a published version, what differs and only that', () => {
    const published = newMap();
    const next = JSON.parse(JSON.stringify(published)) as MapDocument;
    expect(diffDocuments(published, next)).toMatchObject({ same: true, first: false, parts: [] });

    next.locations[0]!.title = 'Front desk';
    next.locations.push({ id: 'lifts', title: 'Lifts', coord: [0.5, 0.5] });
    next.locations.splice(1, 1);
    next.settings.primaryColor = '#aa3355';
    const diff = diffDocuments(published, next);
    expect(diff).toMatchObject({
      same: false,
      first: false,
      added: { names: ['Lifts'], count: 1 },
      // Named as it is and as it becomes, so a summary of a restore (the other way) reads just as true.
      changed: { names: ['Reception → Front desk'], count: 1 },
      removed: { names: ['kitchen'], count: 1 },
      parts: ['Settings'],
    });
  });

  it('names a renamed location by its name now and the one it gets, whichever way the summary goes', () => {
    const version = newMap();
    version.locations[0]!.title = 'Café';
    const draft = newMap();
    draft.locations[0]!.title = 'Riverside Café';
    // Restoring the version into the draft renames the draft's location back.
    expect(diffDocuments(draft, version).changed.names).toEqual(['Riverside Café → Café']);
    // Publishing the draft over the version.
    expect(diffDocuments(version, draft).changed.names).toEqual(['Café → Riverside Café']);
  });

  it('names the groups a changed location moves between, by their names, with a rename if there is one', () => {
    const published = newMap();
    published.groups.push({ id: 'g-available', name: 'Available' }, { id: 'g-sold', name: 'Sold' });
    published.locations[0]!.groups = ['g-available'];
    published.locations[1]!.groups = ['g-available'];
    const next = JSON.parse(JSON.stringify(published)) as MapDocument;
    next.locations[0]!.groups = ['g-sold'];
    next.locations[1]!.groups = [];
    next.locations[1]!.title = 'Kitchen';
    expect(diffDocuments(published, next).changed.names).toEqual([
      'Reception (Available → Sold)',
      'kitchen → Kitchen (Available → no group)',
    ]);
    // A group renamed is the Groups part's change, not each location's.
    next.locations[0]!.groups = ['g-available'];
    next.groups[0]!.name = 'For sale';
    expect(diffDocuments(published, next).changed.names).toEqual(['kitchen → Kitchen (Available → no group)']);
    // Nor when the location changed otherwise too: it stays in its group, whatever the group is called now.
    next.locations[0]!.about = 'Opening hours changed.';
    expect(diffDocuments(published, next).changed.names).toEqual([
      'Reception (about)',
      'kitchen → Kitchen (Available → no group)',
    ]);
    // What else changed is named with a move between groups, each word once.
    next.locations[1]!.desc = '<p>Open daily.</p>';
    next.locations[1]!.hours = '9-17';
    next.locations[1]!.coord = [0.9, 0.9];
    next.locations[1]!.latlon = [51.5, -0.12];
    expect(diffDocuments(published, next).changed.names[1]).toBe(
      'kitchen → Kitchen (Available → no group; description, hours, moved)',
    );
    next.locations[0]!.hide = true;
    next.locations[0]!.disable = true;
    expect(diffDocuments(published, next).changed.names[0]).toBe(
      'Reception (about, hidden from the directory, disabled)',
    );
    expect(diffDocuments(next, published).changed.names[0]).toBe('Reception (about, listed in the directory, enabled)');
  });

  it('names the groups added, removed, renamed, recoloured, hidden or put in another order', () => {
    const published = newMap();
    published.groups.push(
      { id: 'food', name: 'Food & Drink', color: '#cc5500' },
      { id: 'fashion', name: 'Fashion', color: '#3355aa' },
      { id: 'offers', name: 'Offers' },
    );
    const next = JSON.parse(JSON.stringify(published)) as MapDocument;
    expect(diffDocuments(published, next).groups).toEqual([]);
    next.groups[0]!.name = 'Food & Dining';
    next.groups[1]!.color = '#aa2266';
    next.groups[2]!.hide = true;
    next.groups.push({ id: 'kids', name: 'Kids' });
    expect(diffDocuments(published, next)).toMatchObject({
      parts: ['Groups'],
      groups: ['“Food & Drink” renamed “Food & Dining”', '“Fashion” colour changed', '“Offers” hidden', '“Kids” added'],
    });
    const fewer = JSON.parse(JSON.stringify(published)) as MapDocument;
    fewer.groups.splice(1, 1);
    fewer.groups.reverse();
    expect(diffDocuments(published, fewer).groups).toEqual(['“Fashion” removed', 'order changed']);
    expect(diffDocuments(null, published).groups).toEqual(['“Food & Drink”', '“Fashion”', '“Offers”']);
  });

  it('names the settings changed in the Settings panel’s words, each once, and none for a first release', () => {
    const published = newMap();
    const next = JSON.parse(JSON.stringify(published)) as MapDocument;
    next.settings.language = 'de';
    next.settings.zoom = { ...next.settings.zoom, enabled: false };
    next.settings.mapWidth += 100;
    next.settings.mapHeight += 100;
    // Wayfinding is a part of its own, not a setting.
    next.settings.wayfinding = { ...next.settings.wayfinding, enabled: !next.settings.wayfinding.enabled };
    expect(diffDocuments(published, next)).toMatchObject({
      parts: ['Settings', 'Wayfinding'],
      settings: ['map size', 'zoom', 'language'],
    });
    expect(diffDocuments(published, published).settings).toEqual([]);
    expect(diffDocuments(null, next).settings).toEqual([]);
  });

  it('counts the locations past the first 20 instead of naming them', () => {
    const doc = blankDocument();
    for (let i = 0; i < 25; i++) doc.locations.push({ id: `l${i}`, title: `Shop ${i}`, coord: [0.5, 0.5] });
    const { added } = diffDocuments(null, doc);
    expect(added.count).toBe(25);
    expect(added.names).toHaveLength(20);
  });
});

describe('publishChecks on contrast', () => {
  it('passes a new map’s default colour, which takes white text at WCAG AA', () => {
    expect(newMap().settings.primaryColor).toBe(DEFAULT_PRIMARY_COLOR);
    expect(publishChecks(newMap(), MapState.TEST)).toEqual([]);
  });

  it('warns about a colour white text cannot be read on, and names the text visitors see instead', () => {
    const doc = newMap();
    doc.settings.primaryColor = '#1476ff';
    const [check] = publishChecks(doc, MapState.TEST);
    expect(check).toMatchObject({ id: 'contrast', severity: 'warning' });
    expect(check!.message).toBe(
      'White text on the primary colour #1476ff has a contrast of 4.15:1, below the 4.5:1 that WCAG AA asks for. Visitors see #000000 text on it instead (5.07:1).',
    );
  });
});

describe('publishChecks on links', () => {
  it('warns of links with no https:// in front, which open a page of the site the map is on, and not of paths', () => {
    const doc = newMap();
    doc.locations = [
      { id: 'bakery', title: 'Bakery', coord: [0.2, 0.2], link: 'www.bakery.com' },
      { id: 'florist', title: 'Florist', coord: [0.3, 0.3], link: '/shops/florist' },
      { id: 'cafe', title: 'Café', coord: [0.4, 0.4], link: 'https://cafe.example' },
      { id: 'deli', coord: [0.5, 0.5], link: 'deli.co.uk/menu' },
    ];
    expect(publishChecks(doc, MapState.TEST)).toEqual([
      {
        id: 'site-link',
        severity: 'warning',
        message:
          '2 locations’ links have no https:// in front, so visitors would open a page of the site the map is on instead: Bakery (www.bakery.com), deli (deli.co.uk/menu). Add https:// to each in the Link field.',
      },
    ]);
    doc.locations = doc.locations.slice(1, 3);
    expect(publishChecks(doc, MapState.TEST)).toEqual([]);
  });
});

describe('publishChecks on e-mails', () => {
  it('warns of e-mails that are no address, whose Email buttons would write to nobody', () => {
    const doc = newMap();
    doc.locations = [
      { id: 'bakery', title: 'Bakery', coord: [0.2, 0.2], email: 'info at bakery.com' },
      { id: 'florist', title: 'Florist', coord: [0.3, 0.3], email: 'mailto:shop@florist.com, orders@florist.com' },
      { id: 'deli', coord: [0.5, 0.5], email: 'n/a' },
    ];
    expect(publishChecks(doc, MapState.TEST)).toEqual([
      {
        id: 'email',
        severity: 'warning',
        message:
          '2 locations’ e-mails are not addresses, so visitors’ Email buttons write to nobody: Bakery (info at bakery.com), deli (n/a). Correct each in the Email field, or empty it.',
      },
    ]);
    doc.locations = doc.locations.slice(1);
    expect(publishChecks(doc, MapState.TEST)[0]!.message).toBe(
      '1 location’s e-mail is not an address, so visitors’ Email button writes to nobody: deli (n/a). Correct it in the Email field, or empty it.',
    );
  });
});

describe('publishChecks on styles', () => {
  it('warns of locations drawn in the style of a group they are not in, whose colours show an old status', () => {
    const doc = newMap();
    Object.assign(doc, siteStatuses());
    doc.styles.push(statusStyle('st-park', 'Park'));
    doc.locations = [
      { id: 'lot-1', title: 'Lot 1', coord: [0.1, 0.1], groups: ['sold'], style: 'st-available' },
      { id: 'lot-2', title: 'Lot 2', coord: [0.2, 0.2], groups: ['sold'], style: 'st-sold' },
      { id: 'park', title: 'Park', coord: [0.3, 0.3], groups: ['sold'], style: 'st-park' },
      { id: 'lot-3', coord: [0.4, 0.4], style: 'st-sold' },
    ];
    expect(publishChecks(doc, MapState.TEST)).toEqual([
      {
        id: 'stale-style',
        severity: 'warning',
        message:
          '2 locations are drawn in the style of a group they are not in, so visitors may read an old status from their colours: Lot 1 (“Available”), lot-3 (“Sold”). Choose the style of each one’s group in the Style field.',
      },
    ]);
    doc.locations = doc.locations.slice(0, 3);
    expect(publishChecks(doc, MapState.TEST)[0]!.message).toBe(
      '1 location is drawn in the style of a group it is not in, so visitors may read an old status from its colour: Lot 1 (“Available”). Choose the style of its group in the Style field.',
    );
  });
});

describe('publishChecks on phones', () => {
  it('warns of phones with no number to dial, whose Call buttons would dial nothing', () => {
    const doc = newMap();
    doc.locations = [
      { id: 'bakery', title: 'Bakery', coord: [0.2, 0.2], phone: 'TBC' },
      { id: 'florist', title: 'Florist', coord: [0.3, 0.3], phone: '+44 20 7946 0000, (020) 7946-0001 ext. 2' },
    ];
    expect(publishChecks(doc, MapState.TEST)).toEqual([
      {
        id: 'phone',
        severity: 'warning',
        message:
          '1 location’s phone has no number to dial, so visitors’ Call button dials nothing: Bakery (TBC). Correct it in the Phone field, or empty it.',
      },
    ]);
  });
});

describe('publishChecks on directions', () => {
  it('warns a Professional map whose directions are on but have no path to follow', () => {
    const doc = newMap();
    doc.settings.wayfinding.enabled = true;
    expect(publishChecks(doc, MapState.PRO).map((c) => c.id)).toEqual(['no-paths']);
    // Not Professional: the check that says directions need the plan is the one that applies.
    expect(publishChecks(doc, MapState.TEST).map((c) => c.id)).toEqual(['pro-only']);
    doc.routes.push(path(doc));
    expect(publishChecks(doc, MapState.PRO)).toEqual([]);
    doc.settings.wayfinding.enabled = false;
    doc.routes.length = 0;
    expect(publishChecks(doc, MapState.PRO)).toEqual([]);
  });
});

describe('publishChecks on regions', () => {
  it('finds a location’s region by its shape on its floor, and names one whose floor has neither', () => {
    const doc = blankDocument({ file: 'files/one.svg', layerId: 'one', layerName: 'Floor 1' });
    doc.layers.push({ id: 'two', name: 'Floor 2', file: 'files/two.svg' });
    doc.locations.push(
      { id: 'lift', layer: 'one' },
      { id: 'lift-2', title: 'Lift 2', layer: 'two', shape: 'lift' },
      { id: 'stairs-2', title: 'Stairs 2', layer: 'two', shape: 'stairs' },
    );
    const svgIds = new Map([
      ['one', new Set(['lift'])],
      ['two', new Set(['lift'])],
    ]);
    const checks = publishChecks(doc, MapState.TEST, { svgIds });
    expect(checks.map((c) => c.id)).toEqual(['region']);
    expect(checks[0]!.message).toBe(
      '1 location has no place on the map (no position, and its floor’s drawing has no shape for it): Stairs 2. Place it on the map, or give it one of the drawing’s shapes (Shape).',
    );
  });
});

describe('the custom CSS check', () => {
  const withCss = (css: string): MapDocument => {
    const doc = blankDocument();
    doc.settings.css = css;
    return doc;
  };
  const cssCheck = (css: string) => publishChecks(withCss(css), MapState.DEMO).find((c) => c.id === 'css');

  it('warns, naming what, when the viewer will leave the CSS out', () => {
    expect(cssCheck('.mn-viewer h3{content:"\\2605"}')).toEqual({
      id: 'css',
      severity: 'warning',
      message:
        'The custom CSS is not used, so visitors see the map without it: it contains a backslash (an escape such as \\2605: type the character itself, or use an SVG icon). Change it in Settings › Custom CSS.',
    });
    expect(cssCheck('.a{background:url(https://x.example/a.png')?.message).toContain(
      'it has a url( that is not closed',
    );
  });

  it('says nothing of CSS the viewer uses, or of none', () => {
    expect(cssCheck('.mn-viewer h3{color:#123456} /* & notes */')).toBeUndefined();
    expect(cssCheck('')).toBeUndefined();
  });
});

describe('the Professional-only check', () => {
  it('names the “You are here” mark too when the map has one', () => {
    const doc = blankDocument();
    doc.settings.wayfinding.enabled = true;
    const message = () => publishChecks(doc, MapState.LIVE).find((c) => c.id === 'pro-only')?.message;
    expect(message()).toBe(
      'Wayfinding is a Professional feature and this map is not Professional: visitors will not see directions until the map is on a Professional plan.',
    );
    doc.settings.wayfinding.fixedFrom = 'info-desk';
    expect(message()).toBe(
      'Wayfinding is a Professional feature and this map is not Professional: visitors will not see directions, nor the “You are here” mark, until the map is on a Professional plan.',
    );
    expect(publishChecks(doc, MapState.PRO).find((c) => c.id === 'pro-only')).toBeUndefined();
  });
});
