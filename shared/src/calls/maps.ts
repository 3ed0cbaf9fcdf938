/**
 * The maps service's contract: call input schemas (strict; the server's authority, reused by the browser for
 * convenience checks), the shapes calls answer with, and the pure rules about states, slots and expiry.
 */
import * as z from 'zod/mini';
import { says } from '../zod-english';
import {
  HISTORY_NAME_MAX,
  MAP_TITLE_MAX,
  MapState,
  TEST_MAP_ACTIVE_MS,
  USER_ID_MAX,
  type MapStateValue,
} from '../constants';
import { strictMapDocument, type MapDocument } from '../document/map-document';
import { plainText } from '../text';
import type { AnalyticsZoneChange } from './time-zones';

/** Map ids: 20 characters of [A-Za-z0-9], unguessable; a few fixed ids (the demo) are shorter. */
export const MAP_ID_PATTERN = /^[A-Za-z0-9]{1,40}$/;
export const mapIdSchema = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.regex(MAP_ID_PATTERN, /* @__PURE__ */ says('Not a valid map id')));
export const historyIdSchema = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.regex(/^v\d{8}$/, /* @__PURE__ */ says('Not a valid history id')));

export const mapTitleSchema = /* @__PURE__ */ plainText(
  /* @__PURE__ */ z
    .string()
    .check(/* @__PURE__ */ z.trim())
    .check(/* @__PURE__ */ z.minLength(1, /* @__PURE__ */ says('A title is required')))
    .check(
      /* @__PURE__ */ z.maxLength(
        MAP_TITLE_MAX,
        /* @__PURE__ */ says(`A title has at most ${MAP_TITLE_MAX} characters`),
      ),
    ),
);

export const mapStateSchema = /* @__PURE__ */ z.union(
  [
    /* @__PURE__ */ z.literal(0),
    /* @__PURE__ */ z.literal(1),
    /* @__PURE__ */ z.literal(2),
    /* @__PURE__ */ z.literal(3),
    /* @__PURE__ */ z.literal(9),
  ],
  {
    error: 'State must be 0 (test), 1 (live), 2 (demo), 3 (pro) or 9 (admin)',
  },
);

export const createMapInput = /* @__PURE__ */ z.strictObject({
  title: mapTitleSchema,
  mapData: /* @__PURE__ */ z.nullable(/* @__PURE__ */ z.optional(strictMapDocument)),
});
/** The editor's id for one save (the same for every retry of it): a retry is answered with the first outcome. */
export const saveIdSchema = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.regex(/^[A-Za-z0-9_-]{8,64}$/, /* @__PURE__ */ says('Not a valid save id')));
export const saveMapInput = /* @__PURE__ */ z.strictObject({
  id: mapIdSchema,
  baseVersion: /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int()).check(/* @__PURE__ */ z.gte(1)),
  saveId: /* @__PURE__ */ z.optional(/* @__PURE__ */ saveIdSchema),
  title: /* @__PURE__ */ z.optional(/* @__PURE__ */ mapTitleSchema),
  mapData: strictMapDocument,
});
export const mapIdInput = /* @__PURE__ */ z.strictObject({ id: mapIdSchema });
/** deleteMap takes the bare id (the call's original form) or {id}. */
export const deleteMapInput = /* @__PURE__ */ z.pipe(
  /* @__PURE__ */ z.union([mapIdSchema, mapIdInput]),
  /* @__PURE__ */ z.transform((v) => (typeof v === 'string' ? v : v.id)),
);
export const historyRefInput = /* @__PURE__ */ z.strictObject({ mapId: mapIdSchema, historyMapId: historyIdSchema });
/**
 * restoreMapHistory: `restoreId` is the client's id for one restore (like saveMap's saveId), the same for each retry;
 * `expectedVersion`, the current version the author saw what the restore replaces against: a map changed elsewhere
 * since is not restored (409), as a save names its base version.
 */
export const restoreMapHistoryInput = /* @__PURE__ */ z.strictObject({
  mapId: mapIdSchema,
  historyMapId: historyIdSchema,
  restoreId: /* @__PURE__ */ z.optional(/* @__PURE__ */ saveIdSchema),
  expectedVersion: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int()).check(/* @__PURE__ */ z.gte(1)),
  ),
});
export const setHistoryNameInput = /* @__PURE__ */ z.strictObject({
  mapId: mapIdSchema,
  historyMapId: historyIdSchema,
  name: /* @__PURE__ */ plainText(
    /* @__PURE__ */ z
      .string()
      .check(/* @__PURE__ */ z.trim())
      .check(
        /* @__PURE__ */ z.maxLength(
          HISTORY_NAME_MAX,
          /* @__PURE__ */ says(`A version name has at most ${HISTORY_NAME_MAX} characters`),
        ),
      ),
  ),
});
/**
 * `replaces`: the title the caller shows, which the rename replaces; when the map has another now (renamed elsewhere
 * since), nothing is renamed and the answer is ABORTED with the map as it is (`details.map`). Left out: any title.
 */
