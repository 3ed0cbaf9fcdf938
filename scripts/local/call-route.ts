/**
 * API Gateway's side of a call (POST /api/fn/{name}): CloudFront's token gate (the same function source), the
 * Cognito JWT authorizer (no valid ID token, no invocation; claims handed over as strings), then the handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { CALL_NAME_PATTERN, CALL_PATH_PREFIX, PUBLIC_CALLS } from '@mapnest/lambdas/routes';
import { UNAUTHENTICATED_BODY, requireTokenSource } from '../../infra/src/edge/viewer-functions';
import { sendEdgeResponse, viewerRequest } from './edge';
import { decodePath, envelope, readBody, sendJson } from './http-util';
import { apiGatewayClaims, apiGatewayEvent, invokeLambda, listCalls, loadHandler } from './lambda/lambda-runtime';

/** Invokes a handler module with an event and sends its answer as API Gateway would. */
export async function invokeAndSend(res: ServerResponse, file: string, name: string, event: unknown): Promise<void> {
  const handler = await loadHandler(file);
  const answer = await invokeLambda(handler, event, `mapnest-${name}`);
  res.writeHead(answer.statusCode, { ...answer.headers, 'content-length': answer.body.length });
  res.end(answer.body);
}

/**
 * The call route's handler, verifying ID tokens of the given user pool and client; every event carries CloudFront's
 * secret origin header (`originSecret`), as the deployed API origin adds it.
 */
export function createCallRoute(
  cognito: { userPoolId: string; clientId: string; jwks: { keys: unknown[] } },
  originSecret: string,
) {
  const calls = listCalls();
  const verifier = CognitoJwtVerifier.create({
    userPoolId: cognito.userPoolId,
    tokenUse: 'id',
    clientId: cognito.clientId,
  });
  verifier.cacheJwks(cognito.jwks as Parameters<typeof verifier.cacheJwks>[0]);
  return async function handleCall(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const name = decodePath(url.pathname.slice(CALL_PATH_PREFIX.length));
    if (name === null)
      return sendJson(res, 400, envelope('INVALID_ARGUMENT', 'The function name is not valid percent-encoding.'));
    const file = CALL_NAME_PATTERN.test(name) ? calls.get(name) : undefined;
    if (!file || req.method !== 'POST') {
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      return sendJson(
        res,
        404,
        envelope(
          'NOT_FOUND',
          file ? `Calls are made with POST.` : `There is no function named "${name.slice(0, 64)}".`,
        ),
      );
    }
    // CloudFront's token gate first (the same function source): a call without a token gets the protocol's envelope.
    const gated = viewerRequest(
      requireTokenSource(
        JSON.stringify(UNAUTHENTICATED_BODY),
        PUBLIC_CALLS.map((n) => `${CALL_PATH_PREFIX}${n}`),
      ),
      req,
      url.pathname,
    );
    if (!('uri' in gated)) return sendEdgeResponse(res, gated);
    // The JWT authorizer runs before the Lambda: no valid ID token, no invocation. Public calls have no authorizer.
    let claims: Record<string, string> | null = null;
    if (!PUBLIC_CALLS.includes(name)) {
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      try {
        if (!token) throw new Error('missing token');
        claims = apiGatewayClaims((await verifier.verify(token)) as unknown as Record<string, unknown>);
      } catch {
        return sendJson(res, 401, envelope('UNAUTHENTICATED', 'Unauthenticated'));
      }
    }
    const body = await readBody(req);
    if (!body) return sendJson(res, 413, { message: 'Request Entity Too Large' });
    const event = apiGatewayEvent(
      req,
      url,
      `POST ${CALL_PATH_PREFIX}${name}`,
      body,
      originSecret,
      // The token gate stamps the viewer's address too (VIEWER_IP_HEADER), replacing any the caller sent.
      gated.headers,
    ) as APIGatewayProxyEventV2 & {
      requestContext: { authorizer?: unknown };
    };
    if (claims) event.requestContext.authorizer = { jwt: { claims, scopes: null } };
    await invokeAndSend(res, file, name, event);
  };
}
