/**
 * The whole product on one machine: DynamoDB Local, s3rver, embedded cognito-local, the dev mailbox and
 * the gateway that serves the real Lambda handlers and the web app on one origin. Used by `npm start`,
 * `npm run dev` and the test suite (which starts it once per run on free ports with a throwaway data dir).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import type { S3Event as LambdaS3Event } from 'aws-lambda';
import type { UserPoolTriggerEvent } from '../../lambdas/src/triggers/cognito-custom-message';
import { TRIGGERS } from '@mapnest/lambdas/routes';
import { runSvgChecksWith } from '@mapnest/lambdas/domain/files/svg-check';
import { startLocalCognito, LOCAL_CLIENT_ID, LOCAL_REGION, LOCAL_USER_POOL_ID, type LocalCognito } from './cognito';
import { superviseDynamoLocal, ensureTable, type SupervisedDynamo } from './dynamodb';
import { createGateway } from './gateway';
import { guardParameterStore, guardTable, guardUserPool } from './lambda/grants-guard';
import { startParametersExtension, type ParameterEnv } from './lambda/parameters-extension';
import { lambdaContext, loadHandler, REPO_ROOT } from './lambda/lambda-runtime';
import { startSchedules } from './schedules';
import { startTableStream, type TableStream } from './table-stream';
import { Mailbox } from './mailbox';
import {
  LOCAL_WEBHOOK_SECRET,
  SANDBOX_MARKETPLACE_TOKEN,
  SANDBOX_PRICES,
  SANDBOX_SECRET_KEY,
  startPaymentsSandbox,
  type PaymentsSandbox,
} from './payments';
import { freePort } from './ports';
import { startLocalS3, type LocalS3, type S3Event } from './s3/s3';
import { SvgWorker } from './svg-worker';

export const LOCAL_TABLE = 'mapnest-local';
export const LOCAL_BUCKETS = {
  documents: 'mapnest-documents',
  public: 'mapnest-public',
  uploads: 'mapnest-uploads',
} as const;

export interface StackOptions {
  /** Gateway port; 0 picks a free one. */
  port: number;
  /** Where emulator data lives; kept between runs. */
  dataDir: string;
  /** Keep DynamoDB in memory instead of under dataDir (tests). */
  inMemoryDynamo?: boolean;
  /**
   * Run the scheduled triggers on their schedules, as EventBridge does (`npm start`: the hourly sweep). Tests leave
   * it off and call the sweeps themselves: a run firing mid-suite would change what they count stack-wide.
   */
  schedules?: boolean;
  webDist?: string;
  vite?: Parameters<typeof createGateway>[0]['vite'];
  log?: (line: string) => void;
}

/** The environment the handlers run with in the local stack. */
export interface StackEnv extends ParameterEnv {
  AWS_REGION: string;
  AWS_ACCESS_KEY_ID: string;
  AWS_SECRET_ACCESS_KEY: string;
  AWS_ENDPOINT_URL_DYNAMODB: string;
  AWS_ENDPOINT_URL_S3: string;
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: string;
  AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: string;
  TABLE_NAME: string;
  DOCUMENTS_BUCKET: string;
  PUBLIC_BUCKET: string;
  UPLOADS_BUCKET: string;
  USER_POOL_ID: string;
  USER_POOL_CLIENT_ID: string;
  /**
   * The values calls accept in CloudFront's secret origin header (lambdas/src/lib/origin-check.ts): the local stack
   * runs the same check as deployed stages, and its gateway sends the header as CloudFront does.
   */
  ORIGIN_SECRETS: string;
  APP_ORIGIN: string;
  S3_PUBLIC_ENDPOINT: string;
  DEV_MAILBOX_URL: string;
  /**
   * Stripe: the sandbox's key and address, or the operator's test key (then no STRIPE_API_BASE). The handlers read the
   * secrets through the Parameters and Secrets extension (`<NAME>_PARAMETER`, ParameterEnv), as deployed; the values
   * stay here for the tests and the sandbox.
   */
  STRIPE_SECRET_KEY: string;
  STRIPE_WEBHOOK_SECRET: string;
  STRIPE_PRICES: string;
  STRIPE_API_BASE?: string;
  MARKETPLACE_TOKEN: string;
  MARKETPLACE_API_BASE?: string;
}

type PaymentEnv = Pick<
  StackEnv,
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_PRICES'
  | 'STRIPE_API_BASE'
  | 'MARKETPLACE_TOKEN'
  | 'MARKETPLACE_API_BASE'
>;

