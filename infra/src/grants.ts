/**
 * What each function may touch, declared in one table. The house function construct turns an entry
 * into IAM statements scoped to the table and to key patterns in each bucket; nothing else grants data
 * access. A function without an entry is a synthesis error, so a new call cannot reach AWS with
 * permissions nobody chose. Entries for calls that do not exist yet are the narrowest plausible set;
 * correct them when the call lands (one line each).
 */
import { callNameFromModule, PUBLIC_CALLS } from '@mapnest/lambdas/routes';

/**
 * Table access: 'read' = GetItem/BatchGetItem/Query (table and indexes); 'write' = PutItem/UpdateItem;
 * 'delete' = DeleteItem/BatchWriteItem; 'scan' = Scan of the table (sweeps only, never request paths).
 */
export type TableAccess = 'read' | 'write' | 'delete' | 'scan';

/**
 * The IAM actions each table access allows: the statements a function's role gets (constructs/mapnest-function.ts),
 * and what the local stack lets each function send the table (scripts/local/lambda/grants-guard.ts). A transaction needs the
 * action of each of its items (PutItem, UpdateItem, DeleteItem, ConditionCheckItem; GetItem to read), as IAM checks it.
 */
export const TABLE_ACTIONS: Readonly<Record<TableAccess, readonly string[]>> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
  write: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'],
  delete: ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
  scan: ['dynamodb:Scan'],
};
/**
 * Object access on keys matching a pattern: 'read' = GetObject (and HeadObject), 'write' = PutObject,
 * 'delete' = DeleteObject, 'list' = ListBucket for prefixes matching the pattern ('*': the whole bucket).
 * S3 answers a missing key with 404 only to a principal allowed to list the bucket (403 otherwise), and
 * a prefix-conditioned ListBucket does not count for GetObject/HeadObject; code that must tell "absent"
 * from "denied" therefore needs { '*': ['list'] }.
 */
export type ObjectAccess = 'read' | 'write' | 'delete' | 'list';
/** Key pattern inside a bucket, IAM style ('*' spans slashes): 'maps/*', '*', '*\/.thumb-*.jpg'. */
export type KeyPattern = string;
/** Cognito admin actions on this stage's user pool only. */
export type UserPoolAction =
  | 'AdminGetUser'
  | 'AdminDeleteUser'
  | 'AdminUpdateUserAttributes'
  | 'AdminDeleteUserAttributes'
  | 'AdminListGroupsForUser'
  | 'AdminUserGlobalSignOut'
  | 'ListUsers'
  | 'DescribeUserPool';

export type BucketName = 'documents' | 'uploads' | 'public';
export type StripeParameter = 'secretKey' | 'webhookSecret' | 'prices';

export interface FunctionGrants {
  table?: readonly TableAccess[];
  documents?: Readonly<Record<KeyPattern, readonly ObjectAccess[]>>;
  uploads?: Readonly<Record<KeyPattern, readonly ObjectAccess[]>>;
  public?: Readonly<Record<KeyPattern, readonly ObjectAccess[]>>;
  userPool?: readonly UserPoolAction[];
  /**
   * Stripe values the function reads from Parameter Store (names from the stage config): the API key, the webhook
   * signing secret, the price ids. Each function gets only the ones it uses.
   */
  stripe?: readonly StripeParameter[];
  /** Reads the marketplace author token from Parameter Store, to check purchase codes. */
  marketplace?: boolean;
  /** Sends the product's own email through SES from the stage's sender identity (lambdas/src/adapters/mailer.ts). */
  mail?: boolean;
}

const R: readonly TableAccess[] = ['read'];
const RW: readonly TableAccess[] = ['read', 'write'];
const RWD: readonly TableAccess[] = ['read', 'write', 'delete'];

/**
 * Calls that change a map republish it (domain/maps.ts publishLatest): they read the map and its current
 * document and write, or remove, the public copy.
 */
const PUBLISHES = { documents: { 'maps/*': ['read'] }, public: { 'maps/*': ['write', 'delete'] } } as const;
/** Calls that store a new document version and delete it again if the commit loses a race; commits also prune old versions. */
const COMMITS = { table: RWD, documents: { 'maps/*': ['read', 'write', 'delete'] }, public: PUBLISHES.public } as const;
/**
 * Calls that make a new map: as COMMITS, but a new map has no older versions to prune, so they delete nothing from the
 * table (the whole stack suite under the local check, ADR 108, saw neither send DeleteItem nor BatchWriteItem).
 */
const CREATES = { ...COMMITS, table: RW } as const;

