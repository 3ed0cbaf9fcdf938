/**
 * The local payments sandbox: a stand-in for the few Stripe API endpoints Mapnest uses (customers, Checkout
 * sessions, billing portal sessions, subscriptions) and for the marketplace's purchase-code check, so `npm start`
 * can take a payment with no Stripe account and no network. The handlers talk to it with the real `stripe` SDK
 * (host/port/protocol from STRIPE_API_BASE) and the real marketplace adapter (MARKETPLACE_API_BASE).
 *
 * Its pages stand in for Stripe's hosted ones, served through the gateway:
 *   /_dev/checkout/{id}  the line item and total, with **Pay**, **Fail payment** and **Cancel**
 *   /_dev/portal/{id}    change the quantity, cancel at period end (or undo), and simulate renewals
 * Every action sends signed webhook events (Stripe's own test-header helper) to the real webhook handler, through
 * the gateway, one at a time and in the background, the way Stripe delivers them (the redirect does not wait).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { PLAN_NAMES, type BillingPeriod, type PlanId } from '@mapnest/shared/constants';
import { formatUsd, unitAmountCents, volumeDiscountPercent } from '@mapnest/shared/billing';
import { planOfPrice } from '@mapnest/lambdas/adapters/stripe-prices';

/** The API key the handlers use with the sandbox; it is refused by real Stripe, and the sandbox refuses any other. */
export const SANDBOX_SECRET_KEY = 'sk_test_mapnest_local_sandbox';
/** The webhook signing secret when STRIPE_WEBHOOK_SECRET is not set (local only). */
export const LOCAL_WEBHOOK_SECRET = 'whsec_mapnest_local';
/** The marketplace token the sandbox's purchase-code check accepts (local only). */
export const SANDBOX_MARKETPLACE_TOKEN = 'mapnest-local-marketplace-token';
/** Price ids of the sandbox, as STRIPE_PRICES hands them to the handlers. */
export const SANDBOX_PRICES: Record<PlanId, Record<BillingPeriod, string>> = {
  basic: { monthly: 'price_local_basic_monthly', yearly: 'price_local_basic_yearly' },
  pro: { monthly: 'price_local_pro_monthly', yearly: 'price_local_pro_yearly' },
};

const priceInfo = (priceId: string) => planOfPrice(SANDBOX_PRICES, priceId);

type Json = Record<string, unknown>;

interface Customer {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  created: number;
}
interface CheckoutSession {
  id: string;
  customer: string;
  price: string;
  quantity: number;
  min: number;
  max: number;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  clientReferenceId: string | null;
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  created: number;
}
interface PortalSession {
  id: string;
  customer: string;
  returnUrl: string;
  created: number;
}
interface Subscription {
  id: string;
  customer: string;
  price: string;
  quantity: number;
  status: string;
  metadata: Record<string, string>;
  created: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  itemId: string;
}

interface State {
  customers: Record<string, Customer>;
  sessions: Record<string, CheckoutSession>;
  portals: Record<string, PortalSession>;
  subscriptions: Record<string, Subscription>;
  idempotency: Record<string, { status: number; body: Json }>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Stripe's form encoding (`line_items[0][price]=…`, `metadata[uid]=…`) back into objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Json;
    });
  }
  return root;
}

