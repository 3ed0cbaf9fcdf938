/**
 * Cognito's custom authentication for the local stack: cognito-local has no CUSTOM_AUTH flow and no challenge
 * triggers, so these shims run it the way Cognito does, calling the product's own trigger handler in-process with
 * Cognito's event shapes (docs/adr/036-sign-in-from-the-verification-link.md):
 *
 * - InitiateAuth (AuthFlow CUSTOM_AUTH): DefineAuthChallenge with an empty session, then CreateAuthChallenge for the
 *   challenge it names; answers ChallengeName CUSTOM_CHALLENGE, the public parameters (with USERNAME) and a Session.
 * - RespondToAuthChallenge (CUSTOM_CHALLENGE): VerifyAuthChallengeResponse with the answer, then DefineAuthChallenge
 *   with the session so far; tokens when it issues them, NotAuthorizedException when it fails the sign-in, or the
 *   next challenge.
 *
 * Like Cognito, the client must allow ALLOW_CUSTOM_AUTH, an unconfirmed user is refused before any trigger runs, an
 * unknown user goes through Define with userNotFound (the client prevents user-existence errors), and a session
 * serves one answer and lasts three minutes.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local's internals ship no types */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const L = (p: string) => require(`cognito-local/lib/${p}`);

type Handler = (event: any) => Promise<any>;
type Target = (c: any, r: any) => Promise<any>;

/** Cognito's default lifetime of an authentication session. */
export const AUTH_SESSION_MS = 3 * 60_000;

interface ChallengeResult {
  challengeName: string;
  challengeResult: boolean;
  challengeMetadata?: string;
}

interface PendingSession {
  username: string;
  clientId: string;
  expires: number;
  session: ChallengeResult[];
  challengeName: string;
  challengeMetadata?: string;
  privateChallengeParameters: Record<string, string>;
}

type Services = { cognito: any; tokenGenerator: any };

/** The common fields of every trigger event Cognito sends. */
function commonFields(pool: any, clientId: string, username: string, triggerSource: string) {
  return {
    version: '1',
    region: String(pool.options.Id).split('_')[0],
    userPoolId: pool.options.Id,
    userName: username,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId },
    triggerSource,
  };
}

/**
 * The step after a session so far: DefineAuthChallenge decides; tokens when it issues them, NotAuthorizedException
 * when it fails the sign-in, else CreateAuthChallenge for the challenge it names and a new Session for the answer.
 */
function challengeSequence(
  services: Services,
  trigger: Handler,
  sessions: Map<string, PendingSession>,
  now: () => number,
) {
  const { NotAuthorizedError } = L('errors');
  const { attributesToRecord } = L('services/userPoolService');
  const refuse = () => new NotAuthorizedError('Incorrect username or password.');

  return async function nextStep(ctx: any, pool: any, client: any, user: any, session: ChallengeResult[], req: any) {
    const username: string = user?.Username ?? req.AuthParameters?.USERNAME ?? req.ChallengeResponses?.USERNAME;
    const userAttributes = user ? attributesToRecord(user.Attributes) : {};
    const clientMetadata = req.ClientMetadata ?? {};
    const defined = await trigger({
      ...commonFields(pool, client.ClientId, username, 'DefineAuthChallenge_Authentication'),
      request: { userAttributes, session, clientMetadata, userNotFound: !user },
      response: { challengeName: null, issueTokens: null, failAuthentication: null },
    });
    const { challengeName, issueTokens, failAuthentication } = defined.response ?? {};
    if (failAuthentication || (issueTokens && !user)) throw refuse();
    if (issueTokens) {
      const groups = await pool.listUserGroupMembership(ctx, user);
      const tokens = await services.tokenGenerator.generate(
        ctx,
        user,
        groups,
        client,
        req.ClientMetadata,
        'Authentication',
      );
      await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
      return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, TokenType: 'Bearer', ExpiresIn: 3600 } };
    }
    if (challengeName !== 'CUSTOM_CHALLENGE') throw refuse();
    const created = await trigger({
      ...commonFields(pool, client.ClientId, username, 'CreateAuthChallenge_Authentication'),
      request: { userAttributes, challengeName, session, clientMetadata, userNotFound: !user },
      response: { publicChallengeParameters: null, privateChallengeParameters: null, challengeMetadata: null },
    });
    const id = randomUUID();
    sessions.set(id, {
      username,
      clientId: client.ClientId,
      expires: now() + AUTH_SESSION_MS,
      session,
      challengeName,
      challengeMetadata: created.response?.challengeMetadata ?? undefined,
      privateChallengeParameters: created.response?.privateChallengeParameters ?? {},
    });
    return {
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: id,
      ChallengeParameters: { ...(created.response?.publicChallengeParameters ?? {}), USERNAME: username },
    };
  };
}

