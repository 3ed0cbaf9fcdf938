/**
 * The call table (@mapnest/shared/calls) and the handlers under calls/ name the same set of calls, and each
 * handler is built for the name of its module and validates with that call's schema from the table.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALL_INPUTS, CALL_NAMES } from '@mapnest/shared/calls';
import { MAP_DOCUMENT_CALLS } from '@mapnest/shared/storage';
import { callNameFromModule } from './routes';

const modules = readdirSync(join(import.meta.dirname, 'calls'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => f.slice(0, -3));

describe('the call table', () => {
  it('has every call module, and nothing else', () => {
    expect([...CALL_NAMES].sort()).toEqual(modules.map(callNameFromModule).sort());
  });

  it('refuses deleted accounts on every call that changes anything (only reads and the deletion itself do not)', async () => {
    // deleteUserData must complete when retried with the token of the account it has begun to delete.
    const notWriting = [
      'findUsers',
      'getMap',
      'getMapAnalytics',
      'getMapVersion',
      'getProfile',
      'listContactRequests',
      'listFiles',
      'listLicenses',
      'listMaps',
      'listSubscriptions',
      'submitContact',
      'deleteUserData',
    ];
    const declared: string[] = [];
    for (const module of modules) {
      const { handler } = (await import(`./calls/${module}.ts`)) as { handler: { writes?: boolean } };
      if (!handler.writes) declared.push(callNameFromModule(module));
    }
    expect(declared.sort()).toEqual(notWriting.sort());
  }, 60_000);

  it('builds each handler for the call its module is named after', async () => {
    for (const module of modules) {
      const { handler } = (await import(`./calls/${module}.ts`)) as { handler: { callName?: string } };
      expect(handler.callName, module).toBe(callNameFromModule(module));
    }
  }, 60_000);

  it("validates each call's input with the table's schema for it (each handler is given its own)", async () => {
    for (const module of modules) {
      const { handler } = (await import(`./calls/${module}.ts`)) as { handler: { callName: string; input?: unknown } };
      expect(handler.input, module).toBe(CALL_INPUTS[callNameFromModule(module) as keyof typeof CALL_INPUTS]);
    }
  }, 60_000);
});

/** Whether a schema (an object, or a pipe or union of them) has a `mapData` field. */
function carriesMap(schema: unknown): boolean {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return false;
  if (def.shape && typeof def.shape === 'object' && 'mapData' in def.shape) return true;
  const parts = [def.in, def.out, def.innerType, ...(Array.isArray(def.options) ? def.options : [])];
  return parts.some((part) => part !== undefined && carriesMap(part));
}

describe('the calls that carry a map', () => {
  it('are the calls whose input has a map document, so a body of theirs too large is told the map size limit', () => {
    const carrying = CALL_NAMES.filter((name) => carriesMap(CALL_INPUTS[name]));
    expect(carrying.length).toBeGreaterThan(0);
    expect([...MAP_DOCUMENT_CALLS].sort()).toEqual(carrying.sort());
  });
});
