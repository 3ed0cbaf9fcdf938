/**
 * Key builders for the single DynamoDB table, pure and in one place: repositories, scripts and tests
 * all build keys here. Table: pk/sk, GSI1 (maps by owner, ordered by created; the team's inbox), GSI2 (maps by author;
 * the inbox's unread requests), GSI3 (sparse: what falls due, by due time).
 */
export const TABLE_INDEXES = {
  byOwner: { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' },
  byAuthor: { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' },
  /**
   * Sparse: only items waiting for the hourly sweep carry its keys (test maps not yet expired by it, licences not yet
   * ended, follow-ups of committed changes still to be done), so the sweep reads what is due instead of scanning the
   * table.
   */
  byDue: { name: 'gsi3', pk: 'gsi3pk', sk: 'gsi3sk' },
} as const;

/** What the sweep waits for, one GSI3 partition each (a few writes a minute at most, far under a partition's limit). */
export type DueKind = 'test-map' | 'license' | 'follow-up';
/** The GSI1 partition of the team's inbox: every contact request kept. */
export const CONTACT_INBOX = 'CONTACTS';
/** The sparse GSI2 partition of the inbox's unread requests (GSI2's other partitions are `AUTHOR#…`). */
export const CONTACT_UNREAD = 'CONTACTS#unread';
/** The TTL attribute (epoch seconds) for items that expire on their own. */
export const TTL_ATTRIBUTE = 'expiresAt';

export const keys = {
  map: (mapId: string) => ({ pk: `MAP#${mapId}`, sk: 'META' }),
  mapHistory: (mapId: string, version: number) => ({ pk: `MAP#${mapId}`, sk: `HIST#${versionLabel(version)}` }),
  mapHistoryPrefix: (mapId: string) => ({ pk: `MAP#${mapId}`, skPrefix: 'HIST#' }),
  /** The record of a committed save by the editor's save id (idempotent saves), written with the version. */
  mapSave: (mapId: string, saveId: string) => ({ pk: `MAP#${mapId}`, sk: `SAVE#${saveId}` }),
  mapsByOwner: (uid: string) => `OWNER#${uid}`,
  mapsByAuthor: (author: string) => `AUTHOR#${author}`,
  /** GSI sort key: creation time first so a query returns maps in creation order. */
  createdSort: (created: string, mapId: string) => `${created}#${mapId}`,
  user: (uid: string) => ({ pk: `USER#${uid}`, sk: 'PROFILE' }),
  /**
   * The one-time sign-in token of the user's latest verification email (only its hash; one per user, so a new email
   * replaces the previous link's token). Consumed by the sign-in challenge; expires with TTL.
   */
  signInLink: (uid: string) => ({ pk: `USER#${uid}`, sk: 'SIGNIN_LINK' }),
  /** Per-user counters (test maps held, slots used per plan), guarded by conditional writes. */
  userSlots: (uid: string) => ({ pk: `USER#${uid}`, sk: 'SLOTS' }),
  subscription: (uid: string, subscriptionId: string) => ({ pk: `USER#${uid}`, sk: `SUB#${subscriptionId}` }),
  subscriptionPrefix: (uid: string) => ({ pk: `USER#${uid}`, skPrefix: 'SUB#' }),
  /** The user's Stripe customer (one per user, created at the first checkout). */
  customer: (uid: string) => ({ pk: `USER#${uid}`, sk: 'CUSTOMER' }),
  /** Which user a Stripe customer belongs to, for webhook events that carry only the customer id. */
  stripeCustomer: (customerId: string) => ({ pk: `STRIPE_CUSTOMER#${customerId}`, sk: 'CUSTOMER' }),
  /** A purchase code, registered once ever across all accounts (conditional put on this item). */
  license: (code: string) => ({ pk: `LICENSE#${code}`, sk: 'LICENSE' }),
  /** The user's copy of a licence they registered, so their licences are one query. */
  userLicense: (uid: string, code: string) => ({ pk: `USER#${uid}`, sk: `LICENSE#${code}` }),
  userLicensePrefix: (uid: string) => ({ pk: `USER#${uid}`, skPrefix: 'LICENSE#' }),
  /**
   * Work a committed change still owes (a public copy to write, an email to send) after its first try failed; done
   * again by the hourly sweep (lambdas/src/domain/follow-ups.ts).
   */
  followUp: (id: string) => ({ pk: `FOLLOWUP#${id}`, sk: 'FOLLOWUP' }),
  webhookEvent: (eventId: string) => ({ pk: `WEBHOOK#${eventId}`, sk: 'EVENT' }),
  contactRequest: (id: string) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT' }),
  /**
   * GSI1 keys of a contact request: one partition for the team's inbox (a few requests an hour at most), newest last
   * by its sort key (received time, then id).
   */
  contactInbox: (received: string, id: string) => ({
    [TABLE_INDEXES.byOwner.pk]: CONTACT_INBOX,
    [TABLE_INDEXES.byOwner.sk]: `${received}#${id}`,
  }),
  /**
   * GSI2 keys a contact request carries while unread (sparse: marking it read removes them, unread puts them back),
   * so the inbox's unread count reads the unread requests only.
   */
  contactUnread: (received: string, id: string) => ({
    [TABLE_INDEXES.byAuthor.pk]: CONTACT_UNREAD,
    [TABLE_INDEXES.byAuthor.sk]: `${received}#${id}`,
  }),
  analytics: (mapId: string, day: string) => ({ pk: `MAP#${mapId}`, sk: `STATS#${day}` }),
  analyticsRange: (mapId: string, from: string, to: string) => ({
    pk: `MAP#${mapId}`,
    skFrom: `STATS#${from}`,
    skTo: `STATS#${to}`,
  }),
  /** Every map-day of a map's analytics (deleted with the map). */
  analyticsPrefix: (mapId: string) => ({ pk: `MAP#${mapId}`, skPrefix: 'STATS#' }),
  /** Beacons recorded for a map in one minute (epoch minute), for the per-map rate limit; expires with TTL. */
  beaconRate: (mapId: string, minute: number) => ({ pk: `RATE#beacon#${mapId}`, sk: `MIN#${minute}` }),
  /** GSI3 keys of an item that falls due at `dueAt` (ISO time): a test map's expiry, a licence's end. */
  due: (kind: DueKind, dueAt: string, id: string) => ({
    [TABLE_INDEXES.byDue.pk]: `DUE#${kind}`,
    [TABLE_INDEXES.byDue.sk]: `${dueAt}#${id}`,
  }),
  /** GSI3 query bounds: the kind's partition, and a sort key above every item due at or before `at`. */
  dueBy: (kind: DueKind, at: string) => ({ pk: `DUE#${kind}`, skBelow: `${at}#\uffff` }),
} as const;

/** 'v00000012': how a version is named in history ids and object keys (sorts in version order). */
export function versionLabel(version: number): string {
  return `v${String(version).padStart(8, '0')}`;
}

/** The version number in a label made by versionLabel, or null when the label is not one. */
export function parseVersionLabel(label: string): number | null {
  const m = /^v(\d{8})$/.exec(label);
  return m ? Number(m[1]) : null;
}

/** S3 object keys, by bucket. */
export const objectKeys = {
  /**
   * A map document version in the private documents bucket. The nonce makes every write a new object, so two
   * saves racing from the same base version can never overwrite each other's document.
   */
  mapDocument: (mapId: string, version: number, nonce: string) =>
    `maps/${mapId}/${versionLabel(version)}-${nonce}.json`,
  mapDocumentPrefix: (mapId: string) => `maps/${mapId}/`,
  /** The published copy in the public bucket, read by embeds at /data/maps/{id}.json. */
  publishedMap: (mapId: string) => `maps/${mapId}.json`,
  /** The user's avatar: written only by setAvatar, by copying an upload it has checked. */
  avatar: (uid: string, ext: string) => `${uid}/.avatar.${ext}`,
  /**
   * Where the browser uploads a new avatar (the presigned POST's key), apart from the avatar itself: setAvatar checks
   * it there and copies it over the avatar only once accepted, so a refused upload never touches the current avatar.
   * Outside `{uid}/files/`, it is no library file (never listed, never counted in storage); the thumbnail trigger
   * skips it.
   */
  avatarUpload: (uid: string, ext: string) => `${uid}/.avatar-upload.${ext}`,
  thumbnail: (path: string, size: number) => `${path}/.thumb-${size}.jpg`,
  userPrefix: (uid: string) => `${uid}/`,
} as const;

/** True for a key where a new avatar waits to be checked (`objectKeys.avatarUpload`). */
export function isAvatarUploadKey(key: string): boolean {
  return /^[^/]+\/\.avatar-upload\.[^/]+$/.test(key);
}
