/**
 * The local gateway stamps the viewer's address on /api/* requests the way CloudFront does (VIEWER_IP_SOURCE on
 * /api/*, the token gate on /api/fn/*, ADR 028 and 034): whatever `x-mapnest-viewer-ip` a caller sends, the handler
 * sees the address the request came from. Seen through the beacon's per-client limit: beacons from one loopback
 * address, each claiming another viewer address, are all counted against that one address, so those past the limit
 * are refused.
 * Without the stamp, the gateway's origin secret would make every claimed address trusted and none would be limited.
 *
 * The requests come from an address of their own in 127.0.0.0/8 (the gateway listens on 127.0.0.1, which any loopback
 * source reaches), so this client's limit is not the rest of the suite's.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ANALYTICS_LIMITS, type Beacon } from '@mapnest/shared/analytics';
import { VIEWER_IP_HEADER } from '@mapnest/lambdas/lib/origin-check';
import { documentWith } from '../helpers/documents';
import { adminUser, baseUrl, call, createPublishedMap, createUser, postFrom } from '../helpers/stack';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

beforeAll(() => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
});

/** Posts a beacon to the gateway from `source` (a loopback address), claiming to be `claimed`. */
async function postBeacon(source: string, claimed: string, beacon: Beacon): Promise<number> {
  const headers = { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER_UA, [VIEWER_IP_HEADER]: claimed };
  return (await postFrom(new URL('/api/beacon', baseUrl()), headers, JSON.stringify(beacon), source)).status;
}

const byte = () => Math.floor(Math.random() * 250) + 2;

describe('the viewer address on /api/*', () => {
  it('is the address the request came from, not the one the caller claims (beacons limited per real client)', async () => {
    const user = await createUser();
    const id = await createPublishedMap({ title: 'Stamped', mapData: documentWith(2) }, user);
    await call('setUserSlots', { uid: user.uid, basic: 0, pro: 5 }, await adminUser());
    await call('setMapState', { id, state: 3 }, user);
    const location = documentWith(2).locations[0]!.id;
    const source = `127.${byte()}.${byte()}.${byte()}`;
    const limit = ANALYTICS_LIMITS.beaconsPerClientMinute;
    const statuses: number[] = [];
    // Each beacon claims a different viewer; 20 past the per-client limit, in batches of 10, so even across a
    // minute's edge (the window slides) some are refused.
    for (let i = 0; i < limit + 20; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) =>
        postBeacon(source, `198.51.${(i + j) % 250}.${byte()}`, {
          m: id,
          v: 1,
          o: { [location]: 1 },
          s: [],
          f: 0,
          r: 0,
        }),
      );
      statuses.push(...(await Promise.all(batch)));
    }
    expect(statuses.filter((s) => s !== 204 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    // Another loopback address is another client: not limited by the first one's beacons.
    expect(
      await postBeacon(`127.${byte()}.${byte()}.1`, source, { m: id, v: 1, o: { [location]: 1 }, s: [], f: 0, r: 0 }),
    ).toBe(204);
  });
});
