/**
 * What the billing operations (billing.ts) read, write and call. Each operation takes the adapters it uses as its
 * first parameter rather than importing them (ADR 037), so unit tests run it against in-memory stand-ins; the
 * Lambdas call the operations bound to the real ones in services/billing.ts.
 */
import type { accountStatus } from '../adapters/account-status';
import type { FollowUps } from '../adapters/follow-ups';
import type { billingTable } from '../adapters/billing/billing-table';
import type { marketplace } from '../adapters/billing/marketplace';
import type { priceTable } from '../adapters/billing/stripe-prices';
import type { stripeCustomers, stripeSubscriptions } from '../adapters/billing/stripe-rest';
import type { mapTable, MapItem } from '../adapters/maps/map-table';
import type { setGrantedSlots as writeGrantedSlots } from '../adapters/maps/slot-table';
import type { Identity } from '../lib/identity';
import type { countLicenseAttempt } from './abuse-limits';

/** Every adapter the billing service uses. */
export interface BillingAdapters {
  billingTable: typeof billingTable;
  mapTable: Pick<typeof mapTable, 'get' | 'list' | 'slots' | 'lapse' | 'lapseToBasic' | 'changeState'>;
  accountStatus: Pick<typeof accountStatus, 'anyDeleted'>;
  marketplace: Pick<typeof marketplace, 'verifyPurchase'>;
  stripeCustomers: Pick<typeof stripeCustomers, 'delete'>;
  stripeSubscriptions: Pick<typeof stripeSubscriptions, 'retrieve' | 'cancelNowWithCredit'>;
  priceTable: typeof priceTable;
  writeGrantedSlots: typeof writeGrantedSlots;
  countLicenseAttempt: typeof countLicenseAttempt;
  /** The maps service's access check. */
  accessible: (identity: Identity, id: string) => Promise<MapItem>;
}

/** Some of the adapters: each operation asks for the ones it uses, so a bundle carries no others. */
export type Need<K extends keyof BillingAdapters> = Pick<BillingAdapters, K>;

/**
 * What matching slots to their use touches: the owner's maps and slots (a lapse keeps the map's public copy owed in
 * its own transaction, ADR 047), the owner's summary, held in the follow-ups before the first lapse, and whether the
 * owner is an administrator.
 */
export type SlotAdapters = {
  mapTable: Pick<BillingAdapters['mapTable'], 'slots' | 'list' | 'lapse' | 'lapseToBasic'>;
  followUps: Pick<FollowUps, 'hold' | 'release' | 'done'>;
  /** Whether the owner is an administrator, whose own maps need no slot (ADR 085): asked only of an account over. */
  isAdministrator: (uid: string) => Promise<boolean>;
};

/** What applying Stripe's events touches: subscriptions, prices, Stripe's own view, and the slots they give. */
export type StripeEventAdapters = SlotAdapters &
  Need<'billingTable' | 'accountStatus' | 'priceTable' | 'stripeSubscriptions'>;
