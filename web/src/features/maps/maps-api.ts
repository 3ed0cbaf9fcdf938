/**
 * Typed calls of the maps service (spec §7). Inputs follow the shared schemas in @mapnest/shared/maps;
 * the server validates them again and is the authority.
 */
import type { HistoryEntry, MapSummary, MapWithDocument, SlotCounters } from '@mapnest/shared/maps';

export type { SlotCounters };
import type { MapDocument } from '@mapnest/shared/map-document';
import type { MapStateValue } from '@mapnest/shared/constants';
import { call } from '../../lib/api';

/** What restoreMapHistory answers: the new current version. */
export interface RestoreResult {
  version: number;
  edited: string;
  metrics: MapSummary['metrics'];
}

export const mapsApi = {
  listMaps: () => call<MapSummary[]>('listMaps', null),
  getSlots: () => call<SlotCounters>('getSlots', null),
  createMap: (title: string, mapData?: MapDocument | null) =>
    call<string>('createMap', mapData ? { title, mapData } : { title }),
  getMap: (id: string) => call<MapWithDocument>('getMap', { id }),
  renameMap: (id: string, title: string) => call<MapSummary>('renameMap', { id, title }),
  duplicateMap: (id: string) => call<string>('duplicateMap', { id }),
  deleteMap: (id: string) => call<null>('deleteMap', id),
  setMapState: (id: string, state: MapStateValue) => call<MapSummary>('setMapState', { id, state }),
  setMapHistoryName: (mapId: string, historyMapId: string, name: string) =>
    call<HistoryEntry>('setMapHistoryName', { mapId, historyMapId, name }),
  deleteMapHistory: (mapId: string, historyMapId: string) => call<null>('deleteMapHistory', { mapId, historyMapId }),
  restoreMapHistory: (mapId: string, historyMapId: string) => call<RestoreResult>('restoreMapHistory', { mapId, historyMapId }),
};
