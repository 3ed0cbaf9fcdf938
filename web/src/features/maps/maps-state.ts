/**
 * The maps list state (jotai). The list belongs to the signed-in user it was loaded for: after a sign-out
 * or a switch of the viewed user it reads as not loaded, and late answers for someone else are dropped.
 * Loaded maps are mirrored into the session store (`maps`, `mapsLoaded`) so the rest of the app
 * sees the same list.
 */
import { atom, type Getter, type Setter } from 'jotai';
import { CallError } from '@mapnest/shared/errors';
import type { MapSummary } from '@mapnest/shared/maps';
import { DUPLICATE_TITLE_PREFIX, MAP_TITLE_MAX, type MapStateValue } from '@mapnest/shared/constants';
import type { MapDocument } from '@mapnest/shared/map-document';
import { reportError } from '../../lib/analytics';
import { sessionAtom, type SessionMap } from '../../state/session';
import { describeError, outcomeFromRead, OutcomeUnconfirmed, renamedElsewhere } from './map-errors';
import { mapsApi, type SlotCounters } from './maps-api';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface MapsListState {
  /** Whose maps these are (the session's userId when they were loaded). */
  userId: string | null;
  status: LoadStatus;
  maps: readonly MapSummary[];
  error: string | null;
}

const EMPTY: MapsListState = { userId: null, status: 'idle', maps: [], error: null };

const listBaseAtom = atom<MapsListState>(EMPTY);
const slotsBaseAtom = atom<{ userId: string | null; slots: SlotCounters | null }>({ userId: null, slots: null });
/** Increases with every load, so only the newest answer is kept. */
const loadSeqAtom = atom(0);

const currentUser = (get: Getter) => get(sessionAtom).userId;

/** The maps of the current session's user. */
export const mapsListAtom = atom<MapsListState>((get) => {
  const state = get(listBaseAtom);
  const userId = currentUser(get);
  return state.userId === userId ? state : { ...EMPTY, userId };
});

/** The current user's slot counters, or null until loaded. */
export const slotsAtom = atom<SlotCounters | null>((get) => {
  const state = get(slotsBaseAtom);
  return state.userId === currentUser(get) ? state.slots : null;
});

/**
 * The slot counters a move is checked against before any click: none for an administrator on their own account, who
 * sets any map's plan without a free slot (the server's answer stays the judge for everyone).
 */
export const slotsToCheckAtom = atom<SlotCounters | null>((get) => {
  const { admin, isUserSimulated } = get(sessionAtom);
  return admin && !isUserSimulated ? null : get(slotsAtom);
});

function toSessionMap(map: MapSummary): SessionMap {
  const { id, title, uid, author, created, edited, state, metrics, subscribed } = map;
  return { id, title, uid, author, created, edited, state, metrics, subscribed };
}

/** Stores a new list for `userId`, unless the session has moved on to someone else. */
function storeMaps(get: Getter, set: Setter, userId: string, maps: readonly MapSummary[]) {
  if (currentUser(get) !== userId) return;
  set(listBaseAtom, { userId, status: 'ready', maps, error: null });
  set(sessionAtom, (s) => (s.userId === userId ? { ...s, maps: maps.map(toSessionMap), mapsLoaded: true } : s));
}

/** Changes an already loaded list in place; a list that is not loaded stays so (the next load gets it all). */
function updateLoaded(
  get: Getter,
  set: Setter,
  userId: string,
  change: (maps: readonly MapSummary[]) => readonly MapSummary[],
) {
  const state = get(mapsListAtom);
  if (state.status !== 'ready' || state.userId !== userId) return;
  storeMaps(get, set, userId, change(state.maps));
}

/** Puts the fields the server answered for one map into the loaded list. */
function patchLoaded(get: Getter, set: Setter, userId: string, patch: Pick<MapSummary, 'id'> & Partial<MapSummary>) {
  updateLoaded(get, set, userId, (maps) => maps.map((m) => (m.id === patch.id ? { ...m, ...patch } : m)));
}

function requireUser(get: Getter): string {
  const { user, userId } = get(sessionAtom);
  // A map call without a signed-in user fails with 'Unauthenticated'.
  if (!user || !userId) throw new CallError('unauthenticated', 'Unauthenticated');
  return userId;
}

