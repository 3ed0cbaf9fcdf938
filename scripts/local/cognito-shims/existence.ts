/**
 * Where cognito-local tells more than Cognito does, shimmed so the local stack answers as AWS does: whether an account
 * exists (hidingUnknownUsers), and what went wrong inside the emulator (answerLikeCognito).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local's internals ship no types */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const L = (p: string) => require(`cognito-local/lib/${p}`);

/** An address as Cognito names it where a code was sent: its first letter and its domain's, the rest hidden. */
function masked(username: unknown): string {
  const name = String(username ?? '');
  return `${name.slice(0, 1)}***@${name.split('@')[1]?.slice(0, 1) ?? ''}***`;
}

/**
 * The user pool client hides whether an account exists (`preventUserExistenceErrors` in infra/src/constructs/auth.ts),
 * and Cognito answers a wrong password as an unknown user: a sign-in says "Incorrect username or password.", a reset
 * or a new code is answered as if sent, a code to confirm does not match. cognito-local says "User not found." and
 * "Invalid password", which told anyone which addresses have accounts.
 */
export async function hidingUnknownUsers(target: string, request: any, run: () => Promise<any>): Promise<any> {
  const { CodeMismatchError, InvalidPasswordError, NotAuthorizedError, UserNotFoundError } = L('errors');
  const sent = () => ({
    CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: masked(request?.Username) },
  });
  try {
    const out = await run();
    // Cognito names where a code went only masked ("a***@e***"), for an account and for none alike; cognito-local
    // named the whole address of an account, so the answer told which addresses have one.
    return out?.CodeDeliveryDetails ? { ...out, ...sent() } : out;
  } catch (err: unknown) {
    const unknown = err instanceof UserNotFoundError;
    const refused = err instanceof NotAuthorizedError && (err as Error).message === 'User not authorized';
    if (target === 'InitiateAuth' && (unknown || refused || err instanceof InvalidPasswordError))
      throw new NotAuthorizedError('Incorrect username or password.');
    if (!unknown) throw err;
    if (target === 'ForgotPassword' || target === 'ResendConfirmationCode') return sent();
    if (target === 'ConfirmForgotPassword' || target === 'ConfirmSignUp') throw new CodeMismatchError();
    throw err;
  }
}

/**
 * The emulator's express app's last error handler: a body that is not JSON is Cognito's SerializationException, and
 * any other failure an InternalErrorException, not express's HTML page with a stack trace and this machine's paths.
 */
export function answerLikeCognito(err: any, _req: unknown, res: any, next: (e: unknown) => void): void {
  if (res.headersSent) return next(err);
  const bad = err?.type === 'entity.parse.failed';
  const type = bad ? 'SerializationException' : 'InternalErrorException';
  res
    .status(bad ? 400 : 500)
    .set('x-amzn-errortype', type)
    .type('application/x-amz-json-1.1');
  res.send(JSON.stringify({ __type: type, message: bad ? 'Bad JSON' : 'Internal error' }));
}
