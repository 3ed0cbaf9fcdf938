/**
 * Structured JSON logs (ADR 009, ADR 042): one JSON object per line, written as the line itself, so Lambda's JSON log
 * format and Logs Insights see `level`, `message`, `requestId` and every extra key as fields (not a string inside
 * Lambda's own `message`). Warnings go out at WARN, errors at ERROR. 5xx causes are logged here and never sent to the
 * caller. The lines are those Powertools Logger wrote for this configuration, key for key (logger.test.ts compares
 * the two on every kind of entry Mapnest writes), without its 21 kB in every bundle; json-log.ts has the details.
 */
import { SERVICE } from './observability';
import { settingsOf, writeEntry, type Settings } from './json-log';

export interface Logger {
  debug(message: string, extra?: Record<string, unknown>): void;
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
  child(context: Record<string, unknown>): Logger;
}

// Read at every line: tests switch it on after the modules are loaded.
const silent = () => process.env.LOG_SILENT === '1';

function wrap(settings: Settings): Logger {
  const at =
    (level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR') =>
    (message: string, extra?: Record<string, unknown>): void => {
      if (!silent()) writeEntry(settings, level, message, extra ?? {});
    };
  return {
    debug: at('DEBUG'),
    info: at('INFO'),
    warn: at('WARN'),
    error: at('ERROR'),
    child: (context) => wrap(settingsOf(settings, context)),
  };
}

// LOG_LEVEL is the stage's level (Lambda's own AWS_LAMBDA_LOG_LEVEL, when set, takes precedence).
const root = settingsOf({ service: SERVICE, level: (process.env.LOG_LEVEL ?? 'info').toUpperCase() }, {});

/** A logger whose every line carries `context` (request id, function name…). */
export function createLogger(context: Record<string, unknown> = {}): Logger {
  // The service is written by the logger itself.
  const { service: _service, ...keys } = context;
  return wrap(Object.keys(keys).length > 0 ? settingsOf(root, keys) : root);
}

export const logger = createLogger();
