/**
 * This browser's localStorage for what the app remembers of the author's choices (the paper a map prints on, a note
 * dismissed). Storage refused (a private window, a full quota, storage turned off) is no fault: nothing is
 * remembered. Any other error is a programming error and is thrown.
 */

/** The value kept under `key`, or null when there is none or storage is refused. */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch (e) {
    if (e instanceof DOMException) return null;
    throw e;
  }
}

/** Keeps `value` under `key`; nothing when storage is refused. */
export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch (e) {
    if (!(e instanceof DOMException)) throw e;
  }
}