export interface Stack {
  url: string;
  port: number;
  endpoints: { dynamodb: string; s3: string; cognito: string };
  /** DynamoDB Local under its supervisor (its process id and restarts, for fault tests). */
  dynamo: Pick<SupervisedDynamo, 'pid' | 'restarts'>;
  /** S3 (in this process): an outage switch for fault tests. */
  s3: Pick<LocalS3, 'outage'>;
  userPoolId: string;
  clientId: string;
  mailbox: Mailbox;
  /** The local payments sandbox, when no Stripe key is configured. */
  payments: PaymentsSandbox | null;
  /** Environment the handlers run with (also set on this process). */
  env: StackEnv;
  /** Resolves when every S3 trigger started so far has finished, and the table's stream has been read once more. */
  settled(): Promise<void>;
  /**
   * Holds requests until `until` settles: `npm start` seeds the administrator and demo map after the
   * stack (and its port) is up, and a page opened meanwhile would find no demo map.
   */
  holdRequests(until: Promise<unknown>): void;
  stop(): Promise<void>;
}

/** S3 notification records carry URL-encoded keys (spaces as '+'); s3rver does not, so encode here. */
function s3EventRecord(e: S3Event): LambdaS3Event {
  const key = encodeURIComponent(e.key).replace(/%20/g, '+').replace(/%2F/g, '/');
  return {
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: LOCAL_REGION,
        eventTime: new Date().toISOString(),
        eventName: e.eventName,
        userIdentity: { principalId: 'local' },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: { 'x-amz-request-id': 'local', 'x-amz-id-2': 'local' },
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: 'local',
          bucket: { name: e.bucket, ownerIdentity: { principalId: 'local' }, arn: `arn:aws:s3:::${e.bucket}` },
          object: { key, size: e.size, eTag: '', sequencer: '0' },
        },
      },
    ],
  };
}

/** S3 with its buckets, running the upload triggers on every object created in the uploads bucket, as S3 does. */
async function startS3WithTriggers(dataDir: string, pendingTriggers: Set<Promise<unknown>>) {
  const s3 = await startLocalS3({
    dataDir: path.join(dataDir, 's3'),
    buckets: Object.values(LOCAL_BUCKETS),
    onEvent: (e) => {
      if (e.bucket !== LOCAL_BUCKETS.uploads || !e.eventName.startsWith('ObjectCreated')) return;
      for (const t of TRIGGERS.filter((x) => x.source === 's3-upload')) {
        const run = loadHandler(path.join(REPO_ROOT, 'lambdas/src/triggers', `${t.module}.ts`))
          .then((h) => h(s3EventRecord(e), lambdaContext(`mapnest-${t.module}`)))
          .catch((err: unknown) => console.error(`[stack] trigger ${t.module} failed:`, err))
          .finally(() => pendingTriggers.delete(run));
        pendingTriggers.add(run);
      }
    },
  });
  for (const bucket of Object.values(LOCAL_BUCKETS)) {
    await s3.client
      .send(new HeadBucketCommand({ Bucket: bucket }))
      .catch(() => s3.client.send(new CreateBucketCommand({ Bucket: bucket })));
  }
  return s3;
}

/**
 * Payments: with no Stripe key configured, the sandbox stands in for Stripe and the marketplace (payments.ts);
 * with STRIPE_SECRET_KEY (a test key) and STRIPE_PRICES set, the same handlers talk to real Stripe.
 */
async function startPayments(
  dataDir: string,
  gatewayPort: () => number,
  log: (line: string) => void,
): Promise<{ payments: PaymentsSandbox | null; paymentEnv: PaymentEnv }> {
  const realStripe = Boolean(process.env.STRIPE_SECRET_KEY) && process.env.STRIPE_SECRET_KEY !== SANDBOX_SECRET_KEY;
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET;
  const payments = realStripe
    ? null
    : await startPaymentsSandbox({
        dataFile: path.join(dataDir, 'payments.json'),
        webhookSecret,
        webhookUrl: () => `http://127.0.0.1:${gatewayPort()}/api/stripe/webhook`,
        appOrigin: () => `http://localhost:${gatewayPort()}`,
        log,
      });
  const realMarketplace =
    Boolean(process.env.MARKETPLACE_TOKEN) && process.env.MARKETPLACE_TOKEN !== SANDBOX_MARKETPLACE_TOKEN;
  const paymentEnv: PaymentEnv = {
    STRIPE_SECRET_KEY: realStripe ? process.env.STRIPE_SECRET_KEY! : SANDBOX_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICES: realStripe ? (process.env.STRIPE_PRICES ?? '') : JSON.stringify(SANDBOX_PRICES),
    ...(payments ? { STRIPE_API_BASE: payments.apiBase } : {}),
    MARKETPLACE_TOKEN: realMarketplace ? process.env.MARKETPLACE_TOKEN! : SANDBOX_MARKETPLACE_TOKEN,
    ...(!realMarketplace && payments ? { MARKETPLACE_API_BASE: payments.apiBase } : {}),
  };
  if (!payments) {
    delete process.env.STRIPE_API_BASE;
    log('Payments         Stripe (STRIPE_SECRET_KEY is set)');
  } else {
    log(`Payments sandbox ${payments.apiBase}`);
  }
  if (realMarketplace) delete process.env.MARKETPLACE_API_BASE;
  Object.assign(process.env, paymentEnv);
  return { payments, paymentEnv };
}

