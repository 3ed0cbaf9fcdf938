/**
 * The local stack's own paths, which have no CloudFront counterpart: the Cognito emulator's browser-facing
 * actions, the dev mailbox's intake, and the runtime config the app reads (CloudFront serves a deployed file).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BROWSER_COGNITO_ACTIONS, cognitoAction } from './cognito';
import { readBody, sendJson } from './http-util';
import type { Mailbox } from './mailbox';

/** /_cognito: only the user-facing actions the web app calls, as Cognito's public endpoint allows without IAM. */
export function proxyCognito(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  app: (req: IncomingMessage, res: ServerResponse) => void,
): void {
  const p = url.pathname;
  const sub = p.slice('/_cognito'.length) || '/';
  const action = cognitoAction(req.headers['x-amz-target']);
  if (req.method !== 'POST' || sub !== '/' || !action || !BROWSER_COGNITO_ACTIONS.has(action)) {
    res.writeHead(400, {
      'content-type': 'application/x-amz-json-1.1',
      'x-amzn-errortype': 'MissingAuthenticationTokenException',
    });
    return void res.end(
      JSON.stringify({ __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' }),
    );
  }
  req.url = sub + url.search;
  return app(req, res);
}

/** POST /_dev/mail: the product's own emails (lambdas/src/adapters/mailer.ts with DEV_MAILBOX_URL), from this machine only. */
export async function receiveMail(req: IncomingMessage, res: ServerResponse, mailbox: Mailbox): Promise<void> {
  const remote = req.socket.remoteAddress ?? '';
  if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(remote)) return sendJson(res, 403, { message: 'Forbidden' });
  const raw = await readBody(req);
  let mail: { to?: unknown; subject?: unknown; html?: unknown; text?: unknown } = {};
  try {
    mail = JSON.parse(raw?.toString('utf8') ?? '');
  } catch {
    /* answered below */
  }
  if (typeof mail.to !== 'string' || typeof mail.subject !== 'string' || typeof mail.html !== 'string') {
    return sendJson(res, 400, { message: 'Expected {to, subject, html, text?}' });
  }
  return sendJson(
    res,
    201,
    mailbox.add({
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: typeof mail.text === 'string' ? mail.text : undefined,
    }),
  );
}

/** /config.json as the local app reads it: the Cognito emulator behind this origin, no Google sign-in. */
export function localRuntimeConfig(
  req: IncomingMessage,
  cognito: { region: string; userPoolId: string; clientId: string },
): Record<string, unknown> {
  return {
    stage: 'local',
    region: cognito.region,
    userPoolId: cognito.userPoolId,
    userPoolClientId: cognito.clientId,
    cognitoEndpoint: `http://${req.headers.host ?? 'localhost'}/_cognito`,
    googleSignIn: false,
  };
}
