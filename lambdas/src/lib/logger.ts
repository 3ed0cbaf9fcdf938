/**
 * Structured JSON logs, one line per entry, carrying the request id and function name so CloudWatch
 * Logs Insights can follow one request. 5xx causes are logged here and never sent to the caller.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const threshold = order[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? order.info;

export interface Logger {
  debug(message: string, extra?: Record<string, unknown>): void;
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
  child(context: Record<string, unknown>): Logger;
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack, cause: value.cause ? serialise(value.cause) : undefined };
  }
  return value;
}

export function createLogger(context: Record<string, unknown> = {}): Logger {
  const write = (level: Level, message: string, extra?: Record<string, unknown>) => {
    if (order[level] < threshold || process.env.LOG_SILENT === '1') return;
    const entry: Record<string, unknown> = { level, message, time: new Date().toISOString(), ...context };
    for (const [k, v] of Object.entries(extra ?? {})) entry[k] = serialise(v);
    const line = JSON.stringify(entry);
    if (level === 'error' || level === 'warn') console.error(line);
    else console.log(line);
  };
  return {
    debug: (m, e) => write('debug', m, e),
    info: (m, e) => write('info', m, e),
    warn: (m, e) => write('warn', m, e),
    error: (m, e) => write('error', m, e),
    child: (more) => createLogger({ ...context, ...more }),
  };
}

export const logger = createLogger({ service: 'mapnest' });
