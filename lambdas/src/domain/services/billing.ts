/**
 * The billing service as the Lambdas call it: each operation of ../billing.ts bound to the real adapters it asks
 * for (ADR 037), Stripe's and the marketplace's among them, and to the maps service's access check. The public
 * copies and emails a change owes are kept for the table's stream (ADR 047), so no billing call carries S3 or SES.
 * Each is bound on its own and marked pure, so a call's bundle carries only what it uses. Import it as a namespace.
 */
import { anyDeleted } from '../../adapters/account-status';
import { billingTable } from '../../adapters/billing/billing-table';
import { followUps } from '../../adapters/follow-ups';
import { marketplace } from '../../adapters/billing/marketplace';
import { priceTable } from '../../adapters/billing/stripe-prices';
import { stripeCustomers, stripeSubscriptions } from '../../adapters/billing/stripe-rest';
import * as table from '../../adapters/maps/map-table';
import { setGrantedSlots as writeGrantedSlots } from '../../adapters/maps/slot-table';
import { isAdministrator } from '../../lib/user-exists';
import { withAdapters } from '../../lib/with-adapters';
import { countLicenseAttempt } from '../abuse-limits';
import * as op from '../billing';
import { accessible } from './maps';

/** The map table's functions the billing operations use (BillingAdapters['mapTable']), and none of the others. */
const mapTable = {
  get: table.get,
  list: table.list,
  slots: table.slots,
  lapse: table.lapse,
  lapseToBasic: table.lapseToBasic,
  changeState: table.changeState,
};

export const listSubscriptions = /* @__PURE__ */ withAdapters(op.listSubscriptions, { billingTable });
export const listLicenses = /* @__PURE__ */ withAdapters(op.listLicenses, { billingTable });
export const registerLicense = /* @__PURE__ */ withAdapters(op.registerLicense, {
  billingTable,
  marketplace,
  countLicenseAttempt,
  accessible,
});
export const restoreLapsedMaps = /* @__PURE__ */ withAdapters(op.restoreLapsedMaps, { mapTable });
export const deleteStripeCustomer = /* @__PURE__ */ withAdapters(op.deleteStripeCustomer, {
  billingTable,
  stripeCustomers,
});
export const reconcileSlots = /* @__PURE__ */ withAdapters(op.reconcileSlots, { mapTable, followUps, isAdministrator });
export const handleStripeEvent = /* @__PURE__ */ withAdapters(op.handleStripeEvent, {
  mapTable,
  followUps,
  isAdministrator,
  billingTable,
  // The deleted-account check alone: the rest of accountStatus would bring the user pool's client (ADR 042).
  accountStatus: { anyDeleted },
  priceTable,
  stripeSubscriptions,
});
export const remindEndingLicenses = /* @__PURE__ */ withAdapters(op.remindEndingLicenses, { billingTable, mapTable });
export const setGrantedSlots = /* @__PURE__ */ withAdapters(op.setGrantedSlots, {
  mapTable,
  followUps,
  isAdministrator,
  writeGrantedSlots,
});
export const endDueLicenses = /* @__PURE__ */ withAdapters(op.endDueLicenses, {
  mapTable,
  followUps,
  isAdministrator,
  billingTable,
});