export const renameMapInput = /* @__PURE__ */ z.strictObject({
  id: mapIdSchema,
  title: mapTitleSchema,
  replaces: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string().check(/* @__PURE__ */ z.maxLength(1000))),
});
export const setMapStateInput = /* @__PURE__ */ z.strictObject({ id: mapIdSchema, state: mapStateSchema });
export const listMapsInput = /* @__PURE__ */ z.union([/* @__PURE__ */ z.null(), /* @__PURE__ */ z.strictObject({})]);

const uidSchema = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.minLength(1))
  .check(/* @__PURE__ */ z.maxLength(USER_ID_MAX));
/** A user id as Cognito makes them (the `sub`, a UUID). */
export const USER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const userIdSchema = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.regex(USER_ID_PATTERN, /* @__PURE__ */ says('Not a valid user id')));
export const adminUpdateMapInput = /* @__PURE__ */ z.strictObject({
  id: mapIdSchema,
  fields: /* @__PURE__ */ z._default(
    /* @__PURE__ */ z.strictObject({
      title: /* @__PURE__ */ z.optional(/* @__PURE__ */ mapTitleSchema),
      uid: /* @__PURE__ */ z.optional(/* @__PURE__ */ uidSchema),
      author: /* @__PURE__ */ z.optional(/* @__PURE__ */ uidSchema),
      state: /* @__PURE__ */ z.optional(/* @__PURE__ */ mapStateSchema),
      created: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.iso.datetime()),
    }),
    {},
  ),
  mapData: /* @__PURE__ */ z.optional(/* @__PURE__ */ strictMapDocument),
});
/** The most slots of a plan an administrator may grant a user (setUserSlots; the Plan tab's form says it). */
export const GRANTED_SLOTS_MAX = 100_000;
export const setUserSlotsInput = /* @__PURE__ */ z.strictObject({
  uid: userIdSchema,
  basic: /* @__PURE__ */ z
    .number()
    .check(/* @__PURE__ */ z.int())
    .check(/* @__PURE__ */ z.gte(0))
    .check(/* @__PURE__ */ z.lte(GRANTED_SLOTS_MAX)),
  pro: /* @__PURE__ */ z
    .number()
    .check(/* @__PURE__ */ z.int())
    .check(/* @__PURE__ */ z.gte(0))
    .check(/* @__PURE__ */ z.lte(GRANTED_SLOTS_MAX)),
});

export interface MapMetrics {
  layerCount: number;
  locationCount: number;
}

/** A map as the maps list and the editor see it (metadata only). */
export interface MapSummary {
  id: string;
  title: string;
  uid: string;
  author: string;
  created: string;
  edited: string;
  state: MapStateValue;
  metrics: MapMetrics;
  subscribed: boolean;
  version: number;
  /** For test maps: when the public embed stops showing the map. */
  activeUntil: string | null;
  /** Whether the map is publicly visible at /m/{id} now: it has a published version and is not an expired test map. */
  published: boolean;
  /** The version visitors see, or null when nothing is published (never, or taken offline). */
  publishedVersion: number | null;
  /** When that version was published (or, once taken offline, when it was). */
  publishedAt: string | null;
  /** The author's view of the draft against what visitors see (PUBLICATION_LABELS words it). */
  publication: Publication;
  /** When the current version is a restore from History, not changed since: the version it copies. */
  restoreOf: number | null;
  /** First layer's file, for a preview on the maps list. */
  previewUrl: string | null;
  /**
   * Set when the map went back to test because its owner's slots of this state's plan ran out (quantity lowered,
   * subscription ended, licence ended): the state it had, so one click can bring it back once a slot is free. On a live
   * map, 3: it was Professional and moved to Basic instead (its own licence or a free Basic slot kept it live); Make
   * Pro brings it back. Any change of state by its owner clears it.
   */
  lapsedFrom: 1 | 3 | null;
  /** When the map's registered marketplace licence ends, if it has one that has not ended. */
  licenseEndsAt: string | null;
  /** The time zone its analytics days are counted in (ADR 072; 'UTC' unless its owner chose one). */
  analyticsZone: string;
  /** The last change of that zone (days before it are days of the zone before), or null when it never changed. */
  analyticsZoneChange: AnalyticsZoneChange | null;
}

/** A user's slot counters as getSlots answers them: capacity = granted (administrators) + subscribed + licensed (Basic). */
export interface SlotCounters {
  testMaps: number;
  basicUsed: number;
  proUsed: number;
  basicCapacity: number;
  proCapacity: number;
  basicGranted: number;
  proGranted: number;
  basicSubscribed: number;
  proSubscribed: number;
  /** Basic slots from registered marketplace licences that have not ended. */
  basicLicensed: number;
}

