/**
 * The administrator's 'View as user' id, kept in localStorage so it survives reloads. Only an
 * administrator's session honours it; the server checks the admin claim on every call that carries it.
 */
const KEY = 'mapnest.viewAs';
/** How the banner names the viewed user (their email address), kept beside the id. */
const LABEL_KEY = 'mapnest.viewAsLabel';

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

/** How to name the viewed user: the stored label, else the id; null when not viewing as anyone. */
export function storedViewAsLabel(): string | null {
  return storage()?.getItem(LABEL_KEY)?.trim() || storedViewAs();
}

/** Stores the id (and how to name that user); an empty id ends the simulation. */
export function storeViewAs(id: string, label?: string | null): void {
  const value = id.trim();
  if (value) storage()?.setItem(KEY, value);
  else storage()?.removeItem(KEY);
  if (value && label) storage()?.setItem(LABEL_KEY, label);
  else storage()?.removeItem(LABEL_KEY);
}

/**
 * Starts viewing as a user (or stops, with an empty id) and opens the maps list afresh, so every screen loads that
 * user's data. Not the page it was started from: that may be a map of whoever was viewed before (the administrator
 * would stay in another user's editor, its banner gone, editing their map).
 */
export function switchViewAs(id: string, label?: string | null): void {
  storeViewAs(id, label);
  window.location.assign('/maps');
}
