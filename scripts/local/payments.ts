/**
 * The local payments sandbox: a stand-in for the few Stripe API endpoints Mapnest uses (customers, Checkout
 * sessions, billing portal sessions, subscriptions) and for the marketplace's purchase-code check, so `npm start`
 * can take a payment with no Stripe account and no network. The handlers talk to it through their real Stripe
 * adapter (STRIPE_API_BASE; the requests the Stripe SDK would send, ADR 046) and marketplace adapter
 * (MARKETPLACE_API_BASE).
 *
 * Its pages stand in for Stripe's hosted ones, served through the gateway:
 *   /_dev/checkout/{id}  the line item and total, with **Pay**, **Fail payment** and **Cancel**
 *   /_dev/portal/{id}    change the quantity, cancel at period end (or undo), and simulate renewals
 * Every action sends signed webhook events (Stripe's own test-header helper) to the real webhook handler, through
 * the gateway, one at a time and in the background, the way Stripe delivers them (the redirect does not wait).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startApiServer } from './payments/api';
import { loadState, type SandboxContext } from './payments/model';
import { handlePage } from './payments/pages';
import { createDelivery } from './payments/webhooks';

export {
  LOCAL_WEBHOOK_SECRET,
  SANDBOX_MARKETPLACE_TOKEN,
  SANDBOX_PRICES,
  SANDBOX_SECRET_KEY,
  parseStripeForm,
} from './payments/model';

export interface PaymentsSandbox {
  /** http://127.0.0.1:{port}: STRIPE_API_BASE and MARKETPLACE_API_BASE for the handlers. */
  apiBase: string;
  /** Serves /_dev/checkout/* and /_dev/portal/* (mounted by the gateway). */
  handlePage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Resolves when every webhook delivery started so far has been answered. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface SandboxOptions {
  /** Where customers, sessions and subscriptions are kept between runs (omit: memory only). */
  dataFile?: string;
  webhookSecret: string;
  /** Where events are delivered: the gateway's /api/stripe/webhook (known once the gateway listens). */
  webhookUrl: () => string;
  /** The app's origin, for the hosted pages' URLs. */
  appOrigin: () => string;
  log?: (line: string) => void;
}

export async function startPaymentsSandbox(opts: SandboxOptions): Promise<PaymentsSandbox> {
  const { state, save } = loadState(opts.dataFile);
  const { deliver, settled } = createDelivery({ ...opts, log: opts.log ?? (() => undefined) });
  const ctx: SandboxContext = { state, save, deliver, appOrigin: opts.appOrigin };
  const { server, apiBase } = await startApiServer(ctx);
  return {
    apiBase,
    handlePage: (req, res, url) => handlePage(ctx, req, res, url),
    settled,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
