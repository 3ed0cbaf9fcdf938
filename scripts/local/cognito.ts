/**
 * Cognito for the local stack: cognito-local embedded in this process, seeded with a fixed pool and client
 * whose ids have the real region format and whose issuer is the real Cognito domain, so the production
 * token verifier (aws-jwt-verify's CognitoJwtVerifier) works unchanged with the local JWKS cached.
 * Shims cover what cognito-local lacks (see docs/adr/002-local-stack.md), custom authentication among them
 * (cognito-custom-auth.ts, ADR 036), how sessions end and renew (cognito-shims/sessions.ts, ADR 079), what an
 * unknown address or a broken request is told (cognito-shims/existence.ts) and the lockout after failed password
 * sign-ins (cognito-shims/lockout.ts); the
 * CustomMessage, challenge and PostConfirmation triggers are the product's own handler, and every email lands in the
 * dev mailbox instead of being printed.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local's internals ship no types */
import {
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  type JsonWebKey as NodeJwk,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse, Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TOKEN_VALIDITY } from '@mapnest/shared/constants';
import { customAuthShims } from './cognito-custom-auth';
import { answerLikeCognito, hidingUnknownUsers } from './cognito-shims/existence';
import { passwordLockout } from './cognito-shims/lockout';
import { confirmationTrigger, sessionShims } from './cognito-shims/sessions';

const require = createRequire(import.meta.url);
const L = (p: string) => require(`cognito-local/lib/${p}`);

export const LOCAL_REGION = 'us-east-1';
export const LOCAL_USER_POOL_ID = 'us-east-1_MapnestLocal';
export const LOCAL_CLIENT_ID = 'mapnestlocalwebclient00000';
export const LOCAL_ISSUER = `https://cognito-idp.${LOCAL_REGION}.amazonaws.com/${LOCAL_USER_POOL_ID}`;

/**
 * The only Cognito actions the browser may reach through the gateway's /_cognito: those Amplify's auth
 * categories call for the web app's flows (sign-up and confirmation, password sign-in and refresh, attributes
 * and their verification, password reset and change, sign-out). Not DeleteUser: an account is deleted through the
 * deleteUserData call, which removes its data first (in AWS the user pool's web ACL blocks DeleteUser, web-acl.ts).
 * Administrative actions
 * (ListUsers, AdminGetUser, AdminCreateUser…) need IAM credentials in AWS; locally only the Lambda handlers,
 * on the emulator's own port, reach them.
 */
export const BROWSER_COGNITO_ACTIONS: ReadonlySet<string> = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'GlobalSignOut',
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
]);

/** The action a Cognito JSON request names ('AWSCognitoIdentityProviderService.InitiateAuth' gives 'InitiateAuth'). */
export function cognitoAction(target: string | string[] | undefined): string | null {
  if (typeof target !== 'string') return null;
  const m = /^AWSCognitoIdentityProviderService\.([A-Za-z]+)$/.exec(target.trim());
  return m ? m[1]! : null;
}

/** The file, in the local data dir, holding this install's token signing key (made on first start). */
export const SIGNING_KEY_FILE = 'signing-key.json';

export interface SigningKey {
  kid: string;
  privateJwk: NodeJwk;
  publicJwk: NodeJwk & { kid: string; alg: 'RS256'; use: 'sig' };
}

/**
 * This install's RSA key for ID, access and refresh tokens. cognito-local signs with a key published in its
 * package, so anyone could mint tokens the local stack trusted; tokens are re-signed with this key instead,
 * and only its public half is in the JWKS the gateway verifies with.
 */
export function loadSigningKey(dataDir: string): SigningKey {
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const stored = { kid: `local-${randomBytes(8).toString('hex')}`, privateJwk: privateKey.export({ format: 'jwk' }) };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  const { kid, privateJwk } = JSON.parse(readFileSync(file, 'utf8')) as { kid: string; privateJwk: NodeJwk };
  const publicJwk = createPublicKey(createPrivateKey({ key: privateJwk, format: 'jwk' })).export({ format: 'jwk' });
  return { kid, privateJwk, publicJwk: { ...publicJwk, kid, alg: 'RS256', use: 'sig' } };
}

/** A JWT with the same payload, signed with `key` (RS256). */
export function resignJwt(token: string, key: SigningKey): string {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: key.kid })).toString('base64url');
  const input = `${header}.${payload}`;
  const signature = createSign('RSA-SHA256')
    .update(input)
    .sign(createPrivateKey({ key: key.privateJwk, format: 'jwk' }))
    .toString('base64url');
  return `${input}.${signature}`;
}

