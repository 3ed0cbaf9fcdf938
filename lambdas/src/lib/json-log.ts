/**
 * The JSON log line of lib/logger.ts, written as Powertools Logger 2.35 wrote it for Mapnest's configuration (a
 * service name, a level, persistent keys; no Lambda context, no buffering, no correlation ids), so Logs Insights
 * queries and the alarms' metric filters see the same fields (ADR 042). Each rule below is Powertools' own:
 * - the level: Lambda's Advanced Logging Controls level (AWS_LAMBDA_LOG_LEVEL) wins over the one asked for, with a
 *   warning when it is less verbose; else the asked level, else POWERTOOLS_LOG_LEVEL or LOG_LEVEL, else INFO;
 *   POWERTOOLS_LOGGER_SAMPLE_RATE (default 0, written as `sampling_rate` on every line) may switch a logger to DEBUG;
 * - the line: `level`, `message`, `timestamp`, `service`, `sampling_rate`, `xray_trace_id`, then the persistent keys
 *   and the entry's own, merged deeply (plain objects and arrays copied, circular references and the keys
 *   `__proto__` and `constructor` left out); the reserved keys (`level`, `message`, `sampling_rate`, `service`,
 *   `timestamp`) are dropped with a warning; top-level keys that are undefined, null or '' are left out; errors are
 *   written with their name, location, message, stack and cause; bigints as text;
 * - the stream: debug and info to stdout, warn and error to stderr, each line as it is (in development mode,
 *   POWERTOOLS_DEV, through the console and indented).
 */
import { Console } from 'node:console';
import { randomInt } from 'node:crypto';
import { flag } from './observability';

const THRESHOLD = { TRACE: 6, DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, CRITICAL: 24, SILENT: 28 };
type Level = keyof typeof THRESHOLD;
const isLevel = (value: unknown): value is Level => typeof value === 'string' && value in THRESHOLD;
const RESERVED = ['level', 'message', 'sampling_rate', 'service', 'timestamp'];

type Entry = [level: Level, message: string, extra: Record<string, unknown>];

/** What a logger writes with: its service, level, sampling rate and persistent keys. */
export interface Settings {
  service: string;
  /** The level name the logger was asked for (a child: its parent's effective level). */
  level: string;
  threshold?: number;
  samplingRate?: number;
  persistent?: Record<string, unknown>;
}

const env = (key: string) => process.env[key]?.trim() ?? '';
const devMode = () => flag('POWERTOOLS_DEV') ?? false;

/** A logger's settings: its parent's (or the root's options) with `keys` added, as Powertools' createChild. */
export function settingsOf(parent: Settings, keys: Record<string, unknown>): Settings {
  const pending: Entry[] = [];
  const warn = (message: string) => pending.push(['WARN', message, {}]);
  const filtered: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(deepMerge({}, parent.persistent ?? {}, keys))) {
    if (RESERVED.includes(key)) warn(`The key "${key}" is a reserved key and will be dropped.`);
    else filtered[key] = value;
  }
  const settings: Settings = { service: parent.service, level: parent.level, persistent: deepMerge({}, filtered) };
  // Entries made while the logger is set up are checked against the level of that moment, and written after.
  let threshold = THRESHOLD.INFO;
  const queue = (entry: Entry) => {
    if (THRESHOLD[entry[0]] >= threshold) ready.push(entry);
  };
  const ready: Entry[] = [];
  for (const entry of pending) queue(entry);
  const asked = parent.level?.toUpperCase();
  const lambdaLevel = env('AWS_LAMBDA_LOG_LEVEL') === 'FATAL' ? 'CRITICAL' : env('AWS_LAMBDA_LOG_LEVEL');
  const warned = new Set<string>();
  const warnOnce = (asked: string, lambda: string) => {
    const message = `Current log level (${asked}) does not match AWS Lambda Advanced Logging Controls minimum log level (${lambda}). This can lead to data loss, consider adjusting them.`;
    if (!warned.has(message)) queue(['WARN', message, {}]);
    warned.add(message);
  };
  if (isLevel(lambdaLevel)) {
    threshold = THRESHOLD[lambdaLevel];
    if (isLevel(asked) && threshold > THRESHOLD[asked]) warnOnce(asked, lambdaLevel);
  } else if (isLevel(asked)) threshold = THRESHOLD[asked];
  else {
    const fromEnv = env('POWERTOOLS_LOG_LEVEL') || env('LOG_LEVEL');
    if (isLevel(fromEnv)) threshold = THRESHOLD[fromEnv];
  }
  const rateFromEnv = Number(env('POWERTOOLS_LOGGER_SAMPLE_RATE') || 0);
  for (const rate of [parent.samplingRate, rateFromEnv]) {
    if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) continue;
    settings.samplingRate = rate;
    if (rate && randomInt(0, 100) / 100 <= rate && threshold > THRESHOLD.TRACE) {
      if (!isLevel(lambdaLevel)) threshold = THRESHOLD.DEBUG;
      else if (threshold > THRESHOLD.DEBUG) warnOnce('DEBUG', lambdaLevel);
      queue(['DEBUG', 'Setting log level to DEBUG due to sampling rate', {}]);
    }
    break;
  }
  settings.threshold = threshold;
  settings.level = Object.entries(THRESHOLD).find(([, value]) => value === threshold)![0];
  for (const entry of ready) print(settings, ...entry);
  return settings;
}

