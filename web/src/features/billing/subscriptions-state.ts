/**
 * The signed-in user's subscriptions and the session's `plans` (non-empty means paid slots). Loaded at session start and again whenever something may have changed them
 * (the subscribe dialog opening, the return from Checkout). Like the maps list, the data belongs to the user it
 * was loaded for; answers for someone else are dropped.
 *
 * Only type imports from @mapnest/shared/billing: the session bootstrap imports this module, and the schemas
 * there would pull zod into the first page load.
 */
import { atom, type Getter } from 'jotai';
import type { Subscription } from '@mapnest/shared/billing';
import { reportError } from '../../lib/analytics';
import { sessionAtom, type SessionPlan } from '../../state/session';
import { describeError } from '../maps/map-errors';
import { billingApi } from './billing-api';

export interface SubscriptionsState {
  userId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  subscriptions: readonly Subscription[];
  /** Why the last load failed, in words (with status 'error'). */
  reason?: string;
}

const EMPTY: SubscriptionsState = { userId: null, status: 'idle', subscriptions: [] };
const baseAtom = atom<SubscriptionsState>(EMPTY);
const seqAtom = atom(0);

const currentUser = (get: Getter) => get(sessionAtom).userId;

/** The current user's subscriptions; 'idle' until the first load for this user. */
export const subscriptionsAtom = atom<SubscriptionsState>((get) => {
  const state = get(baseAtom);
  const userId = currentUser(get);
  return state.userId === userId ? state : { ...EMPTY, userId };
});

/** The session store's view of a subscription. */
export function toSessionPlans(subscriptions: readonly Subscription[]): SessionPlan[] {
  return subscriptions.map(({ plan, quantity, cancelAt }) => ({ plan, quantity, cancelAt }));
}

/**
 * Loads the current user's subscriptions into this atom and the session's plans, and answers them. A failure is
 * reported and rethrown; the session's plans then stay as they were.
 */
export const loadSubscriptionsAtom = atom(null, async (get, set): Promise<readonly Subscription[]> => {
  const { user, userId } = get(sessionAtom);
  if (!user || !userId) return [];
  const seq = get(seqAtom) + 1;
  set(seqAtom, seq);
  const before = get(subscriptionsAtom);
  set(baseAtom, { ...before, userId, status: before.status === 'ready' ? 'ready' : 'loading' });
  try {
    const subscriptions = await billingApi.listSubscriptions();
    if (get(seqAtom) === seq && currentUser(get) === userId) {
      set(baseAtom, { userId, status: 'ready', subscriptions });
      set(sessionAtom, (s) => (s.userId === userId ? { ...s, plans: toSessionPlans(subscriptions) } : s));
    }
    return subscriptions;
  } catch (error) {
    reportError(error, 'billing:subscriptions');
    if (get(seqAtom) === seq && currentUser(get) === userId)
      set(baseAtom, { ...get(subscriptionsAtom), userId, status: 'error', reason: describeError(error) });
    throw error;
  }
});
