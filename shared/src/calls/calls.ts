/**
 * The call contract (ADR 012): every callable function by name, with the schema its input is validated
 * against and the type it answers. The server builds each handler from this table (`callable({ name })` takes
 * the schema from here, and the compiler checks that the body answers `Out<name>`); the browser's client is
 * typed by it (`call(name, input: In<name>): Promise<Out<name>>`). A call that is not here does not exist:
 * lambdas/src/calls.test.ts checks that every module under lambdas/src/calls is here and the other way round.
 *
 * Only zod schemas and types live here, no server code, so the web imports it; the embed does not call the API
 * and must not import it.
 */
import * as z from 'zod/mini';
import { mapIdSchema, type HistoryEntry, type MapSummary, type MapWithDocument, type SlotCounters } from './maps';
import {
  adminUpdateMapInput,
  createMapInput,
  deleteMapInput,
  historyRefInput,
  restoreMapHistoryInput,
  listMapsInput,
  mapIdInput,
  publishMapInput,
  renameMapInput,
  saveMapInput,
  setHistoryNameInput,
  setMapStateInput,
  setUserSlotsInput,
} from './maps';
import {
  checkEmailFreeInput,
  createAvatarUploadInput,
  findUsersInput,
  noInput,
  setAvatarInput,
  updateEmailInput,
  type AvatarUpload,
  type UserMatch,
} from './accounts';
import {
  createCheckoutSessionInput,
  createPortalLinkInput,
  registerLicenseInput,
  type License,
  type RegisterLicenseResult,
  type RestoreLapsedResult,
  type Subscription,
} from './billing';
import { createFileUploadInput, deleteFileInput, listFilesInput, type FilePage, type FileUpload } from './files';
import {
  listContactRequestsInput,
  markContactRequestInput,
  submitContactSchema,
  type ContactInboxEntry,
  type ContactInboxPage,
} from './contact';
import { getMapAnalyticsInput, setMapAnalyticsZoneInput, type MapAnalytics } from './analytics';

/** getMapVersion: one kept version of a map (the base of a three-way merge in the editor). */
export const getMapVersionInput = /* @__PURE__ */ z.strictObject({
  id: mapIdSchema,
  version: /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int()).check(/* @__PURE__ */ z.gte(1)),
});

/** A new current version (saveMap, restoreMapHistory). */
export interface VersionCommit {
  version: number;
  edited: string;
  metrics: MapSummary['metrics'];
}

/**
 * What saveMap answers: the new version, the map as the editor shows it and the history entry the save made, so
 * one round trip is the whole save (the editor reads nothing back). `history` is the map's history after the
 * save (pruned as the server keeps it), newest first; absent when it could not be read after the save was stored
 * (the save stands: the caller reads the map again for it).
 */
export interface SaveMapResult extends VersionCommit {
  map: MapSummary;
  entry: HistoryEntry;
  history?: HistoryEntry[];
}

/**
 * What publishMap and unpublishMap answer: the map as the editor shows it and its history (the entry just
 * published carries its new publishedAt). When the map could not be read back after the change was stored, `map` is
 * the map as it was read before with the change applied, and `history` is absent (the caller reads it again).
 */
export interface PublicationResult {
  map: MapSummary;
  history?: HistoryEntry[];
}

/** What getProfile answers: the caller as the server sees them. */
export interface Profile {
  uid: string;
  email: string;
  emailVerified: boolean;
  name: string;
  admin: boolean;
}

/** What each call answers (the `data` of a 200 answer). */
export interface CallOutputs {
  adminUpdateMap: MapSummary;
  checkEmailFree: null;
  clearAvatar: null;
  createAvatarUpload: AvatarUpload;
  createCheckoutSession: { url: string; id: string };
  createFileUpload: FileUpload;
  createMap: string;
  createPortalLink: { url: string };
  deleteFile: null;
  deleteMap: null;
  deleteMapHistory: null;
  deleteUserData: null;
  duplicateMap: string;
  findUsers: UserMatch[];
  getMap: MapWithDocument;
  getMapAnalytics: MapAnalytics;
  getMapVersion: { version: number; documentUrl: string };
  getProfile: Profile;
  getSlots: SlotCounters;
  listContactRequests: ContactInboxPage;
  listFiles: FilePage;
  listLicenses: License[];
  listMaps: MapSummary[];
  listSubscriptions: Subscription[];
  markContactRequest: ContactInboxEntry;
  registerLicense: RegisterLicenseResult;
  renameMap: MapSummary;
  restoreLapsedMaps: RestoreLapsedResult;
  publishMap: PublicationResult;
  restoreMapHistory: VersionCommit;
  saveMap: SaveMapResult;
  setAvatar: { photoURL: string };
  setMapAnalyticsZone: MapSummary;
  setMapHistoryName: HistoryEntry;
  setMapState: MapSummary;
  setUserSlots: SlotCounters;
  signOutEverywhere: null;
  submitContact: { id: string };
  submitSupportRequest: { id: string };
  unpublishMap: PublicationResult;
  updateEmail: { email: string; mapsUpdated: number };
}

export type CallName = keyof CallOutputs;

/** Every call's input schema; `satisfies` keeps its names and CallOutputs' names the same set. */
export const CALL_INPUTS = {
  adminUpdateMap: adminUpdateMapInput,
  checkEmailFree: checkEmailFreeInput,
  clearAvatar: noInput,
  createAvatarUpload: createAvatarUploadInput,
  createCheckoutSession: createCheckoutSessionInput,
  createFileUpload: createFileUploadInput,
  createMap: createMapInput,
  createPortalLink: createPortalLinkInput,
  deleteFile: deleteFileInput,
  deleteMap: deleteMapInput,
  deleteMapHistory: historyRefInput,
  deleteUserData: noInput,
  duplicateMap: mapIdInput,
  findUsers: findUsersInput,
  getMap: mapIdInput,
  getMapAnalytics: getMapAnalyticsInput,
  getMapVersion: getMapVersionInput,
  getProfile: noInput,
  getSlots: listMapsInput,
  listContactRequests: listContactRequestsInput,
  listFiles: listFilesInput,
  listLicenses: listMapsInput,
  listMaps: listMapsInput,
  listSubscriptions: listMapsInput,
  markContactRequest: markContactRequestInput,
  registerLicense: registerLicenseInput,
  renameMap: renameMapInput,
  restoreLapsedMaps: listMapsInput,
  publishMap: publishMapInput,
  restoreMapHistory: restoreMapHistoryInput,
  saveMap: saveMapInput,
  setAvatar: setAvatarInput,
  setMapAnalyticsZone: setMapAnalyticsZoneInput,
  setMapHistoryName: setHistoryNameInput,
  setMapState: setMapStateInput,
  setUserSlots: setUserSlotsInput,
  signOutEverywhere: noInput,
  submitContact: submitContactSchema,
  submitSupportRequest: submitContactSchema,
  unpublishMap: mapIdInput,
  updateEmail: updateEmailInput,
} as const satisfies { [K in CallName]: z.ZodMiniType };

export type CallInputs = typeof CALL_INPUTS;
/** What the caller sends for call K (before validation: defaults may be left out). */
export type In<K extends CallName> = z.input<CallInputs[K]>;
/** What the server's body receives for call K (after validation and defaults). */
export type Parsed<K extends CallName> = z.output<CallInputs[K]>;
/** What call K answers. */
export type Out<K extends CallName> = CallOutputs[K];

export const CALL_NAMES = /* @__PURE__ */ Object.keys(CALL_INPUTS) as CallName[];