export interface HistoryEntry {
  historyMapId: string;
  mapId: string;
  version: number;
  name: string | null;
  created: string;
  title: string;
  metrics: MapMetrics;
  /** 'create', 'save', 'restore' (of another entry), or 'admin'. */
  kind: 'create' | 'save' | 'restore' | 'admin';
  restoredFrom: string | null;
  /** When this version was last published, or null if it never was. */
  publishedAt: string | null;
}

/**
 * Drafts and publishing (ADR 018): saving changes the draft (the map's current version); visitors see the published
 * version until the author publishes again. 'never': nothing was ever published; 'offline': taken offline.
 */
export type Publication = 'published' | 'changes' | 'never' | 'offline';

export const PUBLICATION_LABELS: Record<Publication, string> = {
  published: 'Published',
  changes: 'Unpublished changes',
  never: 'Never published',
  // Not 'Offline': the save status beside it says that of the author's connection.
  offline: 'Unpublished',
};

/** What the draft is against the published version. */
export function publicationOf(version: number, publishedVersion: number | null, everPublished: boolean): Publication {
  if (publishedVersion === null) return everPublished ? 'offline' : 'never';
  return publishedVersion === version ? 'published' : 'changes';
}

export const publishMapInput = /* @__PURE__ */ z.strictObject({
  id: mapIdSchema,
  version: /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int()).check(/* @__PURE__ */ z.gte(1)),
});

export interface MapWithDocument {
  map: MapSummary;
  history: HistoryEntry[];
  /** A short-lived URL of the current document (documents can be several MB). */
  documentUrl: string;
}

/**
 * How long the edge may serve a published copy before asking the bucket again (ADR 018): a publish, republish or
 * unpublish reaches every visitor within this plus the time of the call, well inside 5 seconds. The CloudFront cache
 * policy of /data/* caps its TTL at this value (infra/src/constructs/web.ts), whatever the object says.
 */
export const PUBLISHED_EDGE_TTL_S = 2;
/**
 * Cache-Control of the published copy: browsers revalidate on every view (a 304 of headers when nothing changed),
 * the edge keeps it PUBLISHED_EDGE_TTL_S seconds; no stale-while-revalidate, which would serve an old version longer.
 */
export const PUBLISHED_CACHE_CONTROL = `public, max-age=0, s-maxage=${PUBLISHED_EDGE_TTL_S}`;

/** What the embed reads at /data/maps/{id}.json. */
export interface PublishedMap {
  id: string;
  title: string;
  state: MapStateValue;
  expired: boolean;
  /** For test maps, when the embed stops showing the map. */
  expiresAt: string | null;
  publishedAt: string;
  version: number;
  /** True when the map is not published (never, or taken offline): no document, visitors see "not found". */
  offline?: boolean;
  /** Absent when expired or offline. */
  document?: MapDocument;
}

/** True for states that count as test maps: every state below 1 (live). */
export function isTestState(state: number): boolean {
  return state < MapState.LIVE;
}

/**
 * When a test map stops being public: 7 days after `testSince`, the moment it became a test map (its creation,
 * or the moment it went back to test from a paid state).
 */
export function testMapActiveUntil(testSince: string): string {
  return new Date(Date.parse(testSince) + TEST_MAP_ACTIVE_MS).toISOString();
}

/** Whether a map in `state`, a test map since `testSince`, is public at `now`: live, pro, demo, admin, or an unexpired test map. */
export function isPublic(state: number, testSince: string, now: Date = new Date()): boolean {
  if (!isTestState(state)) return true;
  return now.getTime() < Date.parse(testMapActiveUntil(testSince));
}

/** Whether a test map's 7 days are over. */
export function isExpiredTestMap(state: number, testSince: string, now: Date = new Date()): boolean {
  return isTestState(state) && !isPublic(state, testSince, now);
}

/** The plan whose slot a state uses, or null for states that use no paid slot. */
export function slotPlanOf(state: number): 'basic' | 'pro' | null {
  if (state === MapState.LIVE) return 'basic';
  if (state === MapState.PRO) return 'pro';
  return null;
}

/** States only administrators may set. */
export function isAdminOnlyState(state: number): boolean {
  return state === MapState.DEMO || state === MapState.ADMIN;
}

/**
 * The message a user sees when they are out of test map slots. True however many they hold: maps whose slots or
 * licenses ended come back as test maps, so an account can hold more than 2.
 */
export const TEST_SLOTS_EXHAUSTED =
  'A free account can hold 2 test maps, and yours has no room for another. Delete a test map, or buy a map slot to make a map live (Plans: #subscribe).';
export const paidSlotsExhausted = (plan: 'basic' | 'pro') =>
  `All your ${plan === 'basic' ? 'Basic' : 'Professional'} map slots are in use. Buy more slots to make this map ${plan === 'basic' ? 'live' : 'pro'} (Plans: #subscribe).`;
