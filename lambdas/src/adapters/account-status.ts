/**
 * Whether an account may still act: a tombstone written when the account is deleted (its ID tokens stay valid
 * until they expire, so the API must refuse them itself), the instant before which every session of the account was
 * ended (a password reset, "Sign out of all devices": ADR 079), and whether a user id names a user at all (the
 * administrator's view-as id, setUserSlots). Tombstones are keyed by a hash of the user id, so a deleted account
 * leaves no identifier of its own behind; they expire long after the last token could.
 */
import { createHash } from 'node:crypto';
import { BatchGetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionEndedReason } from '@mapnest/shared/errors';
import { keys, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { ADMIN_GROUP } from '@mapnest/shared/constants';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
import { isConditionalCheckFailed } from './aws-errors';
import { userPoolCall } from './user-pool-api';

/** Refresh tokens live at most 30 days (and are revoked at deletion); ID tokens an hour. */
const TOMBSTONE_DAYS = 90;

export const tombstoneKey = (uid: string) => ({
  pk: `DELETED#${createHash('sha256').update(uid).digest('hex')}`,
  sk: 'TOMBSTONE',
});

const isUserNotFound = (err: unknown) => (err as { name?: string })?.name === 'UserNotFoundException';

/**
 * Whether any of these accounts has been deleted (one strongly consistent read). A function of its own as well as
 * `accountStatus.anyDeleted`: every call that writes checks it (lib/callable.ts), and importing it alone keeps the
 * rest of `accountStatus`, and the user pool API its other methods use, out of a call's bundle (ADR 042).
 */
export async function anyDeleted(uids: readonly string[]): Promise<boolean> {
  const unique = [...new Set(uids)];
  if (unique.length === 0) return false;
  const out = await dynamo.send(
    new BatchGetCommand({
      RequestItems: {
        [config.tableName]: { Keys: unique.map(tombstoneKey), ConsistentRead: true, ProjectionExpression: 'pk' },
      },
    }),
  );
  if (Object.keys(out.UnprocessedKeys ?? {}).length)
    throw Object.assign(new Error('tombstone read unprocessed'), { name: 'ThrottlingException' });
  return (out.Responses?.[config.tableName] ?? []).length > 0;
}

/** Every session of the account that began before `before` (epoch ms) was ended, for `reason`. */
export interface SessionsEnded {
  before: number;
  reason: SessionEndedReason;
}

/** What the table says of a caller: whether any of the accounts named is deleted, and when its sessions were ended. */
export interface CallerStatus {
  deleted: boolean;
  sessionsEnded: SessionsEnded | null;
}

const REASONS: readonly SessionEndedReason[] = ['passwordChanged', 'signedOutEverywhere'];

/**
 * The caller's sessions-ended mark (on their profile item) and, for calls that write, the tombstones of the accounts
 * named: one strongly consistent BatchGetItem of at most three small items, on every signed-in call (ADR 079).
 */
export async function callerStatus(uid: string, tombstonesOf: readonly string[] = []): Promise<CallerStatus> {
  const profile = keys.user(uid);
  const out = await dynamo.send(
    new BatchGetCommand({
      RequestItems: {
        [config.tableName]: {
          Keys: [profile, ...[...new Set(tombstonesOf)].map(tombstoneKey)],
          ConsistentRead: true,
          ProjectionExpression: 'pk, sk, signedOutBefore, signedOutBecause',
        },
      },
    }),
  );
  if (Object.keys(out.UnprocessedKeys ?? {}).length)
    throw Object.assign(new Error('account status read unprocessed'), { name: 'ThrottlingException' });
  const items = out.Responses?.[config.tableName] ?? [];
  const mark = items.find((i) => i.pk === profile.pk && i.sk === profile.sk);
  const before = Date.parse(String(mark?.signedOutBefore));
  const reason = REASONS.find((r) => r === mark?.signedOutBecause) ?? 'signedOutEverywhere';
  return {
    deleted: items.some((i) => i.sk === 'TOMBSTONE'),
    sessionsEnded: Number.isFinite(before) ? { before, reason } : null,
  };
}

/** Allowance for Cognito's clock (which stamps a sign-in's auth_time) running behind this Lambda's. */
export const CLOCK_MARGIN_MS = 100;

/**
 * How long to wait, at `now` (epoch ms), until a sign-in can no longer fall in the second of a mark made at `at`: a
 * token says the time of its sign-in in whole seconds, so one in the mark's own second counts as ended
 * (lib/callable.ts `sessionEnded`). 0 once that second (and the margin) has passed.
 */
export const untilPastTheSecondOf = (at: number, now: number): number =>
  Math.max(0, (Math.floor(at / 1000) + 1) * 1000 + CLOCK_MARGIN_MS - now);

/**
 * Ends, in the API's eyes, every session of the account that began before `now`: its ID tokens are refused from now
 * on (lib/callable.ts). Only a later mark replaces one (two Lambdas' clocks may differ a little); the profile item is
 * made if there is none. Answers once the mark's second is over (at most a second and the clock's margin later): a
 * sign-in made after "Sign out of all devices" or a password reset has answered is then always after the mark, where
 * one in the mark's own second would be refused ("You were signed out…" straight after logging in again).
 */
export async function markSessionsEnded(uid: string, reason: SessionEndedReason, now = new Date()): Promise<void> {
  await writeSessionsEnded(uid, reason, now);
  const wait = untilPastTheSecondOf(now.getTime(), Date.now());
  if (wait > 0) await new Promise<void>((resolve) => setTimeout(resolve, wait));
}

async function writeSessionsEnded(uid: string, reason: SessionEndedReason, now: Date): Promise<void> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.user(uid),
        UpdateExpression: 'SET #t = if_not_exists(#t, :t), #u = :uid, #at = :at, #why = :why',
        ConditionExpression: 'attribute_not_exists(#at) OR #at < :at',
        ExpressionAttributeNames: { '#t': 'type', '#u': 'uid', '#at': 'signedOutBefore', '#why': 'signedOutBecause' },
        ExpressionAttributeValues: { ':t': 'profile', ':uid': uid, ':at': now.toISOString(), ':why': reason },
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}

