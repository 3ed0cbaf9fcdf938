/**
 * The email-link sign-in (ADR 036) as Cognito's custom authentication: one CUSTOM_CHALLENGE whose answer is the
 * one-time token of the verification link (adapters/sign-in-links.ts). Nothing is sent to the user here: the token
 * already reached their inbox with the verification email. The user pool's trigger function
 * (triggers/cognito-custom-message.ts) routes the three challenge triggers to these handlers.
 */
import type {
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { signInLinks } from '../adapters/sign-in-links';
import { logger } from '../lib/logger';

/** The challenge's metadata in Cognito's session, so Define can tell our challenge from any other. */
export const SIGN_IN_LINK_CHALLENGE = 'SIGN_IN_LINK';

/**
 * The sequence: exactly one challenge, the link's token. Tokens are issued only when that single answer was right;
 * an unknown user, a wrong answer, or any other challenge (SRP, a second try) fails the sign-in.
 */
export function defineAuthChallenge(event: DefineAuthChallengeTriggerEvent): DefineAuthChallengeTriggerEvent {
  const { session, userNotFound } = event.request;
  const fail = () => {
    event.response.issueTokens = false;
    event.response.failAuthentication = true;
    return event;
  };
  if (userNotFound) return fail();
  if (session.length === 0) {
    event.response.challengeName = 'CUSTOM_CHALLENGE';
    event.response.issueTokens = false;
    event.response.failAuthentication = false;
    return event;
  }
  const [only] = session;
  if (
    session.length === 1 &&
    only!.challengeName === 'CUSTOM_CHALLENGE' &&
    only!.challengeMetadata === SIGN_IN_LINK_CHALLENGE &&
    only!.challengeResult === true
  ) {
    event.response.issueTokens = true;
    event.response.failAuthentication = false;
    return event;
  }
  return fail();
}

/** The challenge carries no secret: the answer is checked against the table, not against these parameters. */
export function createAuthChallenge(event: CreateAuthChallengeTriggerEvent): CreateAuthChallengeTriggerEvent {
  event.response.publicChallengeParameters = { kind: 'sign-in-link' };
  event.response.privateChallengeParameters = { kind: 'sign-in-link' };
  event.response.challengeMetadata = SIGN_IN_LINK_CHALLENGE;
  return event;
}

/** Right only for the user's own live token, which this consumes (single use), and only once the email is verified. */
export async function verifyAuthChallengeResponse(
  event: VerifyAuthChallengeResponseTriggerEvent,
): Promise<VerifyAuthChallengeResponseTriggerEvent> {
  const { userAttributes, challengeAnswer, userNotFound } = event.request;
  const uid = userAttributes.sub ?? '';
  const verified = userAttributes.email_verified === 'true';
  const answerCorrect =
    !userNotFound &&
    verified &&
    typeof challengeAnswer === 'string' &&
    (await signInLinks.consume(uid, challengeAnswer));
  if (!answerCorrect) logger.info('sign-in link refused', { verified, userNotFound: Boolean(userNotFound) });
  event.response.answerCorrect = answerCorrect;
  return event;
}
