/**
 * Whether an account may still act: a tombstone written when the account is deleted (its ID tokens stay valid
 * until they expire, so the API must refuse them itself), and whether a user id names a user at all (the
 * administrator's view-as id, setUserSlots). Tombstones are keyed by a hash of the user id, so a deleted account
 * leaves no identifier of its own behind; they expire long after the last token could.
 */
import { createHash } from 'node:crypto';
import { BatchGetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
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

  /** Revokes every refresh token of the user (signed out on every device); a user already gone is fine. */
  async signOutEverywhere(uid: string): Promise<void> {
    try {
      await userPoolCall('AdminUserGlobalSignOut', { UserPoolId: config.userPoolId, Username: uid });
    } catch (err) {
      if (!isUserNotFound(err)) throw err;
    }
  },
};