/** Fails the same way everywhere: logged, then rethrown for the screen to explain. */
async function logged<T>(where: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    reportError(error, `maps:${where}`);
    throw error;
  }
}

/**
 * Logs a failed read of the list or the slot counters, unless the server refused the session: a session ended
 * elsewhere is the call client's to handle (it ends it here and says why), and an account just deleted refuses the
 * reads still under way. Neither is a fault of the app; the list still shows what went wrong while it is on screen.
 */
function reportRead(error: unknown, where: string): void {
  if (error instanceof CallError && error.code === 'unauthenticated') return;
  reportError(error, where);
}

/** Loads (or reloads) the current user's maps; the list keeps showing while a reload runs. */
export const loadMapsAtom = atom(null, async (get, set) => {
  const { user, userId } = get(sessionAtom);
  if (!user || !userId) return;
  const seq = get(loadSeqAtom) + 1;
  set(loadSeqAtom, seq);
  const before = get(mapsListAtom);
  set(listBaseAtom, { ...before, userId, status: before.status === 'ready' ? 'ready' : 'loading', error: null });
  try {
    const maps = await mapsApi.listMaps();
    if (get(loadSeqAtom) === seq) storeMaps(get, set, userId, maps);
  } catch (error) {
    reportRead(error, 'maps:load');
    if (get(loadSeqAtom) !== seq || currentUser(get) !== userId) return;
    set(listBaseAtom, { ...get(mapsListAtom), userId, status: 'error', error: describeError(error) });
  }
});

/** Loads the current user's slot counters; a failure leaves them unknown (the summary is then hidden). */
export const loadSlotsAtom = atom(null, async (get, set) => {
  const { user, userId } = get(sessionAtom);
  if (!user || !userId) return;
  try {
    const slots = await mapsApi.getSlots();
    if (currentUser(get) === userId) set(slotsBaseAtom, { userId, slots });
  } catch (error) {
    reportRead(error, 'maps:slots');
  }
});

/**
 * After a failure that may have been done anyway (a lost answer, a timeout, a 5xx), reads the list again, shows it,
 * and answers what `found` finds there of the action done (the copy, the renamed map); when it finds nothing the
 * failure stands, and when the list cannot be read the outcome is unconfirmed. A second click would otherwise repeat
 * an action already made (a second copy, a second new map) or fail against it (a delete of a map already gone). The
 * slot counters are read again too: the action may have taken or given back a slot.
 */
async function learnOutcome<T>(
  get: Getter,
  set: Setter,
  input: { userId: string; error: unknown; unconfirmed: string },
  found: (maps: readonly MapSummary[]) => T | undefined,
): Promise<T> {
  return outcomeFromRead(
    input.error,
    input.unconfirmed,
    async () => {
      void set(loadSlotsAtom);
      const maps = await mapsApi.listMaps();
      set(loadSeqAtom, get(loadSeqAtom) + 1);
      storeMaps(get, set, input.userId, maps);
      return maps;
    },
    found,
  );
}

/**
 * The ids of the maps there are before a create, to tell its map from the others if its answer is lost: the loaded
 * list, or the list read first when none is loaded (the new-map page opened directly); null when it cannot be read.
 */
async function mapIdsBefore(get: Getter, set: Setter): Promise<ReadonlySet<string> | null> {
  if (get(mapsListAtom).status !== 'ready') await set(loadMapsAtom);
  const list = get(mapsListAtom);
  return list.status === 'ready' ? new Set(list.maps.map((m) => m.id)) : null;
}

/**
 * Creates a map (blank, or from a document) and answers its id; the list and slots reload. createMap takes no request
 * id, so when its answer is lost the list is the witness: a map with the title asked for that was not there before.
 */
export const createMapAtom = atom(null, async (get, set, input: { title: string; mapData?: MapDocument | null }) => {
  const userId = requireUser(get);
  const before = await mapIdsBefore(get, set);
  try {
    const id = await logged('create', () => mapsApi.createMap(input.title, input.mapData));
    void set(loadMapsAtom);
    void set(loadSlotsAtom);
    return id;
  } catch (error) {
    const title = input.title.trim();
    const unconfirmed = 'Check your connection, then look for it in your maps list before creating it again.';
    return learnOutcome(get, set, { userId, error, unconfirmed }, (maps) => {
      const titled = maps.filter((m) => m.title === title);
      // Without the list from before, a map of that title may be this one or an older one: only none says "not made".
      if (!before && titled.length > 0) throw new OutcomeUnconfirmed(unconfirmed, { cause: error });
      return titled.find((m) => before && !before.has(m.id))?.id;
    });
  }
});

