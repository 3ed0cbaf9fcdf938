import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from './logger';

/** The variables either logger reads; each case sets its own. */
const VARIABLES = [
  'LOG_LEVEL',
  'LOG_SILENT',
  'AWS_LAMBDA_LOG_LEVEL',
  'POWERTOOLS_LOG_LEVEL',
  'POWERTOOLS_LOGGER_SAMPLE_RATE',
  'POWERTOOLS_DEV',
  '_X_AMZN_TRACE_ID',
  'TZ',
];

/** Every line written while `run` runs, with where it went: stdout, stderr, or one of the console's methods. */
async function written(run: () => unknown): Promise<string[]> {
  const lines: string[] = [];
  for (const stream of ['stdout', 'stderr'] as const)
    vi.spyOn(process[stream], 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(`${stream} ${String(chunk)}`);
      return true;
    });
  for (const method of ['debug', 'info', 'warn', 'error', 'log'] as const)
    vi.spyOn(console, method).mockImplementation((text: unknown) => {
      lines.push(`console.${method} ${String(text)}`);
    });
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return lines;
}

/** The old lib/logger.ts (Powertools Logger behind the same interface), as it was until ADR 042. */
function powertoolsLoggers(): { logger: Logger; createLogger: (context?: Record<string, unknown>) => Logger } {
  const root = new PowertoolsLogger({
    serviceName: 'mapnest',
    logLevel: (process.env.LOG_LEVEL ?? 'info').toUpperCase() as 'INFO',
  });
  const silent = () => process.env.LOG_SILENT === '1';
  const wrap = (target: PowertoolsLogger): Logger => ({
    debug: (message, extra) => void (silent() || target.debug(message, extra ?? {})),
    info: (message, extra) => void (silent() || target.info(message, extra ?? {})),
    warn: (message, extra) => void (silent() || target.warn(message, extra ?? {})),
    error: (message, extra) => void (silent() || target.error(message, extra ?? {})),
    child: (context) => wrap(target.createChild({ persistentKeys: context })),
  });
  const createLogger = (context: Record<string, unknown> = {}) => {
    const { service: _service, ...keys } = context;
    return wrap(Object.keys(keys).length > 0 ? root.createChild({ persistentKeys: keys }) : root);
  };
  return { logger: createLogger(), createLogger };
}

/** The lines each logger writes for the same script, each loaded fresh (both read the environment when loaded). */
async function both(script: (loggers: Pick<typeof import('./logger'), 'logger' | 'createLogger'>) => void) {
  const theirs = await written(() => script(powertoolsLoggers()));
  const ours = await written(async () => {
    vi.resetModules();
    script(await import('./logger'));
  });
  return { theirs, ours };
}

const badInput = new TypeError('bad input');

class Shape {
  constructor(public sides: number) {}
}
const failure = Object.assign(new Error('table write failed', { cause: new Error('throttled') }), {
  code: 'ThrottlingException',
  $metadata: { httpStatusCode: 400 },
});

/** Every kind of entry Mapnest writes, and the odd values a log call may be handed. */
function everyKindOfEntry({ logger, createLogger }: Pick<typeof import('./logger'), 'logger' | 'createLogger'>) {
  logger.info('test map expiry sweep', { checked: 3, expired: 1 });
  logger.debug('only at debug', { detail: true });
  logger.warn('marketplace unreachable', { status: 503 });
  const log = createLogger({ service: 'mapnest', fn: 'saveMap', requestId: 'req-1' });
  log.error('call failed', { error: failure });
  log.child({ mapId: 'm1', nested: { a: 1 } }).info('saved', { nested: { b: 2 }, mapId: 'm2' });
  const circular: Record<string, unknown> = { name: 'loop' };
  circular.self = circular;
  const list: unknown[] = [1];
  list.push(list);
  log.info('odd values', {
    none: null,
    empty: '',
    missing: undefined,
    zero: 0,
    no: false,
    big: 12345678901234567890n,
    when: new Date('2026-01-02T03:04:05.006Z'),
    map: new Map([['a', 1]]),
    shape: new Shape(3),
    circular,
    list,
    deep: { list: [{ x: undefined, y: null }], constructor: 'dropped?', text: '' },
    xray_trace_id: 'given',
    function_name: 'given',
  });
  log.info('reserved keys', { level: 'x', message: 'y', service: 'z', timestamp: 't', sampling_rate: 1, ok: 1 });
  createLogger({ requestId: 'req-2', level: 'persistent reserved' }).info('with a reserved persistent key');
  log.info('');
  logger.error('an error alone', { error: badInput });
}

describe('the JSON log line', () => {
  // Each test starts with none of the variables set and a fixed clock; vitest puts the variables back after it.
  beforeEach(() => {
    for (const key of VARIABLES) vi.stubEnv(key, undefined);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00.123Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  const cases: Array<[string, Record<string, string>]> = [
    ['by default', {}],
    ['at the stage’s debug level', { LOG_LEVEL: 'debug' }],
    ['with an unknown LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['in Lambda, its log level the same as the stage’s', { AWS_LAMBDA_LOG_LEVEL: 'INFO', LOG_LEVEL: 'info' }],
    ['in Lambda, its log level less verbose (warned)', { AWS_LAMBDA_LOG_LEVEL: 'WARN', LOG_LEVEL: 'info' }],
    ['in Lambda, its log level more verbose', { AWS_LAMBDA_LOG_LEVEL: 'DEBUG', LOG_LEVEL: 'info' }],
    ['in Lambda at FATAL', { AWS_LAMBDA_LOG_LEVEL: 'FATAL' }],
    [
      'with an X-Ray trace',
      { _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=557abcec3ee5a047;Sampled=1' },
    ],
    ['with a bare trace id', { _X_AMZN_TRACE_ID: '1-5759e988-bd862e3fe1be46a994272793' }],
    ['in Lambda’s time zone', { TZ: ':UTC' }],
    ['in another time zone', { TZ: 'Europe/Paris' }],
    ['in an unknown time zone', { TZ: 'Mars/Olympus' }],
    ['in development mode', { POWERTOOLS_DEV: 'true' }],
    ['sampled to debug', { POWERTOOLS_LOGGER_SAMPLE_RATE: '1' }],
    ['sampled to debug under Lambda’s level', { POWERTOOLS_LOGGER_SAMPLE_RATE: '1', AWS_LAMBDA_LOG_LEVEL: 'INFO' }],
  ];
  it.each(cases)('is the line Powertools Logger wrote, %s', async (_name, variables) => {
    Object.assign(process.env, variables);
    const { theirs, ours } = await both(everyKindOfEntry);
    expect(theirs.length).toBeGreaterThan(0);
    expect(ours).toEqual(theirs);
  });

  it('writes nothing when LOG_SILENT is set', async () => {
    process.env.LOG_SILENT = '1';
    const { theirs, ours } = await both(everyKindOfEntry);
    // Only what a logger says while it is set up (a reserved persistent key) is written, as Powertools did.
    expect(ours).toEqual(theirs);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toContain('is a reserved key');
  });
});
