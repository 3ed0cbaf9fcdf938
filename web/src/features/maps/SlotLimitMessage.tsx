import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { BILLING_TEXTS } from '@mapnest/shared/billing-texts';
import { FREE_TEST_MAPS, PLAN_NAMES } from '@mapnest/shared/constants';
import type { SlotKind } from './map-errors';

/** Where buying slots starts: the subscribe dialog on the maps page (hash #subscribe). */
export const SUBSCRIBE_PATH = '/maps#subscribe';

/** A link that opens the subscribe dialog; on /maps it only changes the hash, replacing history. */
export function SubscribeLink({ children, className }: { children: ReactNode; className?: string }) {
  const { pathname } = useLocation();
  return (
    <Link to={SUBSCRIBE_PATH} replace={pathname === '/maps'} className={className}>
      {children}
    </Link>
  );
}

/**
 * Why an action ran out of slots, in words, with the ways out: buy slots or, for Basic, the map's own licence.
 * `capacity` (the plan's subscription slots, from the server's answer) tells "none" from "all in use".
 */
export function slotLimitText(slot: SlotKind, capacity?: number, testMaps?: number): string {
  if (slot === 'test' && testMaps !== undefined && testMaps > FREE_TEST_MAPS) {
    // More than the limit: maps went back to test when slots ended. Said as it is, not "you already have 2".
    return `You hold ${testMaps} test maps. ${BILLING_TEXTS.testMapsOver} Delete test maps you no longer need, or buy map slots and make them live.`;
  }
  if (slot === 'test') {
    return `You already have ${FREE_TEST_MAPS} test maps, the most an account can hold. Delete a test map you no longer need, or buy a map slot and make one of them live.`;
  }
  return BILLING_TEXTS.noFreeSlot(slot, capacity ?? 1);
}

/** The slot explanation of a refused create, duplicate or state change, with a link to the plans. */
export function SlotLimitMessage({
  slot,
  capacity,
  testMaps,
}: {
  slot: SlotKind;
  capacity?: number;
  testMaps?: number;
}) {
  return (
    <>
      {slotLimitText(slot, capacity, testMaps)}{' '}
      <SubscribeLink className="alert__link">
        {slot === 'test' ? 'See plans and buy slots' : `Buy ${PLAN_NAMES[slot]} slots`}
      </SubscribeLink>
    </>
  );
}
