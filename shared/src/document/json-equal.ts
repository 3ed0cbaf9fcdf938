/**
 * Equality of JSON values as data: objects key by key in any order, a key set to undefined as one not there (as
 * JSON.stringify writes them). A saved copy's keys come in the server's order and an editor's in the order its edits
 * set them, so a text compare calls equal documents different; this compare is also many times faster than
 * stringifying both with sorted keys (a 20,000-location diff: about 600 ms that way).
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => deepEqual(v, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  // Plain JSON objects: for…in sees their own keys only. Counted rather than listed, with no arrays made per object.
  let keys = 0;
  for (const k in ao) {
    const v = ao[k];
    if (v === undefined) continue;
    if (!deepEqual(v, bo[k])) return false;
    keys++;
  }
  for (const k in bo) if (bo[k] !== undefined) keys--;
  return keys === 0;
}
