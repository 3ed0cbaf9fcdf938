/**
 * The sandbox's API server: the few Stripe endpoints Mapnest uses (customers, Checkout sessions, billing portal
 * sessions, subscriptions), answered in Stripe's shapes with its error format and idempotency keys, and the
 * marketplace's purchase-code check. The handlers reach it through their real Stripe and marketplace adapters.
 */
import http, { type ServerResponse } from 'node:http';
import { unitAmountCents } from '@mapnest/shared/billing';
import { sessionObject, subscriptionObject } from './objects';
import {
  SANDBOX_MARKETPLACE_TOKEN,
  SANDBOX_SECRET_KEY,
  id,
  nowSeconds,
  parseStripeForm,
  priceInfo,
  type CheckoutSession,
  type Customer,
  type Json,
  type PortalSession,
  type SandboxContext,
  type Subscription,
} from './model';

type Result = { status: number; body: Json } | { error: [number, string, string?] };
/** One resource's endpoints: a result when the request is theirs, undefined otherwise. */
type Endpoints = (ctx: SandboxContext, method: string, path: string, form: Json) => Result | undefined;

const stripeError = (res: ServerResponse, status: number, message: string, param?: string) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } }));
};
const send = (res: ServerResponse, status: number, body: Json) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
};

const customers: Endpoints = (ctx, method, path, form) => {
  const { state } = ctx;
  if (method === 'POST' && path === '/v1/customers') {
    const customer: Customer = {
      id: id('cus'),
      email: typeof form.email === 'string' ? form.email : null,
      metadata: (form.metadata as Record<string, string>) ?? {},
      created: nowSeconds(),
    };
    state.customers[customer.id] = customer;
    const { email, metadata, created } = customer;
    return { status: 200, body: { id: customer.id, object: 'customer', email, metadata, created } };
  }
  const m = /^\/v1\/customers\/([\w]+)$/.exec(path);
  if (!m) return undefined;
  const customer = state.customers[m[1]!];
  if (!customer) return { error: [404, `No such customer: '${m[1]}'`, 'id'] };
  if (method === 'POST') {
    // An update: the only field Mapnest changes is the email address (it follows the account's verified address).
    if (typeof form.email === 'string') customer.email = form.email;
    const { email, metadata } = customer;
    return { status: 200, body: { id: customer.id, object: 'customer', email, metadata } };
  }
  if (method === 'GET') {
    const { email, metadata } = customer;
    return { status: 200, body: { id: customer.id, object: 'customer', email, metadata } };
  }
  // As Stripe does: the customer's subscriptions are cancelled at once, and the customer is gone.
  for (const s of Object.values(state.subscriptions)) {
    if (s.customer !== m[1] || s.status === 'canceled') continue;
    s.status = 'canceled';
    s.canceledAt = nowSeconds();
    ctx.deliver('customer.subscription.deleted', subscriptionObject(s));
  }
  delete state.customers[m[1]!];
  return { status: 200, body: { id: m[1]!, object: 'customer', deleted: true } };
};

/** A Checkout session for one subscription line item, its quantity adjustable within the given bounds. */
function newCheckoutSession(form: Json, customer: string, item: Json): CheckoutSession {
  const adjustable = (item.adjustable_quantity as Json | undefined) ?? {};
  const quantity = Number(item.quantity ?? 1);
  return {
    id: id('cs_test'),
    customer,
    price: String(item.price),
    quantity,
    min: adjustable.enabled === 'true' ? Number(adjustable.minimum ?? 1) : quantity,
    max: adjustable.enabled === 'true' ? Number(adjustable.maximum ?? 99) : quantity,
    successUrl: String(form.success_url),
    cancelUrl: String(form.cancel_url),
    metadata: (form.metadata as Record<string, string>) ?? {},
    subscriptionMetadata: ((form.subscription_data as Json | undefined)?.metadata as Record<string, string>) ?? {},
    clientReferenceId: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
    status: 'open',
    subscription: null,
    created: nowSeconds(),
  };
}

const checkoutSessions: Endpoints = (ctx, method, path, form) => {
  const { state } = ctx;
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    if (form.mode !== 'subscription')
      return { error: [400, 'Only subscription mode is supported by the sandbox.', 'mode'] };
    const customer = String(form.customer ?? '');
    if (!state.customers[customer]) return { error: [400, `No such customer: '${customer}'`, 'customer'] };
    const item = ((form.line_items as Json[] | undefined) ?? [])[0];
    if (!item || !priceInfo(String(item.price)))
      return { error: [400, `No such price: '${String(item?.price)}'`, 'line_items[0][price]'] };
    const session = newCheckoutSession(form, customer, item);
    state.sessions[session.id] = session;
    return { status: 200, body: sessionObject(session, ctx.appOrigin()) };
  }
  if (method === 'GET' && path === '/v1/checkout/sessions') return listSessions(ctx, form);
  const expire = method === 'POST' ? /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(path) : null;
  if (expire) return expireSession(ctx, expire[1]!);
  const m = method === 'GET' ? /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path) : null;
  if (!m) return undefined;
  const s = state.sessions[m[1]!];
  return s
    ? { status: 200, body: sessionObject(s, ctx.appOrigin()) }
    : { error: [404, `No such checkout.session: '${m[1]}'`, 'session'] };
};

