/**
 * One-time sign-in tokens for the verification email's link (ADR 036). The link carries a random token (256 bits);
 * the table keeps only its SHA-256 hash, bound to the user's id and expiring with the email's code (24 hours). The
 * sign-in challenge consumes a token with one conditional delete: it answers true for exactly one caller, only
 * for the user it was issued to, only before it expires, and never for a token the table did not issue.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { SIGN_IN_TOKEN_PATTERN } from '@mapnest/shared/accounts';
import { keys, TTL_ATTRIBUTE } from '@mapnest/shared/keys';
import { dynamo } from '../lib/clients';
import { config } from '../lib/config';
import { isConditionalCheckFailed } from './aws-errors';

/** As long as Cognito's sign-up code: the link stops signing in when it stops verifying. */
export const SIGN_IN_LINK_SECONDS = 24 * 3600;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const signInLinks = {
  /** A new token for the user, replacing any earlier one (only the latest email's link signs in). */
  async issue(uid: string, now = new Date()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await dynamo.send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...keys.signInLink(uid),
          type: 'sign-in-link',
          tokenHash: hashOf(token),
          [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + SIGN_IN_LINK_SECONDS,
        },
      }),
    );
    return token;
  },

  /**
   * Whether `token` is the user's live token, deleting it if so (single use, atomically): a used, expired (TTL
   * deletes lazily, so the time is checked too), replaced, malformed or other user's token answers false.
   */
  async consume(uid: string, token: string, now = new Date()): Promise<boolean> {
    if (!uid || !SIGN_IN_TOKEN_PATTERN.test(token)) return false;
    try {
      await dynamo.send(
        new DeleteCommand({
          TableName: config.tableName,
          Key: keys.signInLink(uid),
          ConditionExpression: 'tokenHash = :hash AND #exp > :now',
          ExpressionAttributeNames: { '#exp': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':hash': hashOf(token), ':now': Math.floor(now.getTime() / 1000) },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  },
};
