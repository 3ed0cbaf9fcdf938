/** The maps the kiosk browser tests open (kiosk*.test.ts): the demo shopping centre, published. */
import { readFileSync } from 'node:fs';
import type { MapDocument } from '@mapnest/shared/map-document';
import { adminUser, call, createUser, type TestUser } from '../helpers/stack';

/** The demo's shopping centre (two floors, groups, an "Open late" filter, a route network), kiosk mode as given. */
export function kioskDemo(kiosk: boolean): MapDocument {
  const doc = JSON.parse(
    readFileSync(new URL('../../web/public/demo/riverside-centre.json', import.meta.url), 'utf8'),
  ) as MapDocument;
  doc.settings.layout.kiosk = kiosk;
  return doc;
}

/**
 * A new user with `proSlots` Professional slots (directions on), and a way to publish a map on one of them. An account
 * holds at most two test maps, and each map is one until it is made Professional: publish two at a time at most.
 */
export async function kioskOwner(
  name: string,
  proSlots: number,
): Promise<{ publish: (title: string, doc: MapDocument) => Promise<string>; user: TestUser }> {
  const user = await createUser({ name });
  await call('setUserSlots', { uid: user.uid, basic: 0, pro: proSlots }, await adminUser());
  const publish = async (title: string, doc: MapDocument) => {
    const id = await call<string>('createMap', { title, mapData: doc }, user);
    await call('setMapState', { id, state: 3 }, user);
    await call('publishMap', { id, version: 1 }, user);
    return id;
  };
  return { publish, user };
}

/**
 * The same map published twice by a new owner of its own, on Professional slots: as a kiosk and not (`doc(true)`,
 * `doc(false)`); answers [kiosk map, plain map].
 */
export async function kioskAndPlainMaps(
  ownerName: string,
  doc: (kiosk: boolean) => MapDocument = kioskDemo,
): Promise<[string, string]> {
  const { publish } = await kioskOwner(ownerName, 2);
  return Promise.all([publish('Kiosk', doc(true)), publish('Not a kiosk', doc(false))]);
}
