/**
 * The demo and example maps (shared/src/demo-maps.ts): created through the maps service under their fixed ids, in the
 * demo state, owned by SYSTEM_OWNER_UID. One function for every environment: the local stack calls it at start, and on
 * a deployed stage the CloudFormation custom resource (triggers/seed-demo-maps.ts) runs it on every Create and Update.
 *
 * Idempotent by design: a map whose id exists is left exactly as it is, on Create and Update alike (whatever its state,
 * document or owner), so an administrator's later edits are never overwritten. Changing a shipped document therefore
 * changes only environments that do not have the map yet; an existing one is changed in the editor (/maps/{id}).
 *
 * The documents are the ones the SPA ships (web/public), bundled into the function as JSON: nothing is read from the
 * repository or a bucket at run time.
 */
import { MapState } from '@mapnest/shared/constants';
import { SEEDED_MAPS, SYSTEM_OWNER_UID } from '@mapnest/shared/demo-maps';
import { strictMapDocument } from '@mapnest/shared/map-document';
import riversideCentre from '../../../web/public/demo/riverside-centre.json';
import veloraDealers from '../../../web/public/examples/velora-dealers.json';
import willowCreek from '../../../web/public/examples/willow-creek.json';
import * as mapObjects from '../adapters/maps/map-objects';
import * as mapTable from '../adapters/maps/map-table';
import type { Identity } from '../lib/identity';
import type { Actor } from './maps';
import * as maps from './services/maps';

/** The shipped documents by their path under web/public (SEEDED_MAPS `file`). */
const DOCUMENTS: Readonly<Record<string, unknown>> = {
  '/demo/riverside-centre.json': riversideCentre,
  '/examples/willow-creek.json': willowCreek,
  '/examples/velora-dealers.json': veloraDealers,
};

/** The seed acts as the system owner with administrator rights (the demo state is for administrators only). */
const SYSTEM_IDENTITY: Identity = {
  uid: SYSTEM_OWNER_UID,
  email: '',
  emailVerified: true,
  name: 'Mapnest',
  admin: true,
};

export interface SeedResult {
  /** Ids created by this run. */
  created: string[];
  /** Ids that existed already and were left as they are. */
  kept: string[];
  /**
   * Ids whose public copy was missing and was written again (from the map's current version, whatever it is): a create
   * whose publishing failed is repaired by the next run instead of staying unpublished.
   */
  republished: string[];
}

/** The shipped document of a seeded map, validated like any saved document. */
export function seededDocument(file: string) {
  const raw = DOCUMENTS[file];
  if (raw === undefined)
    throw new Error(
      `No shipped document is bundled for ${file}; add it to DOCUMENTS in lambdas/src/domain/demo-maps.ts.`,
    );
  return strictMapDocument.parse(raw);
}

export async function seedDemoMaps(): Promise<SeedResult> {
  const actor: Actor = { identity: SYSTEM_IDENTITY, subject: SYSTEM_OWNER_UID };
  const result: SeedResult = { created: [], kept: [], republished: [] };
  for (const map of SEEDED_MAPS) {
    if (await mapTable.get(map.id)) {
      result.kept.push(map.id);
      continue;
    }
    const document = seededDocument(map.file);
    try {
      await maps.createMap(
        actor,
        { title: map.title, mapData: document },
        { id: map.id, state: MapState.DEMO, publish: true },
      );
    } catch (err) {
      // Another run created it in between (the id is taken): the map is there, which is all the seed wants.
      if (await mapTable.get(map.id)) {
        result.kept.push(map.id);
        continue;
      }
      throw err;
    }
    result.created.push(map.id);
  }
  for (const map of SEEDED_MAPS) {
    const item = await mapTable.get(map.id);
    if (!item || item.deleting || (await mapObjects.publishedState(map.id))) continue;
    // Unlike after a commit, a failure here throws: the deployment reports it, and the next one tries again.
    await maps.publishLatest(map.id);
    result.republished.push(map.id);
  }
  return result;
}
