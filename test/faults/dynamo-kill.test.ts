/**
 * DynamoDB Local killed in the middle of a save load, on a stack of this test's own (with its data on disk, as
 * `npm start` keeps it): every save acknowledged is kept with its content (but the one DynamoDB Local itself may lose,
 * emulatorsOwnLoss below), no save that was committed is answered
 * "Nothing was changed", /api/health answers 503 while the table is gone and 200 again once the stack's supervisor
 * has restarted it, all without anyone restarting anything. The figures go to docs/reliability.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@mapnest/shared/errors';
import type { Stack } from '../../scripts/local/stack';
import { documentWith } from '../helpers/documents';
import { ownStackCall, ownStackUser } from '../helpers/own-stack';

let stack: Stack;
let dataDir: string;

/** A signed-in user of this test's own stack. */
const signedUpUser = () => ownStackUser(stack);
const call = (token: string, name: string, data: unknown) => ownStackCall(stack, token, name, data);

const health = async () => (await fetch(`${stack.url}/api/health`)).status;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mapnest-faults-'));
  const { startStack } = await import('../../scripts/local/stack');
  stack = await startStack({ port: 0, dataDir, inMemoryDynamo: false });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Figures {
  editors: number;
  acknowledged: number;
  answeredUnavailable: number;
  answeredUnknown: number;
  retries: number;
  healthStatuses: number[];
  downMs: number;
  lost: number;
  /** Lost by DynamoDB Local itself: the save it acknowledged last before the kill (see emulatorsOwnLoss). */
  lostByDynamoLocal: number;
  committedButReportedUnchanged: number;
}

/**
 * DynamoDB Local 3.3, killed within about 50 ms of answering a transaction, may come back without that transaction,
 * whole (never a part of it), as if it answered before its SQLite commit ended. Measured over 102 kills of a load like this
 * one, straight against DynamoDB Local: 24 lost the transaction it had answered last, never another and never a part
 * (docs/reliability.md). DynamoDB in AWS does not answer before the write is durable. So one lost acknowledged save is
 * DynamoDB Local's, not the save path's, when its answer reached the test from 100 ms before the kill to the second
 * after it (in flight at the kill: DynamoDB Local takes longer than that to come back, so nothing answered then was
 * written after the kill) and it is its map's newest acknowledged version. Which answer DynamoDB Local gave last is
 * not told by the order the answers reach the test: on a loaded machine they pass through the stack's handlers and
 * arrive more than 50 ms apart in any order (a CI run lost a version answered first among several). Any other loss
 * fails the test, as does a second.
 */
function emulatorsOwnLoss(acks: readonly Ack[], killedAt: number, lost: Ack): boolean {
  const newest = acks.filter((a) => a.id === lost.id).at(-1);
  return newest === lost && lost.at > killedAt - 100 && lost.at < killedAt + 1000;
}

interface Ack {
  id: string;
  version: number;
  /** When its 200 arrived. */
  at: number;
}

