import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, logger } from './logger';

// The lines Lambda writes: a developer's shell may ask Powertools for its indented form (POWERTOOLS_DEV), which
// Lambda never does; the logger reads it as the module loads, so it is cleared before the imports above run.
vi.hoisted(() => {
  delete process.env.POWERTOOLS_DEV;
});

/** Every line Powertools writes, from either stream, parsed. */
function capture() {
  const lines: Array<{ stream: 'stdout' | 'stderr'; entry: Record<string, unknown> }> = [];
  for (const stream of ['stdout', 'stderr'] as const) {
    vi.spyOn(process[stream], 'write').mockImplementation((chunk: string | Uint8Array) => {
      for (const line of String(chunk).split('\n').filter(Boolean))
        lines.push({ stream, entry: JSON.parse(line) as Record<string, unknown> });
      return true;
    });
  }
  return lines;
}

describe('logger', () => {
  let silent: string | undefined;
  beforeEach(() => {
    silent = process.env.LOG_SILENT;
    delete process.env.LOG_SILENT;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    if (silent === undefined) delete process.env.LOG_SILENT;
    else process.env.LOG_SILENT = silent;
  });

  it('writes one JSON object per line with the level, message, service and extra keys at the top', () => {
    const lines = capture();
    logger.info('test map expiry sweep', { checked: 3, expired: 1 });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.entry).toMatchObject({
      level: 'INFO',
      message: 'test map expiry sweep',
      service: 'mapnest',
      checked: 3,
      expired: 1,
    });
    expect(typeof lines[0]!.entry.timestamp).toBe('string');
  });

  it('logs a warning at WARN, not ERROR', () => {
    const lines = capture();
    logger.warn('marketplace unreachable', { status: 503 });
    expect(lines.map((l) => l.entry.level)).toEqual(['WARN']);
  });

  it('keeps the request context on every line of a child, and serialises errors with their cause', () => {
    const lines = capture();
    const log = createLogger({ service: 'mapnest', fn: 'saveMap', requestId: 'req-1' }).child({ mapId: 'm1' });
    log.error('call failed', { error: new Error('boom', { cause: new Error('root') }) });
    const entry = lines[0]!.entry;
    expect(entry).toMatchObject({
      level: 'ERROR',
      message: 'call failed',
      service: 'mapnest',
      fn: 'saveMap',
      requestId: 'req-1',
      mapId: 'm1',
    });
    expect(entry.error).toMatchObject({ name: 'Error', message: 'boom', cause: { message: 'root' } });
  });

  it('writes nothing when LOG_SILENT is set, even after the module was loaded', () => {
    const lines = capture();
    process.env.LOG_SILENT = '1';
    logger.error('hidden');
    expect(lines).toEqual([]);
  });
});
