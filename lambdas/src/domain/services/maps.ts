/**
 * The maps service as the Lambdas call it: each operation of ../maps.ts bound to the real adapters it asks for
 * (ADR 037). Each is bound on its own and marked pure, so a call's bundle carries only the operations it uses and
 * their adapters, and of the map table and the documents' bucket only the functions they call (so no S3 command or
 * table function another call uses; the user pool only with listMaps, analytics only with deleteMap). Import it as a
 * namespace.
 */
import { deleteDays } from '../../adapters/analytics-table';
import { followUps } from '../../adapters/follow-ups';
import { documentUrls } from '../../adapters/maps/document-urls';
import * as objects from '../../adapters/maps/map-objects';
import * as table from '../../adapters/maps/map-table';
import { userPool } from '../../adapters/user-pool';
import { withAdapters } from '../../lib/with-adapters';
import * as op from '../maps';
import { adminUpdateMap as adminUpdate } from '../admin/admin-maps';
import { publishLatest as writePublicCopy } from '../public-copy';
import { countMapVersion, countNewMap } from '../abuse-limits';

// Every adapter object below is written out, function by function, without spreads: esbuild keeps an object spread
// (it could run a getter), and with it every function it names, in bundles that never use the operation.

/** What an operation that writes a map's first version and owes its public copy uses of the bucket (op.NewMapStores). */
const newMapObjects = {
  putDocument: objects.putDocument,
  deleteDocument: objects.deleteDocument,
  getDocument: objects.getDocument,
  publish: objects.publish,
  unpublish: objects.unpublish,
};

export const accessible = /* @__PURE__ */ withAdapters(op.accessible, { mapTable: { get: table.get } });
export const adminUpdateMap = /* @__PURE__ */ withAdapters(adminUpdate, {
  mapTable: {
    get: table.get,
    adminPut: table.adminPut,
    commitVersion: table.commitVersion,
    committedSave: table.committedSave,
    history: table.history,
    deleteHistoryEntry: table.deleteHistoryEntry,
  },
  mapObjects: newMapObjects,
  followUps,
});
export const commit = /* @__PURE__ */ withAdapters(op.commit, {
  mapTable: {
    commitVersion: table.commitVersion,
    committedSave: table.committedSave,
    history: table.history,
    deleteHistoryEntry: table.deleteHistoryEntry,
  },
  mapObjects: { deleteDocument: objects.deleteDocument },
  followUps,
});
export const createMap = /* @__PURE__ */ withAdapters(op.createMap, {
  mapTable: { create: table.create, get: table.get },
  mapObjects: newMapObjects,
  followUps,
  countNewMap,
});
export const deleteMap = /* @__PURE__ */ withAdapters(op.deleteMap, {
  mapTable: {
    get: table.get,
    markDeleting: table.markDeleting,
    history: table.history,
    deleteHistoryEntry: table.deleteHistoryEntry,
    finishDelete: table.finishDelete,
  },
  mapObjects: { unpublish: objects.unpublish, deleteAllDocuments: objects.deleteAllDocuments },
  analyticsTable: { deleteDays },
  followUps,
});
export const duplicateMap = /* @__PURE__ */ withAdapters(op.duplicateMap, {
  mapTable: { create: table.create, get: table.get },
  mapObjects: newMapObjects,
  followUps,
  countNewMap,
});
export const getMap = /* @__PURE__ */ withAdapters(op.getMap, {
  mapTable: { get: table.get, history: table.history },
  documentUrls,
});
export const getSlots = /* @__PURE__ */ withAdapters(op.getSlots, { mapTable: { slots: table.slots } });
export const listMaps = /* @__PURE__ */ withAdapters(op.listMaps, { mapTable: { list: table.list }, userPool });
export const publishLatest = /* @__PURE__ */ withAdapters(writePublicCopy, {
  mapTable: { get: table.get },
  mapObjects: { getDocument: objects.getDocument, publish: objects.publish, unpublish: objects.unpublish },
});
export const renameMap = /* @__PURE__ */ withAdapters(op.renameMap, {
  mapTable: { get: table.get, rename: table.rename },
});
export const saveMap = /* @__PURE__ */ withAdapters(op.saveMap, {
  mapTable: {
    get: table.get,
    commitVersion: table.commitVersion,
    committedSave: table.committedSave,
    history: table.history,
    deleteHistoryEntry: table.deleteHistoryEntry,
  },
  mapObjects: { putDocument: objects.putDocument, deleteDocument: objects.deleteDocument },
  followUps,
  countMapVersion,
});
export const setMapState = /* @__PURE__ */ withAdapters(op.setMapState, {
  mapTable: { get: table.get, changeState: table.changeState },
});