/**
 * Payments (the sandbox, or real Stripe) and the secrets as deployed functions read them: through the Parameters and
 * Secrets extension, each function only the ones its grants name (./lambda/parameters-extension.ts).
 */
async function startPaymentsAndSecrets(
  dataDir: string,
  gatewayPort: () => number,
  log: (line: string) => void,
  stops: Array<() => Promise<void>>,
): Promise<{ payments: PaymentsSandbox | null; secretEnv: PaymentEnv & ParameterEnv }> {
  const { payments, paymentEnv } = await startPayments(dataDir, gatewayPort, log);
  if (payments) stops.push(() => payments.stop());
  const extension = await startParametersExtension(paymentEnv);
  stops.push(() => extension.stop());
  stops.push(guardParameterStore(extension.origin));
  log(`Parameter Store  ${extension.origin} (the Lambda extension's reader of the secrets)`);
  return { payments, secretEnv: { ...paymentEnv, ...extension.env } };
}

type LambdaEnv = Omit<
  StackEnv,
  'APP_ORIGIN' | 'S3_PUBLIC_ENDPOINT' | 'DEV_MAILBOX_URL' | keyof PaymentEnv | keyof ParameterEnv
>;

/** The handlers read their configuration from the environment, exactly as in Lambda: the emulators' endpoints. */
function lambdaEnvironment(dynamodb: string, s3: string, cognito: string, originSecret: string): LambdaEnv {
  return {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: dynamodb,
    AWS_ENDPOINT_URL_S3: s3,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito,
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    TABLE_NAME: LOCAL_TABLE,
    DOCUMENTS_BUCKET: LOCAL_BUCKETS.documents,
    PUBLIC_BUCKET: LOCAL_BUCKETS.public,
    UPLOADS_BUCKET: LOCAL_BUCKETS.uploads,
    USER_POOL_ID: LOCAL_USER_POOL_ID,
    USER_POOL_CLIENT_ID: LOCAL_CLIENT_ID,
    ORIGIN_SECRETS: originSecret,
  };
}

