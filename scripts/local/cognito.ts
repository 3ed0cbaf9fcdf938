/**
 * Cognito for the local stack: cognito-local embedded in this process, seeded with a fixed pool and client
 * whose ids have the real region format and whose issuer is the real Cognito domain, so the production
 * token verifier (aws-jwt-verify's CognitoJwtVerifier) works unchanged with the local JWKS cached.
 * Four shims cover what cognito-local lacks (see docs/adr/002-local-stack.md); the CustomMessage trigger is the
 * product's own handler, and every email lands in the dev mailbox instead of being printed.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local's internals ship no types */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse, Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const L = (p: string) => require(`cognito-local/lib/${p}`);

export const LOCAL_REGION = 'us-east-1';
export const LOCAL_USER_POOL_ID = 'us-east-1_MapnestLocal';
export const LOCAL_CLIENT_ID = 'mapnestlocalwebclient00000';
export const LOCAL_ISSUER = `https://cognito-idp.${LOCAL_REGION}.amazonaws.com/${LOCAL_USER_POOL_ID}`;

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
}

export interface LocalCognito {
  endpoint: string;
  /** The express app, for mounting under the gateway's /_cognito path. */
  app: (req: IncomingMessage, res: ServerResponse) => void;
  jwks: { keys: unknown[] };
  stop(): Promise<void>;
}

type Handler = (event: any) => Promise<any>;

/**
 * cognito-local puts only email (with email_verified always true for any stored string) and custom attributes in
 * ID tokens; real Cognito also carries the standard profile attributes. This local-only token trigger restores them.
 */
async function restoreStandardClaims(event: any): Promise<any> {
  const attrs: Record<string, string> = event.request?.userAttributes ?? {};
  const claims: Record<string, string | boolean> = { email_verified: attrs.email_verified === 'true' };
  for (const name of ['name', 'picture', 'locale', 'zoneinfo', 'updated_at']) if (attrs[name] !== undefined) claims[name] = attrs[name]!;
  return { ...event, response: { claimsOverrideDetails: { claimsToAddOrOverride: claims } } };
}

function seed(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const poolFile = path.join(dataDir, `${LOCAL_USER_POOL_ID}.json`);
  if (!existsSync(poolFile)) {
    writeFileSync(poolFile, JSON.stringify({
      Users: {},
      Groups: {},
      Options: {
        Id: LOCAL_USER_POOL_ID,
        Name: 'mapnest-local',
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
        Policies: { PasswordPolicy: { MinimumLength: 8 } },
      },
    }, null, 2));
  }
  const clientsFile = path.join(dataDir, 'clients.json');
  if (!existsSync(clientsFile)) {
    const now = '2026-01-01T00:00:00.000Z';
    writeFileSync(clientsFile, JSON.stringify({
      Clients: {
        [LOCAL_CLIENT_ID]: {
          ClientId: LOCAL_CLIENT_ID, ClientName: 'web', UserPoolId: LOCAL_USER_POOL_ID, CreationDate: now, LastModifiedDate: now,
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        },
      },
    }, null, 2));
  }
}