/** GET /v1/checkout/sessions: newest first, filtered by customer and status as Stripe's list is. */
function listSessions(ctx: SandboxContext, form: Json): Result {
  const limit = Math.min(Math.max(Number(form.limit ?? 10) || 10, 1), 100);
  const data = Object.values(ctx.state.sessions)
    .filter(
      (s) =>
        (form.customer === undefined || s.customer === form.customer) && (!form.status || s.status === form.status),
    )
    .sort((a, b) => b.created - a.created)
    .map((s) => sessionObject(s, ctx.appOrigin()));
  return {
    status: 200,
    body: { object: 'list', url: '/v1/checkout/sessions', has_more: data.length > limit, data: data.slice(0, limit) },
  };
}

/** POST /v1/checkout/sessions/{id}/expire: only an open session can be expired; its page then refuses to pay. */
function expireSession(ctx: SandboxContext, sessionId: string): Result {
  const s = ctx.state.sessions[sessionId];
  if (!s) return { error: [404, `No such checkout.session: '${sessionId}'`, 'session'] };
  if (s.status !== 'open')
    return { error: [400, `This Checkout Session is ${s.status}, and only an open session can be expired.`] };
  s.status = 'expired';
  ctx.deliver('checkout.session.expired', sessionObject(s, ctx.appOrigin()));
  return { status: 200, body: sessionObject(s, ctx.appOrigin()) };
}

const portalSessions: Endpoints = (ctx, method, path, form) => {
  if (method !== 'POST' || path !== '/v1/billing_portal/sessions') return undefined;
  const customer = String(form.customer ?? '');
  if (!ctx.state.customers[customer]) return { error: [400, `No such customer: '${customer}'`, 'customer'] };
  const portal: PortalSession = {
    id: id('bps'),
    customer,
    returnUrl: String(form.return_url ?? ctx.appOrigin()),
    created: nowSeconds(),
  };
  ctx.state.portals[portal.id] = portal;
  return {
    status: 200,
    body: {
      id: portal.id,
      object: 'billing_portal.session',
      customer,
      return_url: portal.returnUrl,
      url: `${ctx.appOrigin()}/_dev/portal/${portal.id}`,
      livemode: false,
    },
  };
};

const subscriptions: Endpoints = (ctx, method, path, form) => {
  const m = method === 'GET' || method === 'DELETE' ? /^\/v1\/subscriptions\/([\w]+)$/.exec(path) : null;
  if (!m) return undefined;
  const s = ctx.state.subscriptions[m[1]!];
  if (!s) return { error: [404, `No such subscription: '${m[1]}'`, 'id'] };
  if (method === 'GET') return { status: 200, body: subscriptionObject(s) };
  const details = form.cancellation_details as Json | undefined;
  const comment = typeof details?.comment === 'string' ? details.comment : null;
  return cancelNow(ctx, s, form.prorate === 'true' && form.invoice_now === 'true', comment);
};

/**
 * DELETE /v1/subscriptions/{id}: cancelled at once, as Stripe does. With `prorate` and `invoice_now` the unused part
 * of the period paid is credited to the customer's balance (a negative final invoice), taken off their next invoices.
 * `cancellation_details[comment]` is kept and shown in the subscription's `cancellation_details`, as Stripe does.
 */
function cancelNow(ctx: SandboxContext, s: Subscription, credit: boolean, comment: string | null): Result {
  if (s.status === 'canceled')
    return { error: [400, `A canceled subscription can only update its cancellation_details and metadata.`] };
  const now = nowSeconds();
  if (credit) {
    const info = priceInfo(s.price)!;
    const paid = unitAmountCents(info.plan, info.period, s.quantity) * s.quantity;
    const unused = Math.max(0, s.periodEnd - now) / Math.max(1, s.periodEnd - s.periodStart);
    const customer = ctx.state.customers[s.customer];
    if (customer) customer.balance = (customer.balance ?? 0) - Math.round(paid * unused);
  }
  s.status = 'canceled';
  s.canceledAt = now;
  s.cancelComment = comment;
  ctx.deliver('customer.subscription.deleted', subscriptionObject(s));
  return { status: 200, body: subscriptionObject(s) };
}

/** Answers one Stripe API request from the sandbox's records. */
export function stripeApi(ctx: SandboxContext, method: string, path: string, form: Json): Result {
  for (const endpoints of [customers, checkoutSessions, portalSessions, subscriptions]) {
    const result = endpoints(ctx, method, path, form);
    if (result) return result;
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

/** Starts the API server on a free port of 127.0.0.1. */
export async function startApiServer(ctx: SandboxContext): Promise<{ server: http.Server; apiBase: string }> {
  const { state } = ctx;
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
      const result = stripeApi(ctx, req.method ?? 'GET', url.pathname, parseStripeForm(params));
      if ('error' in result) return stripeError(res, ...result.error);
      if (idem) state.idempotency[idem] = result;
      ctx.save();
      send(res, result.status, result.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  return { server, apiBase: `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}` };
}