/** Writes one entry, when the logger's level lets it through. */
export function writeEntry(settings: Settings, level: Level, message: string, extra: Record<string, unknown>): void {
  if (THRESHOLD[level] >= (settings.threshold ?? THRESHOLD.INFO)) print(settings, level, message, extra);
}

function print(settings: Settings, level: Level, message: string, extra: Record<string, unknown>): void {
  const additional: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings.persistent ?? {}))
    if (value !== undefined) additional[key] = value;
  for (const [key, value] of Object.entries(extra)) {
    if (RESERVED.includes(key))
      writeEntry(settings, 'WARN', `The key "${key}" is a reserved key and will be dropped.`, {});
    else additional[key] = value;
  }
  const line = deepMerge(
    {
      level,
      message,
      timestamp: timestamp(new Date()),
      service: settings.service,
      cold_start: undefined,
      function_arn: undefined,
      function_memory_size: undefined,
      function_name: undefined,
      function_request_id: undefined,
      sampling_rate: settings.samplingRate,
      xray_trace_id: traceId(),
      tenant_id: undefined,
    },
    additional,
  );
  const printed: Record<string, unknown> = {};
  for (const key in line)
    if (line[key] !== undefined && line[key] !== '' && line[key] !== null) printed[key] = line[key];
  const text = JSON.stringify(printed, replacer(), devMode() ? 4 : 0);
  const method = level === 'DEBUG' ? 'debug' : level === 'INFO' ? 'info' : level === 'WARN' ? 'warn' : 'error';
  (devMode() ? console : out())[method](text);
}

let ownConsole: Console | undefined;
/** Powertools' own console: the line as it is, not through the global console that Lambda patches. */
const out = () => (ownConsole ??= new Console({ stdout: process.stdout, stderr: process.stderr }));

/** The invocation's X-Ray trace id: the Lambda runtime's own store, else `_X_AMZN_TRACE_ID`'s Root. */
function traceId(): string | undefined {
  const runtime = (globalThis as { awslambda?: { InvokeStore?: { getXRayTraceId(): string | undefined } } }).awslambda;
  const header = runtime?.InvokeStore?.getXRayTraceId() ?? env('_X_AMZN_TRACE_ID');
  if (header === '') return undefined;
  if (!header.includes('=')) return header;
  const fields: Record<string, string | undefined> = {};
  for (const field of header.split(';')) {
    const [key, value] = field.split('=');
    fields[key!] = value;
  }
  return fields.Root;
}

/** Powertools warns once about an unknown TZ (its formatter is shared by a logger and its children). */
let zoneWarned = false;

