/**
 * Seeds the demo map behind /demo (a two-floor shopping centre, web/public/demo/) as map id 'demo' in the demo
 * state, owned by the administrator, through the maps service itself. Import this module only after the stack
 * has set the handlers' environment. Idempotent: an existing demo map is left as it is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MapState } from '@mapnest/shared/constants';
import { strictMapDocument } from '@mapnest/shared/map-document';
import { createMap } from '../../lambdas/src/domain/maps';
import { mapTable } from '../../lambdas/src/adapters/map-table';
import { REPO_ROOT } from './gateway';

export const DEMO_MAP_ID = 'demo';

export async function seedDemo(opts: { adminUid: string; adminEmail: string }): Promise<'created' | 'exists'> {
  if (await mapTable.get(DEMO_MAP_ID)) return 'exists';
  const file = path.join(REPO_ROOT, 'web/public/demo/riverside-centre.json');
  const document = strictMapDocument.parse(JSON.parse(readFileSync(file, 'utf8')));
  await createMap(
    { identity: { uid: opts.adminUid, email: opts.adminEmail, emailVerified: true, name: 'Mapnest Admin', admin: true }, subject: opts.adminUid },
    { title: 'Riverside Centre (demo)', mapData: document },
    { id: DEMO_MAP_ID, state: MapState.DEMO },
  );
  return 'created';
}