export async function startLocalCognito(opts: {
  dataDir: string;
  customMessage: Handler;
  onEmail: (email: OutgoingEmail) => void;
}): Promise<LocalCognito> {
  seed(opts.dataDir);
  const { createServer } = L('server/server');
  const { Router } = L('server/Router');
  const { DefaultConfig } = L('server/config');
  const { DateClock, TriggersService, LambdaService, MessagesService } = L('services');
  const { CognitoServiceFactoryImpl } = L('services/cognitoService');
  const { CryptoService } = L('services/crypto');
  const { StormDBDataStoreFactory } = L('services/dataStore/stormDb');
  const { MessageDeliveryService } = L('services/messageDelivery/messageDelivery');
  const { otp } = L('services/otp');
  const { JwtTokenGenerator } = L('services/tokenGenerator');
  const { UserPoolServiceFactoryImpl } = L('services/userPoolService');
  const pino = createRequire(require.resolve('cognito-local'))('pino');
  const publicKey = L('keys/cognitoLocal.public.json');

  const logger = pino({ level: 'silent' });
  const ctx = { logger };
  const config = structuredClone(DefaultConfig);
  config.ServerConfig = { ...config.ServerConfig, port: 0, hostname: '127.0.0.1' };
  config.TokenConfig = { IssuerDomain: `https://cognito-idp.${LOCAL_REGION}.amazonaws.com` };
  config.TriggerFunctions = { CustomMessage: 'CustomMessage', PreTokenGeneration: 'PreTokenGeneration' };
  const clock = new DateClock();
  const dataStores = new StormDBDataStoreFactory(opts.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(opts.dataDir, dataStores, new UserPoolServiceFactoryImpl(clock, dataStores)).create(ctx, config.UserPoolDefaults);
  const handlers: Record<string, Handler> = { CustomMessage: opts.customMessage, PreTokenGeneration: restoreStandardClaims };
  // cognito-local invokes triggers through an aws-sdk v2 Lambda client; this one calls the handler in-process.
  const lambdaClient = {
    invoke: ({ FunctionName, Payload }: { FunctionName: string; Payload: string }) => ({
      promise: async () => ({ StatusCode: 200, Payload: JSON.stringify(await handlers[FunctionName]!(JSON.parse(Payload))) }),
    }),
  };
  const triggers = new TriggersService(clock, cognito, new LambdaService(config.TriggerFunctions, lambdaClient), new CryptoService(config.KMSConfig));
  const sender = {
    sendEmail: async (_c: unknown, _user: unknown, to: string, message: any) => {
      opts.onEmail({ to, subject: message.emailSubject ?? '(no subject)', html: message.emailMessage ?? '' });
    },
    sendSms: async () => undefined,
  };
  const services = {
    clock, cognito, config, otp, triggers,
    messages: new MessagesService(triggers, new MessageDeliveryService(sender)),
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
  };
  const base = Router(services);
  const emailVerified = (user: any) => ({
    ...user,
    Attributes: [...user.Attributes.filter((a: any) => a.Name !== 'email_verified'), { Name: 'email_verified', Value: 'true' }],
  });
  const shims: Record<string, (c: any, r: any) => Promise<any>> = {
    // Amplify v6 refreshes tokens through this newer API, which cognito-local lacks.
    GetTokensFromRefreshToken: (c, r) => base('InitiateAuth')(c, { ClientId: r.ClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: r.RefreshToken } }),
    GlobalSignOut: async () => ({}),
    ResendConfirmationCode: async (c, r) => {
      const pool = await cognito.getUserPoolForClientId(c, r.ClientId);
      const user = await pool.getUserByUsername(c, r.Username);
      if (!user) {
        const { UserNotFoundError } = L('errors');
        throw new UserNotFoundError();
      }
      const code = otp();
      await pool.saveUser(c, { ...user, ConfirmationCode: code });
      const details = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: user.Attributes.find((a: any) => a.Name === 'email')?.Value };
      await services.messages.deliver(c, 'ResendCode', r.ClientId, pool.options.Id, user, code, r.ClientMetadata, details);
      return { CodeDeliveryDetails: details };
    },
    // Real Cognito marks an auto-verified email as verified on confirmation.
    ConfirmSignUp: async (c, r) => {
      const res = await base('ConfirmSignUp')(c, r);
      const pool = await cognito.getUserPoolForClientId(c, r.ClientId);
      const user = await pool.getUserByUsername(c, r.Username);
      await pool.saveUser(c, emailVerified(user));
      return res;
    },
  };
  const created = createServer((target: string) => shims[target] ?? base(target), logger, config.ServerConfig, services);
  const server: Server = await created.start();
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    app: created.application,
    jwks: { keys: [publicKey.jwk] },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