describe('DynamoDB Local killed during a save load', () => {
  it('loses no acknowledged save, reports no committed save as unchanged, and recovers by itself', async () => {
    expect(await health()).toBe(200);
    const EDITORS = 10;
    const SAVES = 8;
    // One author per map (a free account has one test map).
    const tokens = await Promise.all(Array.from({ length: EDITORS }, () => signedUpUser()));
    const ids: string[] = [];
    const tokenOf = new Map<string, string>();
    for (const [i, token] of tokens.entries()) {
      const made = await call(token, 'createMap', { title: `Load ${i}` });
      expect(made.status).toBe(200);
      ids.push(made.body.data as string);
      tokenOf.set(made.body.data as string, token);
    }
    const figures: Figures = {
      editors: EDITORS,
      acknowledged: 0,
      answeredUnavailable: 0,
      answeredUnknown: 0,
      retries: 0,
      healthStatuses: [],
      downMs: 0,
      lost: 0,
      lostByDynamoLocal: 0,
      committedButReportedUnchanged: 0,
    };
    /** Every 200, in the order they arrived; and the moment of the kill. */
    const acks: Ack[] = [];
    let killedAt = 0;
    /** An acknowledged version of a map that is not in the table: DynamoDB Local's own loss, or a failure. */
    const dynamoLocalLost = (id: string, version: number): boolean => {
      const ack = acks.find((a) => a.id === id && a.version === version);
      if (!ack || figures.lostByDynamoLocal > 0 || !emulatorsOwnLoss(acks, killedAt, ack)) return false;
      figures.lostByDynamoLocal++;
      console.info(
        `[faults] dynamo kill: DynamoDB Local lost ${id} v${version}, answered ${killedAt - ack.at} ms before the kill`,
      );
      return true;
    };
    /** Per map: the location count of each version acknowledged; and saves answered "Nothing was changed". */
    const acknowledged = new Map<string, Map<number, number>>();
    const unchanged: Array<{ id: string; count: number }> = [];

    // Each editor saves SAVES versions in turn, retrying a failed save with the same save id, as the editor does.
    const editor = async (id: string) => {
      const mine = new Map<number, number>();
      acknowledged.set(id, mine);
      /** Each answer this editor had, in order: its status, and "unknown" for an unknown outcome. */
      const answers: string[] = [];
      let version = 1;
      for (let n = 1; n <= SAVES; n++) {
        const count = n + 1;
        let saveId = randomUUID();
        for (;;) {
          const answer = await call(tokenOf.get(id)!, 'saveMap', {
            id,
            baseVersion: version,
            mapData: documentWith(count),
            saveId,
          });
          answers.push(`${answer.status}${answer.body?.error?.details?.outcome === 'unknown' ? ' unknown' : ''}`);
          if (answer.status === 200) {
            version = answer.body.data.version as number;
            mine.set(version, count);
            acks.push({ id, version, at: Date.now() });
            figures.acknowledged++;
            break;
          }
          // The table lost this author's last acknowledged version: refused as based on a version it has not reached.
          // DynamoDB Local's own loss (emulatorsOwnLoss) is taken up as the editor takes up a refusal, on the
          // version the table holds; the save goes again as a new one.
          const at = answer.body?.error?.details?.currentVersion as number | undefined;
          const gone = at === undefined ? [] : [...mine.keys()].filter((v) => v > at);
          if (answer.status === 400 && gone.length === 1 && dynamoLocalLost(id, gone[0]!)) {
            mine.delete(gone[0]!);
            version = at!;
            saveId = randomUUID();
            continue;
          }
          if (answer.status !== 503) {
            // Any other answer fails, saying what the editor was told and what the table holds.
            const held = await call(tokenOf.get(id)!, 'getMap', { id });
            // With how long before the kill (negative: after it) each of this map's saves and the last one were answered.
            const before = (a: Ack | undefined) => (a ? killedAt - a.at : null);
            const told = JSON.stringify({
              acknowledged: [...mine],
              answers,
              answer: answer.body,
              msBeforeKill: acks.filter((a) => a.id === id).map(before),
              lastMsBeforeKill: before(acks.filter((a) => a.at < killedAt + 1000).at(-1)),
            });
            const has = JSON.stringify({
              version: held.body?.data?.map?.version,
              history: (held.body?.data?.history as Array<{ version: number }> | undefined)?.map((h) => h.version),
            });
            expect(answer.status, `${told}; the table has ${has}`).toBe(503);
          }
          if (answer.body?.error?.details?.outcome === 'unknown') figures.answeredUnknown++;
          else {
            figures.answeredUnavailable++;
            expect(answer.body?.error?.message).toBe(MESSAGES.unavailable);
            unchanged.push({ id, count });
          }
          figures.retries++;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    };
    const load = Promise.all(ids.map(editor));

    // Kill java (not its watchdog) once the load is under way, and watch health.
    await new Promise((r) => setTimeout(r, 300));
    const pid = stack.dynamo.pid();
    expect(pid).not.toBeNull();
    killedAt = Date.now();
    process.kill(pid!, 'SIGKILL');
    let recoveredAt = 0;
    while (Date.now() - killedAt < 60_000) {
      const status = await health();
      if (figures.healthStatuses.at(-1) !== status) figures.healthStatuses.push(status);
      if (status === 200 && figures.healthStatuses.includes(503)) {
        recoveredAt = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    figures.downMs = recoveredAt - killedAt;
    await load;
    expect(stack.dynamo.restarts()).toBe(1);
    expect(figures.healthStatuses).toEqual([503, 200]);
    expect(recoveredAt).toBeGreaterThan(0);

    // Every acknowledged version is there with the content sent; a save answered "Nothing was changed" is not.
    for (const id of ids) {
      const map = await call(tokenOf.get(id)!, 'getMap', { id });
      expect(map.status).toBe(200);
      const history = map.body.data.history as Array<{ version: number; metrics: { locationCount: number } }>;
      const mine = acknowledged.get(id)!;
      for (const [version, count] of mine) {
        const entry = history.find((h) => h.version === version);
        if (entry?.metrics.locationCount === count) continue;
        if (!entry && dynamoLocalLost(id, version)) mine.delete(version);
        else figures.lost++;
      }
      expect(map.body.data.map.version).toBe(Math.max(...mine.keys()));
      const counts = history.map((h) => h.metrics.locationCount);
      expect(new Set(counts).size, 'no save stored twice').toBe(counts.length);
    }
    for (const { id, count } of unchanged) {
      const history = (await call(tokenOf.get(id)!, 'getMap', { id })).body.data.history as Array<{
        version: number;
        metrics: { locationCount: number };
      }>;
      // Stored once at most, and then only by the retry that was acknowledged.
      const versions = history.filter((h) => h.metrics.locationCount === count).map((h) => h.version);
      if (versions.some((v) => acknowledged.get(id)!.get(v) !== count)) figures.committedButReportedUnchanged++;
    }
    console.info(`[faults] dynamo kill: ${JSON.stringify(figures)}`);
    expect(figures.acknowledged).toBe(EDITORS * SAVES);
    expect(figures.lost).toBe(0);
    expect(figures.lostByDynamoLocal).toBeLessThanOrEqual(1);
    expect(figures.committedButReportedUnchanged).toBe(0);
  }, 180_000);
});
