/** Beacons as a visitor's browser sends them (web/src/viewer/analytics-beacon.ts): text/plain, a browser's user agent. */
import type { Beacon } from '@mapnest/shared/analytics';
import { baseUrl } from './stack';

/** A desktop Chrome's user agent: the beacon counts no bot. */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** Sends one beacon through the gateway and answers its status. */
export async function sendBeacon(beacon: Beacon): Promise<number> {
  const r = await fetch(`${baseUrl()}/api/beacon`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER_UA },
    body: JSON.stringify(beacon),
  });
  await r.arrayBuffer();
  return r.status;
}