/** Whether a JWT carries this install's signature and has not expired. */
export function verifyOwnJwt(token: string, key: SigningKey, now = Date.now()): boolean {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return false;
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string; kid?: string };
    if (h.alg !== 'RS256' || h.kid !== key.kid) return false;
    const ok = createVerify('RSA-SHA256')
      .update(`${header}.${payload}`)
      .verify(createPublicKey({ key: key.publicJwk, format: 'jwk' }), Buffer.from(signature, 'base64url'));
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: number };
    return ok && typeof exp === 'number' && exp * 1000 > now;
  } catch {
    return false;
  }
}

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

/** cognito-local's token generator, with every token it makes re-signed with this install's key. */
function resigning(generator: any, key: SigningKey): any {
  return {
    generate: async (...args: unknown[]) => {
      const tokens = await generator.generate(...args);
      return {
        ...tokens,
        AccessToken: resignJwt(tokens.AccessToken, key),
        IdToken: resignJwt(tokens.IdToken, key),
        RefreshToken: resignJwt(tokens.RefreshToken, key),
      };
    },
  };
}

/**
 * cognito-local puts only email (with email_verified always true for any stored string) and custom attributes in
 * ID tokens; real Cognito also carries the standard profile attributes. This local-only token trigger restores them.
 */
async function restoreStandardClaims(event: any): Promise<any> {
  const attrs: Record<string, string> = event.request?.userAttributes ?? {};
  const claims: Record<string, string | boolean> = { email_verified: attrs.email_verified === 'true' };
  for (const name of ['name', 'picture', 'locale', 'zoneinfo', 'updated_at'])
    if (attrs[name] !== undefined) claims[name] = attrs[name]!;
  return { ...event, response: { claimsOverrideDetails: { claimsToAddOrOverride: claims } } };
}

/** The web client's flows, as infra's app client has them: password, refresh, and the email-link sign-in. */
export const LOCAL_CLIENT_AUTH_FLOWS = ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_CUSTOM_AUTH'];

/**
 * The client's token lifetimes, as AWS's (cognito-local makes 24-hour tokens when the client names none: a token
 * kept after signing out worked 24 times longer than in production).
 */
export const LOCAL_CLIENT_TOKENS = {
  IdTokenValidity: TOKEN_VALIDITY.idHours,
  AccessTokenValidity: TOKEN_VALIDITY.accessHours,
  RefreshTokenValidity: TOKEN_VALIDITY.refreshDays,
  TokenValidityUnits: { IdToken: 'hours', AccessToken: 'hours', RefreshToken: 'days' },
};

function seed(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const poolFile = path.join(dataDir, `${LOCAL_USER_POOL_ID}.json`);
  if (!existsSync(poolFile)) {
    writeFileSync(
      poolFile,
      JSON.stringify(
        {
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
        },
        null,
        2,
      ),
    );
  }
  const clientsFile = path.join(dataDir, 'clients.json');
  if (existsSync(clientsFile)) {
    // A data dir made before the client allowed the email-link sign-in (ADR 036), or before it named its token
    // lifetimes, gets the production flows and lifetimes.
    const stored = JSON.parse(readFileSync(clientsFile, 'utf8')) as {
      Clients: Record<string, Record<string, unknown>>;
    };
    const client = stored.Clients[LOCAL_CLIENT_ID];
    const wanted = { ExplicitAuthFlows: [...LOCAL_CLIENT_AUTH_FLOWS], ...LOCAL_CLIENT_TOKENS };
    if (client && Object.entries(wanted).some(([k, v]) => JSON.stringify(client[k]) !== JSON.stringify(v))) {
      Object.assign(client, wanted);
      writeFileSync(clientsFile, JSON.stringify(stored, null, 2));
    }
  } else {
    const now = '2026-01-01T00:00:00.000Z';
    writeFileSync(
      clientsFile,
      JSON.stringify(
        {
          Clients: {
            [LOCAL_CLIENT_ID]: {
              ClientId: LOCAL_CLIENT_ID,
              ClientName: 'web',
              UserPoolId: LOCAL_USER_POOL_ID,
              CreationDate: now,
              LastModifiedDate: now,
              ExplicitAuthFlows: [...LOCAL_CLIENT_AUTH_FLOWS],
              ...LOCAL_CLIENT_TOKENS,
            },
          },
        },
        null,
        2,
      ),
    );
  }
}

/**
 * cognito-local's services, wired for the local stack: triggers run in-process (our CustomMessage handler, and
 * standard claims restored before tokens are made), email goes to `onEmail`, tokens are signed with our key.
 */
