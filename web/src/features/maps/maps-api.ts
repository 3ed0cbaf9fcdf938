/**
 * Calls of the maps service, typed by the call table (@mapnest/shared/calls). Inputs follow the
 * shared schemas in @mapnest/shared/maps; the server validates them again and is the authority.
 */
import type { SlotCounters } from '@mapnest/shared/maps';
import type { VersionCommit } from '@mapnest/shared/calls';

export type { SlotCounters };
import type { MapDocument } from '@mapnest/shared/map-document';
import type { MapStateValue } from '@mapnest/shared/constants';
import { call } from '../../lib/api';

/** What restoreMapHistory answers: the new current version. */
export type RestoreResult = VersionCommit;

export const mapsApi = {
  listMaps: () => call('listMaps', null),
  getSlots: () => call('getSlots', null),
  createMap: (title: string, mapData?: MapDocument | null) =>
    call('createMap', mapData ? { title, mapData } : { title }),
  getMap: (id: string) => call('getMap', { id }),
  /** `replaces`: the title shown, kept when it was changed elsewhere since (ABORTED, `renamedElsewhere`). */
  renameMap: (id: string, title: string, replaces?: string) => call('renameMap', { id, title, replaces }),
  duplicateMap: (id: string) => call('duplicateMap', { id }),
  deleteMap: (id: string) => call('deleteMap', id),
  setMapState: (id: string, state: MapStateValue) => call('setMapState', { id, state }),
  setMapHistoryName: (mapId: string, historyMapId: string, name: string) =>
    call('setMapHistoryName', { mapId, historyMapId, name }),
  deleteMapHistory: (mapId: string, historyMapId: string) => call('deleteMapHistory', { mapId, historyMapId }),
  /** `restoreId`: one per restore, the same for each retry of it (the server answers a retry with the first outcome). */
  restoreMapHistory: (mapId: string, historyMapId: string, restoreId: string, expectedVersion: number) =>
    call('restoreMapHistory', { mapId, historyMapId, restoreId, expectedVersion }),
};
