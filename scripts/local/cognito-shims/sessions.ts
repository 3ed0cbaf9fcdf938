/**
 * Where cognito-local ends or renews sessions differently from Cognito (ADR 079), shimmed so the local stack's
 * sessions behave as in AWS:
 * - a refresh makes tokens with the refresh time as auth_time; Cognito keeps the time of the sign-in the refresh token
 *   comes from (the API tells an ended session, and a recent sign-in, by it);
 * - GlobalSignOut is unsupported; Cognito revokes the caller's refresh tokens;
 * - an error of the PostConfirmation trigger is only logged; Cognito answers it to the caller (a password reset whose
 *   trigger could not end the other sessions says so).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local's internals ship no types */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const L = (p: string) => require(`cognito-local/lib/${p}`);

type Target = (c: any, r: any) => Promise<any>;
type Handler = (event: any) => Promise<any>;

const payloadOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** The token with `claims` set, signed again by `resign` (which signs a token's payload with the install's key). */
function withClaims(token: string, claims: Record<string, unknown>, resign: (token: string) => string): string {
  const [header, , signature] = token.split('.');
  const payload = Buffer.from(JSON.stringify({ ...payloadOf(token), ...claims })).toString('base64url');
  return resign(`${header}.${payload}.${signature}`);
}

const isRefresh = (flow: unknown) => flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN';

/**
 * PostConfirmation failures by username, kept by the trigger's wrapper (confirmationTrigger) until the confirmation
 * that ran it answers them.
 */
const failedConfirmations = new Map<string, unknown>();

/** The PostConfirmation handler, its failures kept for the confirmation to answer (cognito-local swallows them). */
export function confirmationTrigger(handler: Handler): Handler {
  return async (event) => {
    try {
      return await handler(event);
    } catch (err) {
      failedConfirmations.set(String(event.userName), err);
      throw err;
    }
  };
}

export function sessionShims(
  base: (target: string) => Target,
  cognito: any,
  resign: (token: string) => string,
): Record<string, Target> {
  const initiateAuth: Target = async (c, r) => {
    const out = await base('InitiateAuth')(c, r);
    const refreshToken = r?.AuthParameters?.REFRESH_TOKEN;
    const result = out?.AuthenticationResult;
    if (!isRefresh(r?.AuthFlow) || typeof refreshToken !== 'string' || !result) return out;
    // The refresh token's iat is the time of the sign-in that made it (cognito-local makes it then, once).
    const signedIn = { auth_time: payloadOf(refreshToken).iat };
    return {
      ...out,
      AuthenticationResult: {
        ...result,
        ...(result.AccessToken ? { AccessToken: withClaims(result.AccessToken, signedIn, resign) } : {}),
        ...(result.IdToken ? { IdToken: withClaims(result.IdToken, signedIn, resign) } : {}),
      },
    };
  };
  return {
    InitiateAuth: initiateAuth,
    // Amplify v6 refreshes tokens through this newer API, which cognito-local lacks.
    GetTokensFromRefreshToken: (c, r) =>
      initiateAuth(c, {
        ClientId: r.ClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: r.RefreshToken },
      }),
    // The access token was verified before this runs (scripts/local/cognito.ts).
    GlobalSignOut: async (c, r) => {
      const { username, client_id: clientId } = payloadOf(r.AccessToken);
      const pool = await cognito.getUserPoolForClientId(c, clientId);
      const user = await pool.getUserByUsername(c, username);
      if (!user) throw new (L('errors').NotAuthorizedError)();
      await pool.saveUser(c, { ...user, RefreshTokens: [] });
      return {};
    },
    ConfirmForgotPassword: async (c, r) => {
      const out = await base('ConfirmForgotPassword')(c, r);
      const pool = await cognito.getUserPoolForClientId(c, r.ClientId);
      const username = (await pool.getUserByUsername(c, r.Username))?.Username;
      const failure = failedConfirmations.get(username);
      if (failure === undefined) return out;
      failedConfirmations.delete(username);
      const message = failure instanceof Error ? failure.message : String(failure);
      throw new (L('errors').UserLambdaValidationError)(`PostConfirmation failed with error ${message}.`);
    },
  };
}