/**
 * Calls declared `writes: true` (lambdas/src/lib/callable.ts): before running they read the account tombstones
 * (table 'read') and, for an administrator viewing as another user, check that user exists ('AdminGetUser').
 * infra/test/stack.test.ts checks this list against the call sources.
 */
export const WRITING_CALLS = [
  'create-map',
  'duplicate-map',
  'save-map',
  'restore-map-history',
  'admin-update-map',
  'rename-map',
  'set-map-state',
  'set-map-history-name',
  'set-map-analytics-zone',
  'delete-map-history',
  'set-user-slots',
  'create-avatar-upload',
  'set-avatar',
  'update-email',
  'create-file-upload',
  'get-slots',
  'create-checkout-session',
  'create-portal-link',
  'register-license',
  'restore-lapsed-maps',
  'publish-map',
  'unpublish-map',
  'clear-avatar',
  'delete-file',
  'delete-map',
  'check-email-free',
  'mark-contact-request',
  'submit-support-request',
  'sign-out-everywhere',
] as const;

/**
 * Every call resolves an administrator's view-as email address to the user's id before it runs (ListUsers by
 * email, lambdas/src/lib/callable.ts); every call a signed-in user makes reads the caller's sessions-ended mark
 * (table 'read', ADR 079: the public calls, which see no caller, do not), and calls that write check the accounts
 * (withAccountChecks).
 */
function withAccountChecks(grants: Record<string, FunctionGrants>): Record<string, FunctionGrants> {
  const out = { ...grants };
  for (const [id, g] of Object.entries(out)) {
    if (!id.startsWith('calls/')) continue;
    const signedIn = !PUBLIC_CALLS.includes(callNameFromModule(id.slice('calls/'.length)));
    out[id] = {
      ...g,
      ...(signedIn ? { table: [...new Set<TableAccess>([...(g.table ?? []), 'read'])] } : {}),
      userPool: [...new Set<UserPoolAction>([...(g.userPool ?? []), 'ListUsers'])],
    };
  }
  for (const call of WRITING_CALLS) {
    const id = `calls/${call}`;
    const g = out[id] ?? {};
    out[id] = {
      ...g,
      table: [...new Set<TableAccess>([...(g.table ?? []), 'read'])],
      userPool: [...new Set<UserPoolAction>([...(g.userPool ?? []), 'AdminGetUser'])],
    };
  }
  return out;
}

