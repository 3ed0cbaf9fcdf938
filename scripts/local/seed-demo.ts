/**
 * Seeds the demo map behind /demo (a two-floor shopping centre, web/public/demo/) as map id 'demo', and the example
 * maps of the case-study pages (EXAMPLE_MAPS: a site plan, the mall directory, dealers on a built-in map), in the demo
 * state, owned by the administrator, through the maps service itself. Import this module only after the stack has
 * set the handlers' environment. Idempotent: a map that already exists is left as it is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MapState } from '@mapnest/shared/constants';
import { strictMapDocument } from '@mapnest/shared/map-document';
import { createMap } from '../../lambdas/src/domain/maps';
import { mapTable } from '../../lambdas/src/adapters/map-table';
import { DEMO_MAP_ID, EXAMPLE_MAPS } from '../../web/src/state/config';
import { REPO_ROOT } from './gateway';

export { DEMO_MAP_ID };

/** The maps seeded, each with its document's path under web/public. */
const SEEDED = [{ id: DEMO_MAP_ID, title: 'Riverside Centre (demo)', file: '/demo/riverside-centre.json' }, ...Object.values(EXAMPLE_MAPS)];

export async function seedDemo(opts: { adminUid: string; adminEmail: string }): Promise<'created' | 'exists'> {
  const identity = { uid: opts.adminUid, email: opts.adminEmail, emailVerified: true, name: 'Mapnest Admin', admin: true };
  let created = false;
  for (const map of SEEDED) {
    if (await mapTable.get(map.id)) continue;
    const document = strictMapDocument.parse(JSON.parse(readFileSync(path.join(REPO_ROOT, 'web/public', map.file), 'utf8')));
    await createMap({ identity, subject: opts.adminUid }, { title: map.title, mapData: document }, { id: map.id, state: MapState.DEMO });
    created = true;
  }
  return created ? 'created' : 'exists';
}