async function createServices(opts: LocalCognitoOptions, signingKey: SigningKey, logger: unknown) {
  const { DefaultConfig } = L('server/config');
  const { DateClock, TriggersService, LambdaService, MessagesService } = L('services');
  const { CognitoServiceFactoryImpl } = L('services/cognitoService');
  const { CryptoService } = L('services/crypto');
  const { StormDBDataStoreFactory } = L('services/dataStore/stormDb');
  const { MessageDeliveryService } = L('services/messageDelivery/messageDelivery');
  const { otp } = L('services/otp');
  const { JwtTokenGenerator } = L('services/tokenGenerator');
  const { UserPoolServiceFactoryImpl } = L('services/userPoolService');

  const ctx = { logger };
  const config = structuredClone(DefaultConfig);
  config.ServerConfig = { ...config.ServerConfig, port: 0, hostname: '127.0.0.1' };
  config.TokenConfig = { IssuerDomain: `https://cognito-idp.${LOCAL_REGION}.amazonaws.com` };
  config.TriggerFunctions = {
    CustomMessage: 'CustomMessage',
    PreTokenGeneration: 'PreTokenGeneration',
    PostConfirmation: 'PostConfirmation',
  };
  const clock = new DateClock();
  const dataStores = new StormDBDataStoreFactory(opts.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(
    opts.dataDir,
    dataStores,
    caseInsensitiveSignIn(new UserPoolServiceFactoryImpl(clock, dataStores)),
  ).create(ctx, config.UserPoolDefaults);
  const handlers: Record<string, Handler> = {
    CustomMessage: opts.customMessage,
    PreTokenGeneration: restoreStandardClaims,
    PostConfirmation: confirmationTrigger(opts.customMessage),
  };
  // cognito-local invokes triggers through an aws-sdk v2 Lambda client; this one calls the handler in-process.
  const lambdaClient = {
    invoke: ({ FunctionName, Payload }: { FunctionName: string; Payload: string }) => ({
      promise: async () => ({
        StatusCode: 200,
        Payload: JSON.stringify(await handlers[FunctionName]!(JSON.parse(Payload))),
      }),
    }),
  };
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, lambdaClient),
    new CryptoService(config.KMSConfig),
  );
  const sender = {
    sendEmail: async (_c: unknown, _user: unknown, to: string, message: any) => {
      opts.onEmail({ to, subject: message.emailSubject ?? '(no subject)', html: message.emailMessage ?? '' });
    },
    sendSms: async () => undefined,
  };
  const services = {
    clock,
    cognito,
    config,
    otp,
    triggers,
    messages: new MessagesService(triggers, new MessageDeliveryService(sender)),
    tokenGenerator: resigning(new JwtTokenGenerator(clock, triggers, config.TokenConfig), signingKey),
  };
  return { services, cognito };
}

/**
 * The pool finds a user by username or email whatever the letter case, as Cognito does for a pool made with
 * `signInCaseSensitive: false` (infra/src/constructs/auth.ts): cognito-local compares exactly, so signing up
 * "Ann@Example.com" beside "ann@example.com" made a second account for one mailbox, where Cognito answers
 * UsernameExistsException, and signing in with other capitals failed. Stored values keep the case they were given.
 */
function caseInsensitiveSignIn(factory: any): any {
  const create = factory.create.bind(factory);
  factory.create = async (...args: unknown[]) => {
    const pool = await create(...args);
    const exact = pool.getUserByUsername.bind(pool);
    pool.getUserByUsername = async (c: any, username: unknown) => {
      const found = await exact(c, username);
      if (found || typeof username !== 'string') return found;
      const wanted = username.toLowerCase();
      const users: any[] = await pool.listUsers(c);
      return (
        users.find(
          (u) =>
            String(u.Username).toLowerCase() === wanted ||
            (u.Attributes ?? []).some((a: any) => a.Name === 'email' && String(a.Value).toLowerCase() === wanted),
        ) ?? null
      );
    };
    return pool;
  };
  return factory;
}

/**
 * What cognito-local lacks or does differently from Cognito, for the calls the product makes: administrative global
 * sign-out, resending a confirmation code, and email verified on confirmation.
 */
