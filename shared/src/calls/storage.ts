/**
 * What an account may store (ADR 027): the size of one map document, and the storage quota of the account, which
 * counts every kept version of every map and every uploaded file. The server enforces both; the editor checks the
 * document size before it sends a save, with the same message.
 */
import { MAP_LIMITS } from '../document/map-rules';

/** The largest map document, as JSON in UTF-8 bytes, uncompressed. */
export const DOCUMENT_MAX_BYTES = MAP_LIMITS.documentBytes;

/**
 * The largest call body the server reads, after decompression: the largest map document and room for the rest of
 * the call's input (ADR 027).
 */
export const REQUEST_MAX_BYTES = DOCUMENT_MAX_BYTES + 64 * 1024;

/**
 * Storage quotas in bytes: every account has `free` (its test maps), and each map slot it holds adds its plan's
 * amount. 250 MB keeps the largest real map (7.8 MB) with 30 versions, or a typical map (under 100 KB) with its 50
 * versions many times over; a Basic slot (1 GB) keeps the largest real map's 50 versions and files beside them, a
 * Professional slot twice that.
 */
export const STORAGE_QUOTA = {
  free: 250_000_000,
  perBasicSlot: 1_000_000_000,
  perProSlot: 2_000_000_000,
} as const;

/** The slots that decide a quota: capacities (granted, subscribed and licensed together). */
export interface QuotaSlots {
  basicCapacity: number;
  proCapacity: number;
}

/** The account's storage quota in bytes. */
export function storageQuotaOf(slots: QuotaSlots): number {
  return (
    STORAGE_QUOTA.free +
    Math.max(0, slots.basicCapacity) * STORAGE_QUOTA.perBasicSlot +
    Math.max(0, slots.proCapacity) * STORAGE_QUOTA.perProSlot
  );
}

/** The UTF-8 length of `text` in bytes, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next < 0xe000) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes as people read them: "850 KB", "31.3 MB", "1.2 GB" (1 MB = 1,000,000 bytes). */
export function formatBytes(bytes: number): string {
  const units = [
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'KB'],
  ] as const;
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const value = bytes / size;
      return `${value >= 100 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1)} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}

const LIMIT_TEXT = `${DOCUMENT_MAX_BYTES / 1_000_000} MB`;
const TOO_LARGE_ADVICE =
  `a map can hold at most ${LIMIT_TEXT} (the map size limit). Shorten long descriptions, remove locations you do ` +
  'not need, or split the map into several maps.';

/** The answer to a map of `bytes` over the size limit: what the limit is, and how to get under it. */
export function documentTooLargeMessage(bytes: number): string {
  return `This map is ${formatBytes(bytes)} as saved data; ${TOO_LARGE_ADVICE}`;
}

/** The same for a compressed body refused as soon as it inflated past the limit (its size is not known). */
export const DOCUMENT_OVER_LIMIT = `This map is more than ${LIMIT_TEXT} as saved data; ${TOO_LARGE_ADVICE}`;

/**
 * The calls whose body carries a map document (`mapData`): a body of theirs too large to read is a map over the size
 * limit, and is told so. lambdas/src/calls.test.ts checks the list against the call table's schemas.
 */
export const MAP_DOCUMENT_CALLS: readonly string[] = ['createMap', 'saveMap', 'adminUpdateMap'];

/** Any other call's body too large to read: no map is in it, so the map size limit would say nothing true. */
export const REQUEST_TOO_LARGE =
  'This request is too large for the server to read, so nothing was changed. Shorten what you entered and try again.';

/**
 * The refusal of a call's body too large to read (past the server's limit, or the gateway's): its message and
 * details, the same whether the body came compressed or not.
 */
export function bodyTooLargeRefusal(call: string): { message: string; details: { limit: string; maxBytes: number } } {
  return MAP_DOCUMENT_CALLS.includes(call)
    ? { message: DOCUMENT_OVER_LIMIT, details: { limit: 'documentBytes', maxBytes: DOCUMENT_MAX_BYTES } }
    : { message: REQUEST_TOO_LARGE, details: { limit: 'requestBytes', maxBytes: REQUEST_MAX_BYTES } };
}

/**
 * A map call's body refused by the gateway, over its payload limit (6 MB as sent), before the server read it: the
 * map may well be under the map size limit, so that limit is not named; what makes it smaller is.
 */
export const MAP_TOO_LARGE_TO_SEND =
  'This map is too large to send to the server. Shorten long descriptions, remove locations you do not need, or ' +
  'split the map into several maps.';

/** The refusal of a call's body by the gateway (its own 413, no answer of ours): what the browser's client says. */
export function gatewayTooLargeRefusal(call: string): { message: string; details: { limit: string } } {
  return {
    message: MAP_DOCUMENT_CALLS.includes(call) ? MAP_TOO_LARGE_TO_SEND : REQUEST_TOO_LARGE,
    details: { limit: 'requestBytes' },
  };
}

/** The size problem of a document given as its JSON text, or null when it fits. */
export function documentSizeProblem(json: string): string | null {
  // Each character is at least one byte: most documents are decided without counting.
  if (json.length > DOCUMENT_MAX_BYTES) return documentTooLargeMessage(utf8Length(json));
  if (json.length * 3 <= DOCUMENT_MAX_BYTES) return null;
  const bytes = utf8Length(json);
  return bytes > DOCUMENT_MAX_BYTES ? documentTooLargeMessage(bytes) : null;
}

/** The answer to a write the account's storage quota cannot hold: the figures, and what frees or adds space. */
export function quotaExceededMessage(args: { needed: number; used: number; quota: number }): string {
  return (
    `Your account stores ${formatBytes(args.used)} of its ${formatBytes(args.quota)} storage, and this needs ` +
    `${formatBytes(args.needed)} more, so nothing was saved. Delete versions you no longer need (History), maps or ` +
    `files you no longer use, or add map slots: each Basic slot adds ${formatBytes(STORAGE_QUOTA.perBasicSlot)}, ` +
    `each Professional slot ${formatBytes(STORAGE_QUOTA.perProSlot)}.`
  );
}
