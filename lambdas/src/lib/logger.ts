/**
 * Structured JSON logs through Powertools Logger (ADR 009): one JSON object per line, written as the line itself,
 * so Lambda's JSON log format and Logs Insights see `level`, `message`, `requestId` and every extra key as fields
 * (not a string inside Lambda's own `message`). Warnings go out at WARN, errors at ERROR. 5xx causes are logged
 * here and never sent to the caller.
 */
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { SERVICE } from './observability';

export interface Logger {
  debug(message: string, extra?: Record<string, unknown>): void;
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
  child(context: Record<string, unknown>): Logger;
}

// LOG_LEVEL is the stage's level (Lambda's own AWS_LAMBDA_LOG_LEVEL, when set, takes precedence inside Powertools).
const root = new PowertoolsLogger({
  serviceName: SERVICE,
  logLevel: (process.env.LOG_LEVEL ?? 'info').toUpperCase() as 'INFO',
});

// Read at every line: tests switch it on after the modules are loaded.
const silent = () => process.env.LOG_SILENT === '1';

function wrap(target: PowertoolsLogger): Logger {
  return {
    debug: (message, extra) => {
      if (!silent()) target.debug(message, extra ?? {});
    },
    info: (message, extra) => {
      if (!silent()) target.info(message, extra ?? {});
    },
    warn: (message, extra) => {
      if (!silent()) target.warn(message, extra ?? {});
    },
    error: (message, extra) => {
      if (!silent()) target.error(message, extra ?? {});
    },
    child: (context) => wrap(target.createChild({ persistentKeys: context })),
  };
}

/** A logger whose every line carries `context` (request id, function name…). */
export function createLogger(context: Record<string, unknown> = {}): Logger {
  // Powertools writes the service itself.
  const { service: _service, ...keys } = context;
  return wrap(Object.keys(keys).length > 0 ? root.createChild({ persistentKeys: keys }) : root);
}

export const logger = createLogger();
