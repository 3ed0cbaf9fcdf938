import type { CSSProperties } from 'react';
import { BILLING_TEXTS, slotUse } from '@mapnest/shared/billing-texts';
import { FREE_TEST_MAPS, PLAN_NAMES, TEST_MAP_ACTIVE_DAYS } from '@mapnest/shared/constants';
import type { SlotCounters } from './maps-api';
import { BuySlotsLink } from '../billing/AccountHolderOnly';

export interface SlotSummaryProps {
  /** The server's counters, or null while unknown. */
  slots: SlotCounters | null;
  /** Test maps in the list, used until the counters arrive. */
  testMapsInList: number;
  /** Administrators have no test map limit. */
  admin: boolean;
}

function Meter({ used, capacity }: { used: number; capacity: number }) {
  const share = capacity > 0 ? Math.min(1, used / capacity) : 0;
  return (
    <span
      className={['slot__meter', used >= capacity && capacity > 0 ? 'is-full' : ''].filter(Boolean).join(' ')}
      aria-hidden="true"
    >
      <span className="slot__fill" style={{ '--share': share } as CSSProperties} />
    </span>
  );
}

/** How many test maps and paid slots the user holds, with the way to buy more. */
export function SlotSummary({ slots, testMapsInList, admin }: SlotSummaryProps) {
  const testUsed = slots?.testMaps ?? testMapsInList;
  const paid = slots
    ? (
        [
          ['basic', slots.basicUsed, slots.basicCapacity],
          ['pro', slots.proUsed, slots.proCapacity],
        ] as const
      ).filter(([, used, capacity]) => used > 0 || capacity > 0)
    : [];

  return (
    <section className="slots" aria-label="Map slots">
      <dl className="slots__list">
        <div className="slot">
          <dt className="slot__label">Test maps</dt>
          <dd className="slot__value">
            {admin ? (
              <>
                {testUsed} <span className="slot__note">no limit for administrators</span>
              </>
            ) : (
              <>
                {testUsed} of {FREE_TEST_MAPS} used
                <Meter used={testUsed} capacity={FREE_TEST_MAPS} />
                {testUsed > FREE_TEST_MAPS && <span className="slot__note">{BILLING_TEXTS.testMapsOver}</span>}
              </>
            )}
          </dd>
        </div>
        {paid.map(([plan, used, capacity]) => {
          const use = slotUse(plan, used, capacity, admin);
          return (
            <div className="slot" key={plan}>
              <dt className="slot__label">{PLAN_NAMES[plan]} slots</dt>
              <dd className="slot__value">
                {use.value}
                {use.meter && <Meter used={used} capacity={capacity} />}
                {use.note && <span className="slot__note">{use.note}</span>}
              </dd>
            </div>
          );
        })}
        {slots && slots.basicLicensed > 0 && (
          <div className="slot">
            <dt className="slot__label">Licensed maps</dt>
            <dd className="slot__value slot__note">{BILLING_TEXTS.licensedCount(slots.basicLicensed)}</dd>
          </div>
        )}
        {slots && paid.length === 0 && slots.basicLicensed === 0 && (
          <div className="slot">
            <dt className="slot__label">Paid slots</dt>
            <dd className="slot__value slot__note">
              None yet: test maps are public for {TEST_MAP_ACTIVE_DAYS} days; a slot keeps a map live.
            </dd>
          </div>
        )}
      </dl>
      <BuySlotsLink className="btn btn--secondary btn--sm slots__buy">Buy map slots</BuySlotsLink>
    </section>
  );
}