/** Renames a map; the list shows the new title once the server has it (or, its answer lost, once the list shows it). */
export const renameMapAtom = atom(null, async (get, set, input: { id: string; title: string; replaces?: string }) => {
  const userId = requireUser(get);
  let updated: MapSummary;
  try {
    updated = await logged('rename', () => mapsApi.renameMap(input.id, input.title, input.replaces));
  } catch (error) {
    // Renamed elsewhere since the list showed it: the list shows that title, and the refusal says so.
    const now = renamedElsewhere(error);
    if (now) patchLoaded(get, set, userId, now);
    const title = input.title.trim();
    const unconfirmed = 'Check your connection, then reload the list to see its title before renaming it again.';
    return learnOutcome(get, set, { userId, error, unconfirmed }, (maps) =>
      maps.find((m) => m.id === input.id && m.title === title),
    );
  }
  patchLoaded(get, set, userId, updated);
  return updated;
});

/** Duplicates a map ('[D] ' title, a new test map) and answers the copy's id. */
export const duplicateMapAtom = atom(null, async (get, set, id: string) => {
  const userId = requireUser(get);
  const list = get(mapsListAtom);
  const source = list.status === 'ready' ? list.maps.find((m) => m.id === id) : undefined;
  try {
    const copy = await logged('duplicate', () => mapsApi.duplicateMap(id));
    await set(loadMapsAtom);
    void set(loadSlotsAtom);
    return copy;
  } catch (error) {
    const copyTitle = source && `${DUPLICATE_TITLE_PREFIX}${source.title}`.slice(0, MAP_TITLE_MAX);
    const known = new Set(list.maps.map((m) => m.id));
    const unconfirmed = 'Check your connection, then look for the copy in the list before duplicating again.';
    return learnOutcome(
      get,
      set,
      { userId, error, unconfirmed },
      (maps) => maps.find((m) => !known.has(m.id) && m.title === copyTitle)?.id,
    );
  }
});

/** Deletes a map with its versions and public copy; it leaves the list once the server confirms. */
export const deleteMapAtom = atom(null, async (get, set, id: string) => {
  const userId = requireUser(get);
  try {
    await logged('delete', () => mapsApi.deleteMap(id));
    void set(loadSlotsAtom);
  } catch (error) {
    const unconfirmed =
      'We could not confirm whether this map was deleted. Check your connection and reload the list before trying again.';
    await learnOutcome(get, set, { userId, error, unconfirmed }, (maps) =>
      maps.some((m) => m.id === id) ? undefined : true,
    );
  }
  updateLoaded(get, set, userId, (maps) => maps.filter((m) => m.id !== id));
});

/** Applies fields the server reported for one map (after a restore, a state change) without a reload. */
export const patchMapAtom = atom(null, (get, set, patch: Pick<MapSummary, 'id'> & Partial<MapSummary>) => {
  const { userId } = get(sessionAtom);
  if (!userId) return;
  patchLoaded(get, set, userId, patch);
});

/** What to do when a state move's answer was lost and the list could not be read again to tell (ADR 103). */
const STATE_UNCONFIRMED = 'Check your connection, then reload the list to see the map’s state before trying again.';

/**
 * Moves a map to another state (Go live, Make Pro, Back to test) and answers the map as the server has it; a slot
 * refusal arrives as 'resource-exhausted' with the missing slot in its details (exhaustedSlot).
 */
export const setMapStateAtom = atom(null, async (get, set, input: { id: string; state: MapStateValue }) => {
  const userId = requireUser(get);
  let updated: MapSummary;
  try {
    updated = await logged('state', () => mapsApi.setMapState(input.id, input.state));
  } catch (error) {
    return learnOutcome(get, set, { userId, error, unconfirmed: STATE_UNCONFIRMED }, (maps) =>
      maps.find((m) => m.id === input.id && m.state === input.state),
    );
  }
  patchLoaded(get, set, userId, updated);
  void set(loadSlotsAtom);
  return updated;
});