function compatibilityShims(
  base: (target: string) => (c: any, r: any) => Promise<any>,
  cognito: any,
  services: any,
): Record<string, (c: any, r: any) => Promise<any>> {
  const emailVerified = (user: any) => ({
    ...user,
    Attributes: [
      ...user.Attributes.filter((a: any) => a.Name !== 'email_verified'),
      { Name: 'email_verified', Value: 'true' },
    ],
  });
  return {
    // Cognito finds the user by any of their names (the sub too); cognito-local lists the groups whose members include
    // the very name asked for, so a user asked for by sub, as the Lambdas ask, would be in none.
    AdminListGroupsForUser: async (c, r) => {
      const pool = await cognito.getUserPool(c, r.UserPoolId);
      const user = await pool.getUserByUsername(c, r.Username);
      return base('AdminListGroupsForUser')(c, { ...r, Username: user?.Username ?? r.Username });
    },
    // Deleting an account signs the user out everywhere first: their refresh tokens stop working.
    AdminUserGlobalSignOut: async (c, r) => {
      const pool = await cognito.getUserPool(c, r.UserPoolId);
      const user = await pool.getUserByUsername(c, r.Username);
      if (!user) {
        const { UserNotFoundError } = L('errors');
        throw new UserNotFoundError();
      }
      await pool.saveUser(c, { ...user, RefreshTokens: [] });
      return {};
    },
    ResendConfirmationCode: async (c, r) => {
      const pool = await cognito.getUserPoolForClientId(c, r.ClientId);
      const user = await pool.getUserByUsername(c, r.Username);
      if (!user) {
        const { UserNotFoundError } = L('errors');
        throw new UserNotFoundError();
      }
      const code = services.otp();
      await pool.saveUser(c, { ...user, ConfirmationCode: code });
      const details = {
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: user.Attributes.find((a: any) => a.Name === 'email')?.Value,
      };
      await services.messages.deliver(
        c,
        'ResendCode',
        r.ClientId,
        pool.options.Id,
        user,
        code,
        r.ClientMetadata,
        details,
      );
      return { CodeDeliveryDetails: details };
    },
    // Real Cognito marks an auto-verified email as verified on confirmation, and refuses to confirm a confirmed user
    // with NotAuthorizedException (cognito-local said ExpiredCodeException: "Invalid code provided, please request a
    // code again", so a verification link opened twice said "This link has expired" locally only).
    ConfirmSignUp: async (c, r) => {
      const pool = await cognito.getUserPoolForClientId(c, r.ClientId);
      if ((await pool.getUserByUsername(c, r.Username))?.UserStatus === 'CONFIRMED') {
        const { NotAuthorizedError } = L('errors');
        throw new NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
      }
      const res = await base('ConfirmSignUp')(c, r);
      const user = await pool.getUserByUsername(c, r.Username);
      await pool.saveUser(c, emailVerified(user));
      return res;
    },
  };
}

export interface LocalCognitoOptions {
  dataDir: string;
  /** The user pool's trigger function: CustomMessage, the custom-auth challenge triggers and PostConfirmation. */
  customMessage: Handler;
  onEmail: (email: OutgoingEmail) => void;
}

export async function startLocalCognito(opts: LocalCognitoOptions): Promise<LocalCognito> {
  seed(opts.dataDir);
  const { createServer } = L('server/server');
  const { Router } = L('server/Router');
  const pino = createRequire(require.resolve('cognito-local'))('pino');
  const signingKey = loadSigningKey(opts.dataDir);
  const logger = pino({ level: 'silent' });
  const { services, cognito } = await createServices(opts, signingKey, logger);
  const base = Router(services);
  const inner: Record<string, (c: any, r: any) => Promise<any>> = {
    ...compatibilityShims(base, cognito, services),
    ...customAuthShims(base, services, opts.customMessage),
  };
  // Around the others: a refresh, whichever shim answers it, keeps the sign-in's time.
  const shims = {
    ...inner,
    ...sessionShims(
      (target) => inner[target] ?? base(target),
      cognito,
      (token) => resignJwt(token, signingKey),
    ),
  };
  const lockout = passwordLockout();
  // cognito-local decodes access tokens without checking their signature; Cognito rejects forged ones, so do we.
  const route = (target: string) => {
    const run = shims[target] ?? base(target);
    return async (c: any, r: any) => {
      if (r && typeof r.AccessToken === 'string' && !verifyOwnJwt(r.AccessToken, signingKey)) {
        const { NotAuthorizedError } = L('errors');
        throw new NotAuthorizedError();
      }
      return lockout(target, r, () => hidingUnknownUsers(target, r, () => run(c, r)));
    };
  };
  const created = createServer(route, logger, services.config.ServerConfig, services);
  created.application.use(answerLikeCognito);
  const server: Server = await created.start();
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    app: created.application,
    jwks: { keys: [signingKey.publicJwk] },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