function timestamp(now: Date): string {
  const zone = env('TZ');
  if (!zone || zone.includes('UTC')) return now.toISOString();
  let resolved = zone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    resolved = 'UTC';
    if (!zoneWarned) console.warn(`Invalid or unresolvable time zone: "${zone}" - falling back to UTC.`);
    zoneWarned = true;
  }
  const two = '2-digit';
  const parts: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en', {
    hourCycle: 'h23',
    year: 'numeric',
    month: two,
    day: two,
    hour: two,
    minute: two,
    second: two,
    timeZone: resolved,
  }).formatToParts(now))
    parts[part.type] = part.value;
  const offset = resolved === zone ? -now.getTimezoneOffset() : 0;
  const hours = Math.abs(Math.floor(offset / 60))
    .toString()
    .padStart(2, '0');
  const minutes = Math.abs(offset % 60)
    .toString()
    .padStart(2, '0');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${now.getMilliseconds().toString().padStart(3, '0')}${offset >= 0 ? '+' : '-'}${hours}:${minutes}`;
}

function formatError(error: Error): Record<string, unknown> {
  const { name, message, stack, cause, ...rest } = error as Error & Record<string, unknown>;
  const formatted: Record<string, unknown> = {
    name,
    location: codeLocation(stack),
    message,
    stack: devMode() && typeof stack === 'string' ? stack.split('\n') : stack,
    cause: cause instanceof Error ? formatError(cause) : cause,
  };
  for (const key in error) if (!['name', 'message', 'stack', 'cause'].includes(key)) formatted[key] = rest[key];
  return formatted;
}

function codeLocation(stack: string | undefined): string {
  if (!stack) return '';
  for (const line of stack.split('\n')) {
    const match = /\(([^()]*?):(\d+?):(\d+?)\)\\?$/.exec(line);
    if (match) return `${match[1]}:${Number(match[2])}`;
  }
  return '';
}

/** JSON.stringify's replacer: errors formatted, bigints as text, a value already being written (a cycle) left out. */
function replacer() {
  const ancestors: unknown[] = [];
  return function (this: unknown, _key: string, value: unknown) {
    const replaced = value instanceof Error ? formatError(value) : value;
    if (typeof replaced === 'bigint') return replaced.toString();
    if (typeof replaced === 'object' && replaced !== null) {
      while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
      if (ancestors.includes(replaced)) return undefined;
      ancestors.push(replaced);
    }
    return replaced;
  };
}

// Powertools' deepMerge (commons 2.35): plain objects and arrays merged into copies, anything else kept as it is.
const UNSAFE_KEYS = new Set(['__proto__', 'constructor']);
type Bag = Record<string, unknown>;
const isPlainObject = (value: unknown): value is Bag => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

function cloneItem(item: unknown, ancestors: unknown[]): { skip: boolean; value?: unknown } {
  if (isPlainObject(item)) {
    const cloned: Bag = {};
    ancestors.push(item);
    mergeRecursive(cloned, item, ancestors);
    ancestors.pop();
    return { skip: false, value: cloned };
  }
  if (Array.isArray(item)) {
    if (ancestors.includes(item)) return { skip: true };
    const cloned: unknown[] = [];
    ancestors.push(item);
    mergeArrays(cloned, item, ancestors);
    ancestors.pop();
    return { skip: false, value: cloned };
  }
  return { skip: false, value: item };
}

function mergeArrays(target: unknown[], source: unknown[], ancestors: unknown[]): void {
  for (let i = 0; i < source.length; i++) {
    const item = source[i];
    const existing = target[i];
    if (isPlainObject(item) && ancestors.includes(item)) continue;
    if (isPlainObject(item) && isPlainObject(existing)) {
      ancestors.push(item);
      mergeRecursive(existing, item, ancestors);
      ancestors.pop();
      continue;
    }
    if (Array.isArray(item) && Array.isArray(existing)) {
      if (!ancestors.includes(item)) {
        ancestors.push(item);
        mergeArrays(existing, item, ancestors);
        ancestors.pop();
      }
      continue;
    }
    if (item !== undefined || existing === undefined) {
      const result = cloneItem(item, ancestors);
      if (!result.skip) target[i] = result.value;
    }
  }
}

function mergeRecursive(target: Bag, source: Bag, ancestors: unknown[]): void {
  for (const key of Object.keys(source)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const value = source[key];
    const existing = target[key];
    if (Array.isArray(value)) {
      if (ancestors.includes(value)) continue;
      ancestors.push(value);
      if (Array.isArray(existing)) mergeArrays(existing, value, ancestors);
      else {
        const fresh: unknown[] = [];
        mergeArrays(fresh, value, ancestors);
        target[key] = fresh;
      }
      ancestors.pop();
      continue;
    }
    if (isPlainObject(value)) {
      if (ancestors.includes(value)) continue;
      ancestors.push(value);
      if (isPlainObject(existing)) mergeRecursive(existing, value, ancestors);
      else {
        const fresh: Bag = {};
        mergeRecursive(fresh, value, ancestors);
        target[key] = fresh;
      }
      ancestors.pop();
      continue;
    }
    if (value !== undefined || existing === undefined) target[key] = value;
  }
}

function deepMerge(target: Bag, ...sources: Bag[]): Bag {
  const ancestors: unknown[] = [target];
  for (const source of sources) {
    ancestors.push(source);
    mergeRecursive(target, source, ancestors);
    ancestors.pop();
  }
  return target;
}
