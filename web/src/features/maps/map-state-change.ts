/** What each map state can move to from the maps list and the editor (issue 12), and how the moves are named. */
import { noFreeSlot, slotUse } from '@mapnest/shared/billing-texts';
import { MapState, PLAN_NAMES, TEST_MAP_ACTIVE_DAYS, type MapStateValue, type PlanId } from '@mapnest/shared/constants';
import type { MapSummary, SlotCounters } from '@mapnest/shared/maps';
import { shortDate } from './map-format';

export interface StateMove {
  to: MapStateValue;
  /** The button's name: 'Go live', 'Make Pro', 'Move to Basic', 'Back to test'. */
  label: string;
  /** Said while the call runs: 'Going live…'. */
  busy: string;
  /** What failed, for the error message: 'make “Mall” live'. */
  what: (title: string) => string;
  /** What may have been done when its answer was lost: '“Mall” went live'. */
  done: (title: string) => string;
  /** Moving back to test starts the 7-day clock, so it is confirmed first. */
  confirm: boolean;
}

const GO_LIVE: StateMove = {
  to: MapState.LIVE,
  label: 'Go live',
  busy: 'Going live…',
  what: (t) => `make “${t}” live`,
  done: (t) => `“${t}” went live`,
  confirm: false,
};
const MAKE_PRO: StateMove = {
  to: MapState.PRO,
  label: 'Make Pro',
  busy: 'Making it Pro…',
  what: (t) => `make “${t}” Pro`,
  done: (t) => `“${t}” was made Pro`,
  confirm: false,
};
const TO_BASIC: StateMove = {
  to: MapState.LIVE,
  label: 'Move to Basic',
  busy: 'Moving to Basic…',
  what: (t) => `move “${t}” to a Basic slot`,
  done: (t) => `“${t}” moved to a Basic slot`,
  confirm: false,
};
const TO_TEST: StateMove = {
  to: MapState.TEST,
  label: 'Back to test',
  busy: 'Moving back to test…',
  what: (t) => `move “${t}” back to test`,
  done: (t) => `“${t}” moved back to test`,
  confirm: true,
};

/** The moves a map's owner can make from its state; demo and admin maps have none here. */
export function stateMoves(state: number): StateMove[] {
  switch (state) {
    case MapState.TEST:
      return [GO_LIVE, MAKE_PRO];
    case MapState.LIVE:
      return [MAKE_PRO, TO_TEST];
    case MapState.PRO:
      return [TO_BASIC, TO_TEST];
    default:
      return [];
  }
}

/** A move that needs a slot of a plan whose slots are all in use (or that has none): said before any click. */
export interface SlotShortage {
  plan: PlanId;
  used: number;
  capacity: number;
}

/**
 * Whether a move needs a paid slot that the owner does not have free. Back to test takes no slot, nor does Basic on
 * the map's own licence (it is counted apart). `slots` is null while unknown and for administrators, who set any
 * map's plan without a free slot: then nothing is held back and the server's answer stays the judge.
 */
export function slotShortage(
  move: StateMove,
  map: Pick<MapSummary, 'licenseEndsAt'>,
  slots: SlotCounters | null,
): SlotShortage | null {
  if (!slots) return null;
  const plan: PlanId | null =
    move.to === MapState.PRO ? 'pro' : move.to === MapState.LIVE && !map.licenseEndsAt ? 'basic' : null;
  if (!plan) return null;
  const used = plan === 'basic' ? slots.basicUsed : slots.proUsed;
  const capacity = plan === 'basic' ? slots.basicCapacity : slots.proCapacity;
  return used < capacity ? null : { plan, used, capacity };
}

/** A move held back for want of a slot, with what is missing. */
export interface HeldMove {
  move: StateMove;
  shortage: SlotShortage;
}

/**
 * Why the held moves of one map are held back, in one note (a test map on an account with no slots has two, Go live
 * and Make Pro: one note says both), and Basic's second way out, the map's own licence, in the shared words; and Make
 * Pro when it is among the moves `open` (not held): an owner with free Professional slots only goes live that way.
 * The map card and the editor's state menu both say it this way.
 */
export function shortageText(held: readonly HeldMove[], open: readonly StateMove[] = []): string {
  // With no slots of a plan at all, "a free slot (0 of 0 used)" says nothing: the need is a slot.
  const need = ({ plan, used, capacity }: SlotShortage) =>
    capacity === 0
      ? `a ${PLAN_NAMES[plan]} slot`
      : `a free ${PLAN_NAMES[plan]} slot (${slotUse(plan, used, capacity, false).value})`;
  const [first, second] = held;
  if (!first) return '';
  const why = second
    ? `${first.move.label} needs ${need(first.shortage)} and ${second.move.label} ${need(second.shortage)}.`
    : `${first.move.label} needs ${need(first.shortage)}.`;
  const basic = held.find((h) => h.shortage.plan === 'basic');
  if (!basic) return why;
  // An owner who bought Professional slots only was told to buy Basic ones: Make Pro, open beside it, is the way in.
  const pro = open.includes(MAKE_PRO)
    ? ` Or ${MAKE_PRO.label}: it puts this map live on one of your free ${PLAN_NAMES.pro} slots, with everything ${PLAN_NAMES.basic} has.`
    : '';
  return `${why} ${noFreeSlot('basic', basic.shortage.capacity)}${pro}`;
}

/** The plans the held moves need, for the ways to buy slots. */
export function plansShort(held: readonly HeldMove[]): PlanId[] {
  return [...new Set(held.map((h) => h.shortage.plan))];
}

/**
 * The confirmation text of 'Back to test'. A map with no published version (never published, or taken offline) is
 * public nowhere, and going back to test does not change that.
 */
export function backToTestText(
  map: Pick<MapSummary, 'title' | 'state' | 'licenseEndsAt'> & Partial<Pick<MapSummary, 'publication'>>,
): string {
  const unpublished = map.publication === 'never' || map.publication === 'offline';
  const test = unpublished
    ? `It is ${map.publication === 'never' ? 'not published yet' : 'unpublished'}, so nothing of it is public. As a test map, published, it would be public for ${TEST_MAP_ACTIVE_DAYS} days from now; then its embed shows an expiry notice until you make it live again.`
    : `As a test map it stays public for ${TEST_MAP_ACTIVE_DAYS} days from now; then its embed shows an expiry notice until you make it live again.`;
  // A Basic map on its own licence holds no subscription slot: it gives none back, and its licence keeps running.
  if (map.state === MapState.LIVE && map.licenseEndsAt)
    return `“${map.title}” is live on its own license, not on a subscription slot, so no slot is given back; the license keeps running until ${shortDate(map.licenseEndsAt)} and Go live puts the map back on it. ${test}`;
  const plan = map.state === MapState.PRO ? PLAN_NAMES.pro : PLAN_NAMES.basic;
  return `“${map.title}” gives its ${plan} slot back. ${test}`;
}
