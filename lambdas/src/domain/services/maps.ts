/**
 * The maps service as the Lambdas call it: each operation of ../maps.ts bound to the real adapters it asks for
 * (ADR 037). Each is bound on its own and marked pure, so a call's bundle carries only the operations it uses and
 * their adapters (the documents' bucket only with the operations that touch documents, the user pool only
 * with listMaps, analytics only with deleteMap). Import it as a namespace.
 */
import { analyticsTable } from '../../adapters/analytics-table';
import { followUps } from '../../adapters/follow-ups';
import { documentUrls } from '../../adapters/maps/document-urls';
import { mapObjects } from '../../adapters/maps/map-objects';
import { mapTable } from '../../adapters/maps/map-table';
import { userPool } from '../../adapters/user-pool';
import { withAdapters } from '../../lib/with-adapters';
import * as op from '../maps';
import { publishLatest as writePublicCopy } from '../public-copy';

export const accessible = /* @__PURE__ */ withAdapters(op.accessible, { mapTable });
export const adminUpdateMap = /* @__PURE__ */ withAdapters(op.adminUpdateMap, { mapTable, mapObjects, followUps });
export const commit = /* @__PURE__ */ withAdapters(op.commit, { mapTable, mapObjects });
export const createMap = /* @__PURE__ */ withAdapters(op.createMap, { mapTable, mapObjects, followUps });
export const deleteMap = /* @__PURE__ */ withAdapters(op.deleteMap, { mapTable, mapObjects, analyticsTable });
export const duplicateMap = /* @__PURE__ */ withAdapters(op.duplicateMap, { mapTable, mapObjects, followUps });
export const getMap = /* @__PURE__ */ withAdapters(op.getMap, { mapTable, documentUrls });
export const getSlots = /* @__PURE__ */ withAdapters(op.getSlots, { mapTable });
export const listMaps = /* @__PURE__ */ withAdapters(op.listMaps, { mapTable, userPool });
export const pruneHistory = /* @__PURE__ */ withAdapters(op.pruneHistory, { mapTable, mapObjects });
export const publishLatest = /* @__PURE__ */ withAdapters(writePublicCopy, { mapTable, mapObjects });
export const renameMap = /* @__PURE__ */ withAdapters(op.renameMap, { mapTable });
export const saveMap = /* @__PURE__ */ withAdapters(op.saveMap, { mapTable, mapObjects });
export const setMapState = /* @__PURE__ */ withAdapters(op.setMapState, { mapTable });