export const accountStatus = {
  /** Records that the account is deleted (before anything of it is removed). */
  async markDeleted(uid: string, now = new Date()): Promise<void> {
    await dynamo.send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...tombstoneKey(uid),
          type: 'tombstone',
          deletedAt: now.toISOString(),
          [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + TOMBSTONE_DAYS * 86_400,
        },
      }),
    );
  },

  anyDeleted,

  /** Whether the user pool has a user with this id (sub). */
  async userExists(uid: string): Promise<boolean> {
    try {
      await userPoolCall('AdminGetUser', { UserPoolId: config.userPoolId, Username: uid });
      return true;
    } catch (err) {
      if (isUserNotFound(err)) return false;
      throw err;
    }
  },

  /**
   * Whether the user is an administrator (a member of ADMIN_GROUP), for work no administrator's token comes with:
   * the recount of an account's slots after a webhook, a sweep or another administrator's grant. A user gone is none.
   */
  async isAdministrator(uid: string): Promise<boolean> {
    let next: string | undefined;
    try {
      do {
        const out = await userPoolCall('AdminListGroupsForUser', {
          UserPoolId: config.userPoolId,
          Username: uid,
          ...(next ? { NextToken: next } : {}),
        });
        if ((out.Groups ?? []).some((g) => g.GroupName === ADMIN_GROUP)) return true;
        next = out.NextToken;
      } while (next);
      return false;
    } catch (err) {
      if (isUserNotFound(err)) return false;
      throw err;
    }
  },

  /**
   * Revokes every refresh token of the user (signed out on every device); a user already gone is fine. `userPoolId`:
   * the user pool's own trigger is not told the pool's id, its events name it.
   */
  async signOutEverywhere(uid: string, userPoolId = config.userPoolId): Promise<void> {
    try {
      await userPoolCall('AdminUserGlobalSignOut', { UserPoolId: userPoolId, Username: uid });
    } catch (err) {
      if (!isUserNotFound(err)) throw err;
    }
  },
};
