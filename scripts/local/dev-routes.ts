/**
 * The local stack's own paths, which have no CloudFront counterpart: the Cognito emulator's browser-facing
 * actions, the dev mailbox's intake, the runtime config the app reads (CloudFront serves a deployed file), and the
 * pages of `npm run dev`.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { EdgeKind } from '../../infra/src/edge/headers';
import { BROWSER_COGNITO_ACTIONS, cognitoAction } from './cognito';
import { readBody, sendJson } from './http-util';
import type { Mailbox } from './mailbox';
import { NOT_FOUND_PAGE } from '../../infra/src/edge/viewer-functions';
import { spaStatus, spaUri } from './static-files';

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

/** What `npm run dev` uses of Vite's dev server (middleware mode, `appType: 'custom'`). */
export interface DevServer {
  middlewares: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  transformIndexHtml: (url: string, html: string) => Promise<string>;
  config: { root: string };
}

/**
 * `npm run dev`: Vite answers the modules and files it knows; any other path is rewritten as CloudFront's SPA function
 * rewrites it (static-files.ts does the same for the built app): a page, the app's (index.html, also for an address
 * that is none of its pages, then with status 404) or under /m/ the embed's (embed.html), transformed by Vite (its
 * client and React's refresh) and sent from here, or else a 404 (a script or an image that does not exist is not a
 * page). In middleware mode with `appType: 'custom'` Vite serves no HTML itself, so without this no page ever
 * answered.
 */
export function serveDevPage(
  vite: DevServer,
  req: IncomingMessage,
  res: ServerResponse,
  p: string,
  kind: EdgeKind,
): Promise<void> {
  const file = { '/index.html': 'index.html', '/embed.html': 'embed.html', [NOT_FOUND_PAGE]: 'index.html' }[
    spaUri(req, p, kind)
  ];
  const send = async () => {
    if (!file) return sendJson(res, 404, { message: 'Not Found' });
    try {
      const html = await readFile(path.join(vite.config.root, file), 'utf8');
      const page = await vite.transformIndexHtml(req.url ?? p, html);
      res
        .writeHead(spaStatus(req, p, kind), { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(page);
    } catch (err) {
      res
        .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`The dev server could not make ${file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return new Promise<void>((resolve) => vite.middlewares(req, res, () => void send().then(resolve)));
}
