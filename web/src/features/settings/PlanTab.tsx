import { useEffect, useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { maskPurchaseCode, type License, type Subscription } from '@mapnest/shared/billing';
import { BILLING_TEXTS, slotUse } from '@mapnest/shared/billing-texts';
import {
  FREE_TEST_MAPS,
  PAYMENT_RETURN_PATH,
  PLAN_NAMES,
  TEST_MAP_ACTIVE_DAYS,
  type PlanId,
} from '@mapnest/shared/constants';
import { MESSAGES } from '@mapnest/shared/errors';
import { USER_ID_PATTERN, type SlotCounters } from '@mapnest/shared/maps';
import { sessionAtom } from '../../state/session';
import { Spinner } from '../../components/Spinner';
import { AccountHolderNote, BuySlotsLink, useViewingAsUser } from '../billing/AccountHolderOnly';
import { billingApi, goToPaymentPage } from '../billing/billing-api';
import { shortDate } from '../billing/billing-format';
import { loadSubscriptionsAtom, subscriptionsAtom } from '../billing/subscriptions-state';
import { mapsApi } from '../maps/maps-api';
import { loadMapsAtom, loadSlotsAtom, mapsListAtom } from '../maps/maps-state';
import { SubscribeLink } from '../maps/SlotLimitMessage';
import { SettingsRow } from './SettingsRow';
import { GrantedSlotsRow } from './team/GrantedSlots';
import '../billing/billing.css';

/** Where a plan's capacity comes from, when it is not only a subscription: '3 subscribed · 2 from licences'. */
function sources(subscribed: number, granted: number): string | null {
  const parts = [subscribed > 0 ? `${subscribed} subscribed` : '', granted > 0 ? `${granted} granted` : ''].filter(
    Boolean,
  );
  return parts.length > 1 || (parts.length === 1 && subscribed === 0) ? parts.join(' · ') : null;
}

/** One subscription in words: 'Basic · 3 maps, billed monthly · renews Dec 23, 2026'. */
export function subscriptionLine(s: Subscription): string {
  const billed = s.period ? `, billed ${s.period === 'yearly' ? 'annually' : 'monthly'}` : '';
  // A past-due period is not paid for: naming its end as a renewal date would say it is (the failure is said beside).
  const when = s.cancelAt
    ? ` · Canceled, ends ${shortDate(s.cancelAt)}`
    : s.currentPeriodEnd && s.status !== 'past_due'
      ? ` · renews ${shortDate(s.currentPeriodEnd)}`
      : '';
  return `${PLAN_NAMES[s.plan]} · ${s.quantity} ${s.quantity === 1 ? 'map' : 'maps'}${billed}${when}`;
}

/** The slots and the registered licences, read when the tab opens (and again for another user). */
function usePlanData(userId: string | null) {
  const loadSubscriptions = useSetAtom(loadSubscriptionsAtom);
  const [slots, setSlots] = useState<SlotCounters | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [licenses, setLicenses] = useState<readonly License[] | null>(null);
  const [licenseError, setLicenseError] = useState(false);

  useEffect(() => {
    let live = true;
    mapsApi.getSlots().then(
      (s) => live && setSlots(s),
      (err: unknown) => {
        console.error(MESSAGES.loadUserData, err);
        if (live) setError(MESSAGES.unknownError);
      },
    );
    billingApi.listLicenses().then(
      (l) => live && setLicenses(l),
      (err: unknown) => {
        console.error(MESSAGES.loadUserData, err);
        if (live) setLicenseError(true);
      },
    );
    void loadSubscriptions().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [userId, loadSubscriptions]);

  return { slots, setSlots, error, licenses, licenseError };
}

/**
 * The Plan tab: map slots used and held per plan, the plan description with 'Buy slots', the payment
 * portal for users with a subscription, and the registered licences with their end dates.
 */
export function PlanTab() {
  const { admin: adminClaim, isUserSimulated, plans, userId } = useAtomValue(sessionAtom);
  // Viewing as a user shows that user's limits, not the administrator's.
  const admin = adminClaim && !isUserSimulated;
  const subscriptions = useAtomValue(subscriptionsAtom);
  const mapsList = useAtomValue(mapsListAtom);
  const loadMaps = useSetAtom(loadMapsAtom);
  const loadSlots = useSetAtom(loadSlotsAtom);
  const { slots, setSlots, error, licenses, licenseError } = usePlanData(userId);
  // An administrator viewing as a user (by id) changes the slots granted to that user here.
  const grantTo = adminClaim && isUserSimulated && userId && USER_ID_PATTERN.test(userId) ? userId : null;

  // Licences name their maps; the maps list may not be loaded yet when settings open on another page.
  const needMaps = (licenses?.length ?? 0) > 0 && mapsList.status === 'idle';
  useEffect(() => {
    if (needMaps) void loadMaps();
  }, [needMaps, loadMaps]);

  const subs = subscriptions.subscriptions;
  const hasSubscription = subs.length > 0 || plans.length > 0;
  const mapTitle = (id: string) =>
    mapsList.maps.find((m) => m.id === id)?.title ?? (mapsList.status === 'ready' ? 'A deleted map' : 'Map');

  return (
    <div className="settings-section">
      <SettingsRow label="Map slots" description="Maps in use of the slots you hold, per plan.">
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : !slots ? (
          <Spinner size="sm" label="Loading slots" />
        ) : (
          <SlotList slots={slots} admin={admin} offer={hasSubscription ? BUY_SLOTS : SEE_PLANS} />
        )}
      </SettingsRow>
      {grantTo && slots && (
        <GrantedSlotsRow
          key={grantTo}
          uid={grantTo}
          slots={slots}
          onSaved={(after) => {
            setSlots(after);
            // The maps page's meters, and its maps (a lowered grant may send some back to test), follow.
            void loadSlots();
            void loadMaps();
          }}
        />
      )}
      <SettingsRow label="Plan" description={<PlanDescription subscriptions={subs} />}>
        {hasSubscription ? (
          <BuySlotsLink className="btn btn--primary btn--sm">{BUY_SLOTS}</BuySlotsLink>
        ) : (
          <SubscribeLink className="btn btn--primary btn--sm">{SEE_PLANS}</SubscribeLink>
        )}
      </SettingsRow>
      {hasSubscription && <PaymentRow />}
      <SettingsRow
        label="Licenses"
        description={`${BILLING_TEXTS.licenseRule} ${BILLING_TEXTS.goLiveWays} Register one from a map’s menu.`}
      >
        {licenseError ? (
          <p className="field__error" role="alert">
            {MESSAGES.unknownError}
          </p>
        ) : !licenses ? (
          <Spinner size="sm" label="Loading licenses" />
        ) : licenses.length === 0 ? (
          <p className="settings-row__description">None registered.</p>
        ) : (
          <LicenseList licenses={licenses} mapTitle={mapTitle} />
        )}
      </SettingsRow>
    </div>
  );
}

/** The Plan row's button, which the slot list names to a user who holds no slots. */
const BUY_SLOTS = 'Buy slots';
const SEE_PLANS = 'See plans';

/**
 * One plan's slots: in use of those held, and where they come from. None held and none in use is said in words, with
 * the way to get some (the button the tab shows below): "0 of 0 used" told a new customer nothing.
 */
function PlanSlots(p: {
  plan: PlanId;
  used: number;
  capacity: number;
  subscribed: number;
  granted: number;
  offer: string;
  admin: boolean;
}) {
  const none = p.used === 0 && p.capacity === 0;
  const use = slotUse(p.plan, p.used, p.capacity, p.admin);
  const from = sources(p.subscribed, p.granted);
  return (
    <div>
      <dt>{PLAN_NAMES[p.plan]}</dt>
      <dd>{none ? 'None yet' : use.value}</dd>
      {none && <dd className="slot-list__note">{`Get them with “${p.offer}” below.`}</dd>}
      {use.note && <dd className="slot-list__note">{use.note}</dd>}
      {from && <dd className="slot-list__note">{from}</dd>}
    </div>
  );
}

/** Test maps, Basic and Professional: used of held, and where the capacity comes from. */
function SlotList({ slots, admin, offer }: { slots: SlotCounters; admin: boolean; offer: string }) {
  return (
    <dl className="slot-list" aria-label="Map slots">
      <div>
        <dt>Test maps</dt>
        <dd>{admin ? `${slots.testMaps} (unlimited)` : `${slots.testMaps} of ${FREE_TEST_MAPS} used`}</dd>
        {!admin && slots.testMaps > FREE_TEST_MAPS && <dd className="slot-list__note">{BILLING_TEXTS.testMapsOver}</dd>}
      </div>
      <PlanSlots
        plan="basic"
        used={slots.basicUsed}
        capacity={slots.basicCapacity}
        subscribed={slots.basicSubscribed}
        granted={slots.basicGranted}
        offer={offer}
        admin={admin}
      />
      {slots.basicLicensed > 0 && (
        <div className="slot-list__licensed">
          <dt>Licensed maps</dt>
          <dd>{BILLING_TEXTS.licensedCount(slots.basicLicensed)}</dd>
        </div>
      )}
      <PlanSlots
        plan="pro"
        used={slots.proUsed}
        capacity={slots.proCapacity}
        subscribed={slots.proSubscribed}
        granted={slots.proGranted}
        offer={offer}
        admin={admin}
      />
    </dl>
  );
}

/** The user's subscriptions, one a line with a payment problem when there is one, or the free plan in words. */
function PlanDescription({ subscriptions }: { subscriptions: readonly Subscription[] }) {
  if (subscriptions.length === 0) {
    return `Free: up to ${FREE_TEST_MAPS} test maps, each public for ${TEST_MAP_ACTIVE_DAYS} days. ${PLAN_NAMES.basic} keeps maps live with cloud hosting and automatic updates, billed per map; ${PLAN_NAMES.pro} adds wayfinding, analytics and priority support.`;
  }
  return (
    <ul className="plan-summary">
      {subscriptions.map((s) => (
        <li key={s.id}>
          {subscriptionLine(s)}
          {s.status === 'past_due' && (
            <strong className="field__error">
              {' '}
              Payment failed — update your payment method in the payment portal.
            </strong>
          )}
        </li>
      ))}
    </ul>
  );
}

/** 'Payment portal': leaves for the payment provider's portal. */
function PaymentRow() {
  const [portalBusy, setPortalBusy] = useState(false);
  const viewingAsUser = useViewingAsUser();
  const noteId = useId();

  const openPortal = async () => {
    setPortalBusy(true);
    try {
      const { url } = await billingApi.createPortalLink(PAYMENT_RETURN_PATH);
      goToPaymentPage(url);
    } catch (err) {
      // In settings a portal link failure is only logged and the button enabled again.
      console.error('Payment portal link failed', err);
      setPortalBusy(false);
    }
  };

  return (
    <SettingsRow label="Payment" description="Invoices, payment method, billing details, quantity and cancellation.">
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => void openPortal()}
        disabled={portalBusy || viewingAsUser}
        aria-describedby={viewingAsUser ? noteId : undefined}
      >
        {portalBusy && (
          <span aria-hidden="true">
            <Spinner size="sm" />
          </span>
        )}
        Payment portal
      </button>
      {viewingAsUser && <AccountHolderNote id={noteId} />}
    </SettingsRow>
  );
}

/** The registered licences: the map, when the licence ends, and the masked code. */
function LicenseList({ licenses, mapTitle }: { licenses: readonly License[]; mapTitle: (id: string) => string }) {
  return (
    <ul className="license-list" aria-label="Registered licenses">
      {licenses.map((l) => (
        <li
          key={`${l.code}-${l.mapId}`}
          className={l.ended ? 'license-list__item license-list__ended' : 'license-list__item'}
        >
          <span>
            {mapTitle(l.mapId)} ·{' '}
            {l.ended
              ? 'ended'
              : l.startsAt > l.registeredAt && l.startsAt > new Date().toISOString()
                ? `starts ${shortDate(l.startsAt)}, ends ${shortDate(l.endsAt)}`
                : `ends ${shortDate(l.endsAt)}`}
          </span>
          <span className="license-list__code">{maskPurchaseCode(l.code)}</span>
        </li>
      ))}
    </ul>
  );
}
