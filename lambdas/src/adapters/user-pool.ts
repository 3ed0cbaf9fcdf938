/** The Cognito adapter: the administrative actions the accounts service takes on the caller's own user. */
import {
  AdminDeleteUserAttributesCommand, AdminDeleteUserCommand, AdminGetUserCommand, AdminUpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../lib/clients';
import { config } from '../lib/config';

const isUserNotFound = (err: unknown) => (err as { name?: string })?.name === 'UserNotFoundException';

/**
 * Users are addressed by their `sub`: with email as the username attribute, Cognito's username is the sub,
 * and the sub never changes when the email does.
 */
export const userPool = {
  /** Sets the standard `picture` attribute, which the ID token carries as the user's photo URL. */
  async setPicture(uid: string, url: string): Promise<void> {
    await cognito.send(new AdminUpdateUserAttributesCommand({
      UserPoolId: config.userPoolId, Username: uid, UserAttributes: [{ Name: 'picture', Value: url }],
    }));
  },

  async clearPicture(uid: string): Promise<void> {
    await cognito.send(new AdminDeleteUserAttributesCommand({ UserPoolId: config.userPoolId, Username: uid, UserAttributeNames: ['picture'] }));
  },

  /** The user's current email address, or null when the user is gone (for the product's own notices). */
  async emailOf(uid: string): Promise<string | null> {
    try {
      const out = await cognito.send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: uid }));
      return out.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? null;
    } catch (err) {
      if (isUserNotFound(err)) return null;
      throw err;
    }
  },

  /** Deletes the user; a user already gone counts as deleted, so a retried account deletion completes. */
  async deleteUser(uid: string): Promise<void> {
    try {
      await cognito.send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: uid }));
    } catch (err) {
      if (!isUserNotFound(err)) throw err;
    }
  },
};