export function customAuthShims(
  base: (target: string) => Target,
  services: Services,
  trigger: Handler,
  now: () => number = Date.now,
): Record<string, Target> {
  const { NotAuthorizedError, UserNotConfirmedException, InvalidParameterError } = L('errors');
  const { attributesToRecord } = L('services/userPoolService');
  const { cognito } = services;
  const sessions = new Map<string, PendingSession>();
  const nextStep = challengeSequence(services, trigger, sessions, now);

  async function poolAndClient(ctx: any, clientId: string) {
    const pool = await cognito.getUserPoolForClientId(ctx, clientId);
    const client = await cognito.getAppClient(ctx, clientId);
    if (!client) throw new NotAuthorizedError();
    return { pool, client };
  }

  return {
    InitiateAuth: async (ctx, req) => {
      if (req?.AuthFlow !== 'CUSTOM_AUTH') return base('InitiateAuth')(ctx, req);
      const { pool, client } = await poolAndClient(ctx, req.ClientId);
      if (!(client.ExplicitAuthFlows ?? []).includes('ALLOW_CUSTOM_AUTH'))
        throw new InvalidParameterError('CUSTOM_AUTH flow not enabled for this client');
      const login = req.AuthParameters?.USERNAME;
      if (typeof login !== 'string' || !login) throw new InvalidParameterError('Missing required parameter USERNAME');
      const user = await pool.getUserByUsername(ctx, login);
      if (user?.UserStatus === 'UNCONFIRMED') throw new UserNotConfirmedException();
      if (user && user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
      return nextStep(ctx, pool, client, user, [], req);
    },

    RespondToAuthChallenge: async (ctx, req) => {
      if (req?.ChallengeName !== 'CUSTOM_CHALLENGE') return base('RespondToAuthChallenge')(ctx, req);
      const pending = typeof req.Session === 'string' ? sessions.get(req.Session) : undefined;
      // One answer per session, whatever it is.
      if (pending) sessions.delete(req.Session);
      if (!pending || pending.expires <= now() || pending.clientId !== req.ClientId)
        throw new NotAuthorizedError('Invalid session for the user, session is expired.');
      const { pool, client } = await poolAndClient(ctx, req.ClientId);
      if (req.ChallengeResponses?.USERNAME !== pending.username) throw new NotAuthorizedError();
      const user = await pool.getUserByUsername(ctx, pending.username);
      const verified = await trigger({
        ...commonFields(pool, client.ClientId, pending.username, 'VerifyAuthChallengeResponse_Authentication'),
        request: {
          userAttributes: user ? attributesToRecord(user.Attributes) : {},
          privateChallengeParameters: pending.privateChallengeParameters,
          challengeAnswer: req.ChallengeResponses?.ANSWER ?? '',
          clientMetadata: req.ClientMetadata ?? {},
          userNotFound: !user,
        },
        response: { answerCorrect: null },
      });
      const session = [
        ...pending.session,
        {
          challengeName: pending.challengeName,
          challengeResult: verified.response?.answerCorrect === true,
          ...(pending.challengeMetadata ? { challengeMetadata: pending.challengeMetadata } : {}),
        },
      ];
      return nextStep(ctx, pool, client, user, session, req);
    },
  };
}
