/**
 * A follow-up's item (ADR 045, 047): the put that keeps what a change owes, due at once, on its own
 * (`followUps.keep`) or inside the transaction of the change that owes it, so the change and what it owes are written
 * together or not at all. Apart from follow-ups.ts so the map and billing tables can add it to their transactions
 * without carrying the rest (the sweep's queries, the stream's images).
 */
import { randomUUID } from 'node:crypto';
import { keys } from '@mapnest/shared/keys';
import { config } from '../lib/config';

/**
 * Work owed: the public copy of a map, an email to a user (its subject and plain-text paragraphs; to the account's
 * address when it is sent, or to `to`, the address an account had: the email that confirms its deletion, and the one
 * that tells the previous address of an email change), or the summary of
 * an owner's maps that went back to test at `at` because their slots `why` (worded when it is sent, from the maps
 * that did: domain/billing.ts holds it before the first lapse), or the document `key` of a map's `version` whose
 * write failed with an unknown outcome (a new map, a save, a restore), deleted unless that version was written with it
 * (domain/save-outcomes.ts holds it for an hour), or the rest of a map's deletion once the map is marked deleting
 * (domain/map-deletion.ts: held for an hour, made due at once when a step fails, forgotten when the deletion is done).
 */
export type FollowUpWork =
  | { kind: 'publish'; mapId: string }
  | { kind: 'notice'; uid: string; to?: string; subject: string; paragraphs: string[] }
  | { kind: 'lapse-summary'; uid: string; why: string; at: string }
  | { kind: 'unmade-document'; mapId: string; version: number; key: string }
  | { kind: 'delete-map'; mapId: string };

/**
 * The id of a follow-up: one per map for a public copy (a newer failure replaces a waiting one, and writing the copy
 * once writes the newest state) and for a deletion, one per document for a document that may be unused, a new one
 * for each email.
 */
export function followUpId(work: FollowUpWork): string {
  if (work.kind === 'publish') return `publish#${work.mapId}`;
  if (work.kind === 'delete-map') return `delete#${work.mapId}`;
  return work.kind === 'unmade-document' ? `document#${work.key}` : `notice#${randomUUID()}`;
}

/** The put that keeps `work`, kept at `at` and due then, or at `dueAt`. */
export function followUpPut(work: FollowUpWork, at: Date, error?: string, dueAt: Date = at) {
  const id = followUpId(work);
  const created = at.toISOString();
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        ...keys.followUp(id),
        ...keys.due('follow-up', dueAt.toISOString(), id),
        id,
        work,
        attempts: 0,
        created,
        ...(error === undefined ? {} : { lastError: error }),
      } as Record<string, unknown>,
    },
  };
}