/** The single table, created with its indexes when it does not exist yet. */
async function ensureLocalTable(endpoint: string): Promise<void> {
  const ddbClient = new DynamoDBClient({
    endpoint: endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await ensureTable(ddbClient, LOCAL_TABLE);
  ddbClient.destroy();
}

/** The gateway in front of everything, serving MAPNEST_WEB_DIST (or web/dist) unless Vite serves the app. */
function createLocalGateway(
  opts: StackOptions,
  parts: {
    s3: LocalS3;
    cognito: LocalCognito;
    mailbox: Mailbox;
    payments: PaymentsSandbox | null;
    log: (line: string) => void;
    originSecret: string;
    stream: TableStream;
  },
) {
  const { s3, cognito, mailbox, payments, log, originSecret, stream } = parts;
  return createGateway({
    port: opts.port,
    // MAPNEST_WEB_DIST: a build elsewhere (e.g. `vite build --outDir`), so a rebuild never empties what a test serves.
    webDist: opts.webDist ?? process.env.MAPNEST_WEB_DIST ?? path.join(REPO_ROOT, 'web/dist'),
    vite: opts.vite,
    s3,
    buckets: { public: LOCAL_BUCKETS.public, uploads: LOCAL_BUCKETS.uploads },
    cognito: {
      app: cognito.app,
      userPoolId: LOCAL_USER_POOL_ID,
      clientId: LOCAL_CLIENT_ID,
      region: LOCAL_REGION,
      jwks: cognito.jwks,
    },
    mailbox,
    originSecret,
    payments: payments ?? undefined,
    streamSettled: stream.settled,
    log,
  });
}

/** The table stream's triggers, each run in-process like the other triggers (scripts/local/table-stream.ts). */
function runStreamTriggers(endpoint: string, stops: Array<() => Promise<void>>): TableStream {
  const stream = startTableStream({
    endpoint,
    tableName: LOCAL_TABLE,
    triggers: TRIGGERS,
    run: async (module, event) => {
      const handler = await loadHandler(path.join(REPO_ROOT, 'lambdas/src/triggers', `${module}.ts`));
      return handler(event, lambdaContext(`mapnest-${module}`));
    },
  });
  stops.push(() => stream.stop());
  return stream;
}

/** The scheduled triggers on their rates, each run in-process like the other triggers (scripts/local/schedules.ts). */
function runSchedules(log: (line: string) => void): () => Promise<void> {
  const stop = startSchedules(TRIGGERS, async (module, event) => {
    const handler = await loadHandler(path.join(REPO_ROOT, 'lambdas/src/triggers', `${module}.ts`));
    return handler(event, lambdaContext(`mapnest-${module}`));
  });
  const scheduled = TRIGGERS.filter((t) => t.source === 'schedule');
  log(`Schedules        ${scheduled.map((t) => `${t.module} ${t.schedule}`).join(', ')}`);
  return stop;
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = opts.log ?? (() => undefined);
  mkdirSync(opts.dataDir, { recursive: true });
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse())
      await stop().catch((err: unknown) => console.error('[stack] stop failed:', err));
  };
  try {
    // Supervised: restarted within seconds if it dies, and the table made again if it was in memory.
    const dynamo = await superviseDynamoLocal({
      port: await freePort(),
      dataDir: opts.inMemoryDynamo ? undefined : path.join(opts.dataDir, 'dynamodb'),
      log: (line) => console.warn(line),
      afterRestart: (endpoint) => ensureLocalTable(endpoint),
    });
    stops.push(() => dynamo.stop());
    log(`DynamoDB Local   ${dynamo.endpoint}`);

    // The upload trigger checks and sanitises SVG files in a worker thread with a heap limit (ADR 026).
    const svgWorker = new SvgWorker();
    const previousChecker = runSvgChecksWith(svgWorker.check);
    stops.push(async () => {
      runSvgChecksWith(previousChecker);
      await svgWorker.stop();
    });

    const pendingTriggers = new Set<Promise<unknown>>();
    const s3 = await startS3WithTriggers(opts.dataDir, pendingTriggers);
    stops.push(() => s3.stop());
    log(`S3 (s3rver)      ${s3.endpoint}`);

    const mailbox = new Mailbox(path.join(opts.dataDir, 'mail.json'));
    const customMessage = await loadHandler(path.join(REPO_ROOT, 'lambdas/src/triggers/cognito-custom-message.ts'));
    const cognito = await startLocalCognito({
      dataDir: path.join(opts.dataDir, 'cognito'),
      // The user pool's one trigger function: its emails and the email-link sign-in challenge (ADR 036).
      customMessage: (event: UserPoolTriggerEvent) =>
        customMessage(event, lambdaContext('mapnest-cognito-custom-message')),
      onEmail: (mail) => mailbox.add(mail),
    });
    stops.push(() => cognito.stop());
    log(`Cognito (local)  ${cognito.endpoint}`);

    // The handlers read their configuration from the environment, exactly as in Lambda.
    // A new secret per start, as a deployed stage keeps its own in Parameter Store.
    const originSecret = randomBytes(24).toString('base64url');
    const env = lambdaEnvironment(dynamo.endpoint, s3.endpoint, cognito.endpoint, originSecret);
    Object.assign(process.env, env);
    // IAM for the table and the user pool (and Parameter Store, below): each function sends them only what its grants
    // allow (./lambda/grants-guard.ts). The handlers' shared table client is loaded now, as they load it, once its endpoint
    // is in the environment.
    guardTable((await import('@mapnest/lambdas/lib/clients')).dynamo);
    stops.push(guardUserPool(cognito.endpoint));

    await ensureLocalTable(dynamo.endpoint);
    const stream = runStreamTriggers(dynamo.endpoint, stops);

    let gatewayPort = 0;
    const { payments, secretEnv } = await startPaymentsAndSecrets(opts.dataDir, () => gatewayPort, log, stops);
    const gateway = createLocalGateway(opts, { s3, cognito, mailbox, payments, log, originSecret, stream });
    const port = await gateway.listen();
    gatewayPort = port;
    stops.push(() => gateway.close());
    if (opts.schedules) stops.push(runSchedules(log));
    const url = `http://localhost:${port}`;
    const fullEnv: StackEnv = {
      ...env,
      ...secretEnv,
      APP_ORIGIN: url,
      S3_PUBLIC_ENDPOINT: `${url}/_s3`,
      DEV_MAILBOX_URL: `http://127.0.0.1:${port}/_dev/mail`,
    };
    Object.assign(process.env, fullEnv);

    return {
      url,
      port,
      endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint, cognito: cognito.endpoint },
      dynamo,
      s3: { outage: (down) => s3.outage(down) },
      userPoolId: LOCAL_USER_POOL_ID,
      clientId: LOCAL_CLIENT_ID,
      mailbox,
      payments,
      env: fullEnv,
      // Webhook deliveries and uploads can write what the stream then carries: it is read last.
      settled: () => Promise.all([...pendingTriggers, payments?.settled()]).then(() => stream.settled()),
      holdRequests: (until) => gateway.hold(until),
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