const addPeriod = (start: number, period: BillingPeriod) => {
  const d = new Date(start * 1000);
  if (period === 'yearly') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
};

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
  const log = opts.log ?? (() => undefined);
  let state: State = { customers: {}, sessions: {}, portals: {}, subscriptions: {}, idempotency: {} };
  if (opts.dataFile && existsSync(opts.dataFile)) {
    try {
      state = { ...state, ...(JSON.parse(readFileSync(opts.dataFile, 'utf8')) as Partial<State>) };
    } catch {
      /* a damaged file starts a fresh sandbox */
    }
  }
  const save = () => {
    if (opts.dataFile) writeFileSync(opts.dataFile, JSON.stringify(state));
  };

  // ---- Webhook delivery: one at a time, in order, retried like Stripe (fewer and faster). ----
  let queue: Promise<void> = Promise.resolve();
  const deliver = (type: string, object: Json) => {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    queue = queue.then(async () => {
      for (let attempt = 0; attempt < 4; attempt++) {
        try {
          const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
          const res = await fetch(opts.webhookUrl(), {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: payload,
          });
          log(`payments sandbox: ${type} -> ${res.status}`);
          if (res.ok) return;
        } catch (err) {
          log(`payments sandbox: ${type} delivery failed: ${String(err)}`);
        }
        await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
      }
    });
  };

  // ---- Stripe-shaped objects ----
  const subscriptionObject = (s: Subscription): Json => {
    const info = priceInfo(s.price)!;
    return {
      id: s.id,
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      metadata: s.metadata,
      created: s.created,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
      canceled_at: s.canceledAt,
      ended_at: s.status === 'canceled' ? s.canceledAt : null,
      livemode: false,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${s.id}`,
        data: [
          {
            id: s.itemId,
            object: 'subscription_item',
            quantity: s.quantity,
            subscription: s.id,
            current_period_start: s.periodStart,
            current_period_end: s.periodEnd,
            price: {
              id: s.price,
              object: 'price',
              product: `prod_local_${info.plan}`,
              currency: 'usd',
              unit_amount: unitAmountCents(info.plan, info.period, 1),
              recurring: { interval: info.period === 'yearly' ? 'year' : 'month', interval_count: 1 },
            },
          },
        ],
      },
    };
  };
  const invoiceObject = (s: Subscription, status: 'paid' | 'open'): Json => {
    const info = priceInfo(s.price)!;
    const amount = unitAmountCents(info.plan, info.period, s.quantity) * s.quantity;
    return {
      id: id('in'),
      object: 'invoice',
      customer: s.customer,
      status,
      currency: 'usd',
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      attempt_count: 1,
      parent: { type: 'subscription_details', subscription_details: { subscription: s.id, metadata: s.metadata } },
      livemode: false,
    };
  };
  const sessionObject = (c: CheckoutSession): Json => ({
    id: c.id,
    object: 'checkout.session',
    mode: 'subscription',
    customer: c.customer,
    status: c.status,
    payment_status: c.status === 'complete' ? 'paid' : 'unpaid',
    url: c.status === 'open' ? `${opts.appOrigin()}/_dev/checkout/${c.id}` : null,
    success_url: c.successUrl,
    cancel_url: c.cancelUrl,
    metadata: c.metadata,
    client_reference_id: c.clientReferenceId,
    subscription: c.subscription,
    livemode: false,
  });

  // ---- API ----
  const stripeError = (res: ServerResponse, status: number, message: string, param?: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } }));
  };
  const send = (res: ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };

  function api(
    method: string,
    path: string,
    form: Json,
  ): { status: number; body: Json } | { error: [number, string, string?] } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Customer = {
        id: id('cus'),
        email: typeof form.email === 'string' ? form.email : null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        created: nowSeconds(),
      };
      state.customers[customer.id] = customer;
      return {
        status: 200,
        body: {
          id: customer.id,
          object: 'customer',
          email: customer.email,
          metadata: customer.metadata,
          created: customer.created,
        },
      };
    }
    if (method === 'DELETE' && (m = /^\/v1\/customers\/([\w]+)$/.exec(path))) {
      // As Stripe does: the customer's subscriptions are cancelled at once, and the customer is gone.
      if (!state.customers[m[1]!]) return { error: [404, `No such customer: '${m[1]}'`, 'id'] };
      for (const s of Object.values(state.subscriptions)) {
        if (s.customer !== m[1] || s.status === 'canceled') continue;
        s.status = 'canceled';
        s.canceledAt = nowSeconds();
        deliver('customer.subscription.deleted', subscriptionObject(s));
      }
      delete state.customers[m[1]!];
      return { status: 200, body: { id: m[1]!, object: 'customer', deleted: true } };
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/([\w]+)$/.exec(path))) {
      const c = state.customers[m[1]!];
      return c
        ? { status: 200, body: { id: c.id, object: 'customer', email: c.email, metadata: c.metadata } }
        : { error: [404, `No such customer: '${m[1]}'`, 'id'] };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (form.mode !== 'subscription')
        return { error: [400, 'Only subscription mode is supported by the sandbox.', 'mode'] };
      const customer = String(form.customer ?? '');
      if (!state.customers[customer]) return { error: [400, `No such customer: '${customer}'`, 'customer'] };
      const item = ((form.line_items as Json[] | undefined) ?? [])[0];
      if (!item || !priceInfo(String(item.price)))
        return { error: [400, `No such price: '${String(item?.price)}'`, 'line_items[0][price]'] };
      const adjustable = (item.adjustable_quantity as Json | undefined) ?? {};
      const session: CheckoutSession = {
        id: id('cs_test'),
        customer,
        price: String(item.price),
        quantity: Number(item.quantity ?? 1),
        min: adjustable.enabled === 'true' ? Number(adjustable.minimum ?? 1) : Number(item.quantity ?? 1),
        max: adjustable.enabled === 'true' ? Number(adjustable.maximum ?? 99) : Number(item.quantity ?? 1),
        successUrl: String(form.success_url),
        cancelUrl: String(form.cancel_url),
        metadata: (form.metadata as Record<string, string>) ?? {},
        subscriptionMetadata: ((form.subscription_data as Json | undefined)?.metadata as Record<string, string>) ?? {},
        clientReferenceId: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
        status: 'open',
        subscription: null,
        created: nowSeconds(),
      };
      state.sessions[session.id] = session;
      return { status: 200, body: sessionObject(session) };
    }
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path))) {
      const s = state.sessions[m[1]!];
      return s
        ? { status: 200, body: sessionObject(s) }
        : { error: [404, `No such checkout.session: '${m[1]}'`, 'session'] };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = String(form.customer ?? '');
      if (!state.customers[customer]) return { error: [400, `No such customer: '${customer}'`, 'customer'] };
      const portal: PortalSession = {
        id: id('bps'),
        customer,
        returnUrl: String(form.return_url ?? opts.appOrigin()),
        created: nowSeconds(),
      };
      state.portals[portal.id] = portal;
      return {
        status: 200,
        body: {
          id: portal.id,
          object: 'billing_portal.session',
          customer,
          return_url: portal.returnUrl,
          url: `${opts.appOrigin()}/_dev/portal/${portal.id}`,
          livemode: false,
        },
      };
    }
    if (method === 'GET' && (m = /^\/v1\/subscriptions\/([\w]+)$/.exec(path))) {
      const s = state.subscriptions[m[1]!];
      return s
        ? { status: 200, body: subscriptionObject(s) }
        : { error: [404, `No such subscription: '${m[1]}'`, 'id'] };
    }
    return {
      error: [
        404,
        `Unrecognized request URL (${method}: ${path}). The payments sandbox serves customers, checkout sessions, billing portal sessions and subscriptions.`,
      ],
    };
  }

  /** The marketplace's author sale API: codes whose first group is 00000000 are sales, every other code is not. */
  function marketplaceSale(res: ServerResponse, url: URL, auth: string | undefined): void {
    if (auth !== `Bearer ${SANDBOX_MARKETPLACE_TOKEN}`)
      return send(res, 401, { error: 401, description: 'Unauthorized' });
    const code = url.searchParams.get('code') ?? '';
    if (!/^00000000-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(code)) {
      return send(res, 404, { error: 404, description: 'No sale belonging to the current user found with that code' });
    }
    send(res, 200, {
      amount: '24.00',
      sold_at: new Date(Date.now() - 86_400_000).toISOString(),
      license: 'Regular License',
      support_amount: '0.00',
      supported_until: new Date(Date.now() + 180 * 86_400_000).toISOString(),
      buyer: 'local-buyer',
      purchase_count: 1,
      item: { id: 1000001, name: 'Mapnest interactive map (local sandbox)' },
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/v3/market/author/sale' && req.method === 'GET')
        return marketplaceSale(res, url, req.headers.authorization);
      if (req.headers.authorization !== `Bearer ${SANDBOX_SECRET_KEY}`) {
        return stripeError(res, 401, 'Invalid API Key provided. The payments sandbox accepts only its local key.');
      }
      const key = req.headers['idempotency-key'];
      const idem = typeof key === 'string' && req.method === 'POST' ? `${url.pathname}:${key}` : null;
      if (idem && state.idempotency[idem]) {
        const cached = state.idempotency[idem]!;
        return send(res, cached.status, cached.body);
      }
      // GET and DELETE carry their parameters in the query string, POST in the form body.
      const params = req.method === 'POST' ? Buffer.concat(chunks).toString('utf8') : url.search.slice(1);
      const result = api(req.method ?? 'GET', url.pathname, parseStripeForm(params));
      if ('error' in result) return stripeError(res, ...result.error);
      if (idem) state.idempotency[idem] = result;
      save();
      send(res, result.status, result.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const apiBase = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;

  // ---- Hosted pages ----
  const page = (res: ServerResponse, title: string, body: string, status = 200) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)} - Mapnest payments sandbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1a1d24}main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
.sandbox{background:#fff4d6;border:1px solid #e8c45c;border-radius:8px;padding:.5rem .75rem;font-size:.9rem}table{width:100%;border-collapse:collapse;margin:1rem 0}td,th{padding:.4rem 0;text-align:left}td.n{text-align:right}
button,.btn{font:inherit;padding:.55rem 1rem;border-radius:8px;border:1px solid #888;background:#fff;cursor:pointer;text-decoration:none;color:inherit;display:inline-block}button.primary{background:#4f46e5;color:#fff;border-color:#4f46e5}
.row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center;margin:.75rem 0}.error{color:#b42318;font-weight:600}section{border-top:1px solid #ddd;margin-top:1rem;padding-top:.5rem}input[type=number]{width:6rem;font:inherit;padding:.4rem}</style></head>
<body><main><p class="sandbox" role="note">Local payments sandbox: no real payment is taken. With a Stripe test key configured, Stripe's own pages appear here.</p>${body}</main></body></html>`);
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location, 'cache-control': 'no-store' });
    res.end();
  };
  const readForm = (req: IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    });

  function checkoutPage(res: ServerResponse, s: CheckoutSession, quantity: number, error: string | null) {
    const info = priceInfo(s.price)!;
    const unit = unitAmountCents(info.plan, info.period, quantity);
    const discount = volumeDiscountPercent(quantity);
    const per = info.period === 'yearly' ? 'year' : 'month';
    page(
      res,
      'Checkout',
      `<h1>Subscribe to Mapnest ${escapeHtml(PLAN_NAMES[info.plan])}</h1>
<form method="post" action="/_dev/checkout/${s.id}/pay">
<table><thead><tr><th>Item</th><th>Qty</th><th class="n">Amount</th></tr></thead><tbody>
<tr><td>${escapeHtml(PLAN_NAMES[info.plan])} map slot, billed ${info.period === 'yearly' ? 'annually' : 'monthly'}<br><small>${formatUsd(unit)} per map per ${per}${discount ? ` (${discount}% volume discount)` : ''}</small></td>
<td><label>Quantity <input type="number" name="quantity" min="${s.min}" max="${s.max}" value="${quantity}" required></label></td><td class="n">${formatUsd(unit * quantity)}</td></tr>
</tbody><tfoot><tr><th colspan="2">Total due today</th><th class="n" data-testid="total">${formatUsd(unit * quantity)}</th></tr></tfoot></table>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<div class="row"><button class="primary" type="submit">Pay</button>
<button type="submit" formaction="/_dev/checkout/${s.id}/fail">Fail payment</button>
<button type="submit" formaction="/_dev/checkout/${s.id}/cancel" formnovalidate>Cancel</button>
<button type="submit" formaction="/_dev/checkout/${s.id}/quantity">Update total</button></div></form>`,
    );
  }

  function startSubscription(s: CheckoutSession, quantity: number): Subscription {
    const info = priceInfo(s.price)!;
    const start = nowSeconds();
    const sub: Subscription = {
      id: id('sub'),
      customer: s.customer,
      price: s.price,
      quantity,
      status: 'active',
      metadata: s.subscriptionMetadata,
      created: start,
      periodStart: start,
      periodEnd: addPeriod(start, info.period),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      itemId: id('si'),
    };
    state.subscriptions[sub.id] = sub;
    s.status = 'complete';
    s.subscription = sub.id;
    s.quantity = quantity;
    save();
    // The order Stripe usually sends them in; the webhook must cope with any order.
    deliver('customer.subscription.created', subscriptionObject(sub));
    deliver('invoice.paid', invoiceObject(sub, 'paid'));
    deliver('checkout.session.completed', sessionObject(s));
    return sub;
  }

  function portalPage(res: ServerResponse, p: PortalSession, notice: string | null) {
    const subs = Object.values(state.subscriptions).filter((s) => s.customer === p.customer && s.status !== 'canceled');
    const date = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    const cards = subs
      .map((s) => {
        const info = priceInfo(s.price)!;
        const unit = unitAmountCents(info.plan, info.period, s.quantity);
        return `<section aria-label="${escapeHtml(PLAN_NAMES[info.plan])} subscription"><h2>${escapeHtml(PLAN_NAMES[info.plan])} · ${s.quantity} map slot${s.quantity === 1 ? '' : 's'}</h2>
<p>Status: <strong>${escapeHtml(s.status)}</strong>. ${formatUsd(unit * s.quantity)} per ${info.period === 'yearly' ? 'year' : 'month'}. ${s.cancelAtPeriodEnd ? `Cancels on ${date(s.periodEnd)}.` : `Renews on ${date(s.periodEnd)}.`}</p>
<form method="post" action="/_dev/portal/${p.id}/quantity" class="row"><input type="hidden" name="subscription" value="${s.id}">
<label>Quantity <input type="number" name="quantity" min="1" max="1000" value="${s.quantity}" required></label><button type="submit">Update quantity</button></form>
<form method="post" class="row"><input type="hidden" name="subscription" value="${s.id}">
${s.cancelAtPeriodEnd ? `<button type="submit" formaction="/_dev/portal/${p.id}/renew">Don't cancel</button>` : `<button type="submit" formaction="/_dev/portal/${p.id}/cancel">Cancel at period end</button>`}
</form>
<details><summary>Simulate time passing</summary><form method="post" class="row"><input type="hidden" name="subscription" value="${s.id}">
<button type="submit" formaction="/_dev/portal/${p.id}/period-end">End billing period now</button>
<button type="submit" formaction="/_dev/portal/${p.id}/renewal-fails">Renewal payment fails</button>
<button type="submit" formaction="/_dev/portal/${p.id}/retries-exhausted">Payment retries exhausted</button></form></details></section>`;
      })
      .join('');
    page(
      res,
      'Billing',
      `<h1>Manage your Mapnest billing</h1>${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}
${cards || '<p>You have no active subscription.</p>'}<p class="row"><a class="btn" href="${escapeHtml(p.returnUrl)}">Return to Mapnest</a></p>`,
    );
  }

  async function handlePage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const [, , kind, pageId, action] = url.pathname.split('/');
    if (kind === 'checkout') {
      const s = state.sessions[pageId ?? ''];
      if (!s) return page(res, 'Not found', '<h1>This checkout session does not exist.</h1>', 404);
      if (s.status !== 'open')
        return page(
          res,
          'Checkout',
          `<h1>This checkout session is ${s.status}.</h1><p><a class="btn" href="${escapeHtml(s.successUrl)}">Return to Mapnest</a></p>`,
          410,
        );
      if (req.method === 'GET' && !action) return checkoutPage(res, s, s.quantity, null);
      if (req.method !== 'POST') return page(res, 'Checkout', '<h1>Method not allowed</h1>', 405);
      const form = await readForm(req);
      const quantity = Number(form.get('quantity') ?? s.quantity);
      if (action === 'cancel') return redirect(res, s.cancelUrl);
      if (!Number.isInteger(quantity) || quantity < s.min || quantity > s.max) {
        return checkoutPage(res, s, s.quantity, `Quantity must be a whole number from ${s.min} to ${s.max}.`);
      }
      if (action === 'quantity') return checkoutPage(res, s, quantity, null);
      if (action === 'fail') {
        return checkoutPage(res, s, quantity, 'Your card was declined. Try another card, or cancel.');
      }
      if (action === 'pay') {
        startSubscription(s, quantity);
        return redirect(res, s.successUrl);
      }
      return page(res, 'Checkout', '<h1>Unknown action</h1>', 404);
    }
    if (kind === 'portal') {
      const p = state.portals[pageId ?? ''];
      if (!p) return page(res, 'Not found', '<h1>This billing portal session does not exist.</h1>', 404);
      if (req.method === 'GET' && !action) return portalPage(res, p, url.searchParams.get('notice'));
      if (req.method !== 'POST') return page(res, 'Billing', '<h1>Method not allowed</h1>', 405);
      const form = await readForm(req);
      const sub = state.subscriptions[form.get('subscription') ?? ''];
      if (!sub || sub.customer !== p.customer || sub.status === 'canceled')
        return portalPage(res, p, 'That subscription is not available.');
      const info = priceInfo(sub.price)!;
      let notice = '';
      const updated = () => deliver('customer.subscription.updated', subscriptionObject(sub));
      switch (action) {
        case 'quantity': {
          const quantity = Number(form.get('quantity'));
          if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000)
            return portalPage(res, p, 'Quantity must be a whole number from 1 to 1000.');
          sub.quantity = quantity;
          updated();
          notice = `Quantity changed to ${quantity}.`;
          break;
        }
        case 'cancel':
          sub.cancelAtPeriodEnd = true;
          sub.canceledAt = nowSeconds();
          updated();
          notice = 'Your subscription will be cancelled at the end of the billing period.';
          break;
        case 'renew':
          sub.cancelAtPeriodEnd = false;
          sub.canceledAt = null;
          updated();
          notice = 'Your subscription will renew.';
          break;
        case 'period-end':
          if (sub.cancelAtPeriodEnd) {
            sub.status = 'canceled';
            deliver('customer.subscription.deleted', subscriptionObject(sub));
            notice = 'The billing period ended and the subscription was cancelled.';
          } else {
            sub.periodStart = sub.periodEnd;
            sub.periodEnd = addPeriod(sub.periodStart, info.period);
            sub.status = 'active';
            deliver('invoice.paid', invoiceObject(sub, 'paid'));
            updated();
            notice = 'The subscription renewed for another period.';
          }
          break;
        case 'renewal-fails':
          sub.status = 'past_due';
          deliver('invoice.payment_failed', invoiceObject(sub, 'open'));
          updated();
          notice = 'The renewal payment failed; Stripe would now retry it over the next days.';
          break;
        case 'retries-exhausted':
          sub.status = 'canceled';
          sub.canceledAt = nowSeconds();
          deliver('customer.subscription.deleted', subscriptionObject(sub));
          notice = 'Every retry failed, so the subscription was cancelled.';
          break;
        default:
          return portalPage(res, p, 'Unknown action.');
      }
      save();
      // Post/redirect/get: reloading the page never repeats the action.
      return redirect(res, `/_dev/portal/${p.id}?notice=${encodeURIComponent(notice)}`);
    }
    return page(res, 'Not found', '<h1>Not found</h1>', 404);
  }

  return {
    apiBase,
    handlePage,
    settled: () => queue,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