/** Keyed by function id: 'calls/<module>', 'http/<module>', 'triggers/<module>'. */
export const GRANTS: Readonly<Record<string, FunctionGrants>> = withAccountChecks({
  // Callables (POST /api/fn/<name>), from lambdas/src/domain/maps.ts and its adapters.
  // Reads nothing but the caller's sessions-ended mark, which every signed-in call reads (withAccountChecks).
  'calls/get-profile': {},
  // An administrator viewing as a user also sees the maps that name that user's email address as author.
  'calls/list-maps': { table: R, userPool: ['AdminGetUser'] },
  'calls/get-map': { table: R, documents: { 'maps/*': ['read'] } },
  // One kept version's document (domain/map-history.ts), the base of the editor's three-way merge of a local backup.
  'calls/get-map-version': { table: R, documents: { 'maps/*': ['read'] } },
  // Reads the map (owner or admin) and its map-days (domain/analytics.ts).
  'calls/get-map-analytics': { table: R },
  // Reads the map (owner or admin) and sets the zone of its analytics days on its item (domain/analytics.ts, ADR 072).
  'calls/set-map-analytics-zone': { table: RW },
  'calls/get-slots': { table: R },
  'calls/create-map': CREATES,
  'calls/duplicate-map': CREATES,
  'calls/save-map': COMMITS,
  'calls/restore-map-history': COMMITS,
  'calls/admin-update-map': COMMITS,
  'calls/rename-map': { table: RW, ...PUBLISHES },
  // Publishing (ADR 018): the map item and the published history entry in one transaction, then the public copy.
  // Floors stored in the uploads bucket are checked first (HeadObject; 'list' so a missing file is a 404).
  'calls/publish-map': { table: RW, ...PUBLISHES, uploads: { '*/files/*': ['read'], '*': ['list'] } },
  'calls/unpublish-map': { table: RW, ...PUBLISHES },
  // Its public copy is owed in the state change's own transaction and written by the follow-ups' trigger (ADR 047).
  'calls/set-map-state': { table: RW },
  'calls/set-map-history-name': { table: RW },
  'calls/delete-map-history': { table: RWD, documents: { 'maps/*': ['delete'] } },
  'calls/delete-map': { table: RWD, documents: { 'maps/*': ['delete', 'list'] }, public: { 'maps/*': ['delete'] } },
  // Lowering a grant below use sends maps back to test and owes their public copies and the owner's email: kept in
  // the table for the follow-ups' trigger (ADR 047), which writes and sends them. An account over its slots is looked
  // up in the administrators' group first: an administrator's own maps need no slot (ADR 085).
  'calls/set-user-slots': { table: RW, userPool: ['AdminListGroupsForUser'] },

  // Account calls, from lambdas/src/domain/accounts.ts: avatars live at {uid}/.avatar.{ext} (thumbnails beneath). The
  // browser uploads a new one to {uid}/.avatar-upload.{ext} (the presigned POST, so PutObject there and only there).
  'calls/create-avatar-upload': { uploads: { '*/.avatar-upload.*': ['write'] } },
  // Reads and checks the upload, copies it over the avatar (CopyObject: GetObject on the source, PutObject on the
  // target), then removes it and the other variants; reads the avatar when a retry finds the upload used. head() of
  // a missing object must be a 404: hence list on the bucket.
  'calls/set-avatar': {
    uploads: { '*/.avatar-upload.*': ['read', 'delete'], '*/.avatar.*': ['read', 'write', 'delete'], '*': ['list'] },
    userPool: ['AdminUpdateUserAttributes'],
  },
  'calls/clear-avatar': {
    uploads: { '*/.avatar.*': ['delete', 'list'], '*/.avatar-upload.*': ['delete', 'list'] },
    userPool: ['AdminDeleteUserAttributes'],
  },
  // One account per email address (domain/email-address.ts): both look the address up; updateEmail puts back the
  // previous address when the new one turns out to be taken.
  'calls/check-email-free': { table: RW, userPool: ['ListUsers'] },
  // Points the account's Stripe customer at the new address (receipts and invoices follow the account's email).
  'calls/update-email': { table: RW, userPool: ['ListUsers', 'AdminUpdateUserAttributes'], stripe: ['secretKey'] },
  // 'View as user' (administrators): a user by id, or users by the start of their email address (domain/admin/user-search.ts).
  'calls/find-users': { userPool: ['AdminGetUser', 'ListUsers'] },
  'calls/list-contact-requests': { table: R },
  // The team's inbox: marks a request read or answered by a conditional update (ADR 062).
  'calls/mark-contact-request': { table: ['write'] },
  // Last, keeps the email confirming the deletion, to the address the account had, for the follow-ups' trigger.
  'calls/delete-user-data': {
    table: RWD,
    documents: { 'maps/*': ['delete', 'list'] },
    public: { 'maps/*': ['delete'] },
    uploads: { '*': ['delete', 'list'] },
    // Cancels the user's Stripe subscriptions (nobody is billed for a deleted account).
    stripe: ['secretKey'],
    // Writes the account's tombstone and signs the user out everywhere before deleting them.
    userPool: ['AdminUserGlobalSignOut', 'AdminDeleteUser'],
  },
  // "Sign out of all devices" (ADR 079): revokes the user's refresh tokens, then sets the sessions-ended mark on the
  // profile item (UpdateItem).
  'calls/sign-out-everywhere': { table: ['write'], userPool: ['AdminUserGlobalSignOut'] },
  // File library, from lambdas/src/domain/files/files.ts: {uid}/files/{random}-{name}, thumbnails beneath.
  // Refuses an upload the account's storage quota cannot hold (reads the slot item, ADR 027).
  'calls/create-file-upload': { table: R, uploads: { '*/files/*': ['write'] } },
  'calls/list-files': { uploads: { '*/files/*': ['list'] } },
  // Gives the file's bytes back to the account's storage count and removes its marker (ADR 027).
  'calls/delete-file': { table: RWD, uploads: { '*/files/*': ['read', 'delete'], '*': ['list'] } },
  // Stores the request, then mails the team (domain/contact.ts).
  'calls/submit-contact': { table: ['write'], mail: true },
  // The same, signed in: the caller's slot counters say whether it is priority support (a Professional plan).
  'calls/submit-support-request': { table: ['read', 'write'], mail: true },

  // Billing, from lambdas/src/domain/billing.ts: Stripe sessions, subscriptions and licences in the table.
  'calls/create-checkout-session': { table: RW, stripe: ['secretKey', 'prices'] },
  'calls/create-portal-link': { table: R, stripe: ['secretKey'] },
  'calls/list-subscriptions': { table: R },
  'calls/list-licenses': { table: R },
  // A test map goes live on its licence: its public copy and the confirmation email are owed (ADR 047).
  'calls/register-license': { table: RW, marketplace: true },
  'calls/restore-lapsed-maps': { table: RW },

  // Public routes.
  // One cheap read of each dependency (adapters/dependencies.ts): HeadBucket needs ListBucket.
  'http/health': {
    table: R,
    documents: { '*': ['list'] },
    uploads: { '*': ['list'] },
    public: { '*': ['list'] },
    userPool: ['DescribeUserPool'],
  },
  // The analytics beacon: reads a map's state, counts the client's and the map's minute and adds to its map-day
  // (ADD only); reads the published copy for its location ids (a deleted map has none: 'list' for a 404).
  'http/beacon': { table: RW, public: { 'maps/*': ['read'], '*': ['list'] } },
  // Verifies signatures (webhook secret), maps prices to plans, and when capacity falls below use sends maps back
  // to test; the public copies and billing emails it owes are kept in the table for the follow-ups' trigger (ADR 047).
  // Two updates of a subscription within one second are put in order by reading it from Stripe (secretKey). An
  // account over its slots is looked up in the administrators' group first, whose maps need no slot (ADR 085).
  'http/stripe-webhook': {
    table: RW,
    stripe: ['webhookSecret', 'prices', 'secretKey'],
    userPool: ['AdminListGroupsForUser'],
  },

  // Event triggers.
  // The user pool's trigger: stores the verification link's one-time sign-in token (Put) and consumes it with a
  // conditional Delete (ADR 036). After a password reset it sets the sessions-ended mark on the profile item (Update)
  // and revokes the user's refresh tokens (ADR 079); the pool depends on the function, so that one action comes in a
  // policy of its own made once the pool exists (constructs/mapnest-function.ts). It never reads the table.
  'triggers/cognito-custom-message': { table: ['write', 'delete'], userPool: ['AdminUserGlobalSignOut'] },
  // Hourly sweep: queries the sparse index of what is due (GSI3) for test maps past their 7 days, checks each
  // published copy (HeadObject, so 'list' for a 404) and republishes; ends licences whose 6 months are over, which
  // may send maps back to test and email their owner; does again the follow-ups still owed (a public copy, a billing
  // email: ADR 045) and deletes each one done (ADR 047); an account over its slots is looked up in the administrators'
  // group first (ADR 085). A version's document kept after a write with an unknown outcome is deleted an hour later
  // unless the map uses it (a held follow-up, ADR 020), and a map's deletion whose rest could not be done at once is
  // finished (listing and deleting its documents, removing its public copy: ADR 114). No Scan.
  'triggers/expire-test-maps': {
    table: ['read', 'write', 'delete'],
    documents: { 'maps/*': ['read', 'delete', 'list'] },
    public: { 'maps/*': ['read', 'write', 'delete'], '*': ['list'] },
    userPool: ['AdminGetUser', 'AdminListGroupsForUser'],
    mail: true,
  },
  // The demo and example maps, at each deployment (domain/demo-maps.ts): reads whether each map exists, creates the
  // missing ones (document, map item and history in one transaction; the document is deleted again if that fails) and
  // publishes them; checks each published copy (HeadObject, so 'list' for a 404) and writes a missing one again.
  // Never deletes a table item.
  'triggers/seed-demo-maps': {
    table: RW,
    documents: { 'maps/*': ['read', 'write', 'delete'] },
    public: { 'maps/*': ['read', 'write', 'delete'], '*': ['list'] },
  },
  // The table's stream, filtered to follow-ups due (ADR 047): takes each (an update), writes the map's public copy
  // from its current document (or removes a deleted map's), sends the email to the account's address (the user
  // pool), deletes a version's unused document (ADR 020) or finishes a map's deletion (its documents listed and
  // deleted, its public copy removed, its history, analytics and item: ADR 114), and deletes it once done. Reading
  // the stream is granted by its event source mapping.
  'triggers/follow-ups': {
    table: RWD,
    documents: { 'maps/*': ['read', 'delete', 'list'] },
    public: PUBLISHES.public,
    userPool: ['AdminGetUser'],
    mail: true,
  },
  // Reads each upload ('list' so a vanished source is a 404), writes and may remove its thumbnails, and
  // removes library files whose bytes are not their declared type (domain/files/files.ts verifyUpload).
  // Stores a sanitised SVG in place of the uploaded one (domain/files/files.ts verifyUpload).
  // Counts each library file in its owner's storage (a marker item and the counter, in one transaction; ADR 027) and
  // removes a file the quota cannot hold.
  'triggers/thumbnail': {
    table: RW,
    uploads: { '*': ['read', 'list'], '*/.thumb-*.jpg': ['write', 'delete'], '*/files/*': ['write', 'delete'] },
  },
});
