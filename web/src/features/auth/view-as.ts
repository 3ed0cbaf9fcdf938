/**
 * The administrator's 'View as user' id (spec §4), kept in localStorage so it survives reloads. Only an
 * administrator's session honours it; the server checks the admin claim on every call that carries it.
 */
const KEY = 'mapnest.viewAs';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored id, or null. */
export function storedViewAs(): string | null {
  const value = storage()?.getItem(KEY)?.trim();
  return value ? value : null;
}

/** Stores the id; an empty id ends the simulation. */
export function storeViewAs(id: string): void {
  const value = id.trim();
  if (value) storage()?.setItem(KEY, value);
  else storage()?.removeItem(KEY);
}
