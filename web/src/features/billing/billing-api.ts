/**
 * Typed calls of the billing service (issue 12). Inputs follow the shared schemas in
 * @mapnest/shared/billing; the server validates them again and is the authority.
 */
import type { BillingPeriod, PlanId } from '@mapnest/shared/constants';
import { call } from '../../lib/api';

/** Where the payment portal may send the customer back to (PORTAL_RETURN_PATHS in shared/billing). */
export type PortalReturnPath = '/maps#settings/Plan' | '/maps' | '/maps#subscribe';

export const billingApi = {
  createCheckoutSession: (plan: PlanId, period: BillingPeriod, quantity: number) =>
    call('createCheckoutSession', { plan, period, quantity }),
  createPortalLink: (returnPath: PortalReturnPath) => call('createPortalLink', { returnPath }),
  listSubscriptions: () => call('listSubscriptions', null),
  listLicenses: () => call('listLicenses', null),
  registerLicense: (purchaseCode: string, mapId: string) => call('registerLicense', { purchaseCode, mapId }),
  restoreLapsedMaps: () => call('restoreLapsedMaps', null),
};

/** Leaves the app for a payment page (Stripe Checkout, the portal, or the local sandbox). */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
