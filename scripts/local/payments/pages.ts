/**
 * The sandbox's hosted pages, standing in for Stripe's: the Checkout page (line item and total, with Pay, Fail
 * payment and Cancel) and the billing portal (quantity, cancel at period end or undo, simulated renewals).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PLAN_NAMES } from '@mapnest/shared/constants';
import { formatUsd, unitAmountCents, volumeDiscountPercent } from '@mapnest/shared/billing';
import { invoiceObject, sessionObject, subscriptionObject } from './objects';
import {
  addPeriod,
  escapeHtml,
  id,
  nowSeconds,
  priceInfo,
  type CheckoutSession,
  type PortalSession,
  type SandboxContext,
  type Subscription,
} from './model';

export const page = (res: ServerResponse, title: string, body: string, status = 200) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)} - Mapnest payments sandbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1a1d24}main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
.sandbox{background:#fff4d6;border:1px solid #e8c45c;border-radius:8px;padding:.5rem .75rem;font-size:.9rem}table{width:100%;border-collapse:collapse;margin:1rem 0}td,th{padding:.4rem 0;text-align:left}td.n{text-align:right}
button,.btn{font:inherit;padding:.55rem 1rem;border-radius:8px;border:1px solid #888;background:#fff;cursor:pointer;text-decoration:none;color:inherit;display:inline-block}button.primary{background:#4f46e5;color:#fff;border-color:#4f46e5}
.row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center;margin:.75rem 0}.error{color:#b42318;font-weight:600}section{border-top:1px solid #ddd;margin-top:1rem;padding-top:.5rem}input[type=number]{width:6rem;font:inherit;padding:.4rem}</style></head>
<body><main><p class="sandbox" role="note">Local payments sandbox: no real payment is taken. With a Stripe test key configured, Stripe's own pages appear here.</p>${body}</main></body></html>`);
};
export const redirect = (res: ServerResponse, location: string) => {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
};
export const readForm = (req: IncomingMessage) =>
  new Promise<URLSearchParams>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
  });

export function checkoutPage(res: ServerResponse, s: CheckoutSession, quantity: number, error: string | null) {
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

export function startSubscription(ctx: SandboxContext, s: CheckoutSession, quantity: number): Subscription {
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
  ctx.state.subscriptions[sub.id] = sub;
  s.status = 'complete';
  s.subscription = sub.id;
  s.quantity = quantity;
  ctx.save();
  // The order Stripe usually sends them in; the webhook must cope with any order.
  ctx.deliver('customer.subscription.created', subscriptionObject(sub));
  ctx.deliver('invoice.paid', invoiceObject(sub, 'paid', 'subscription_create'));
  ctx.deliver('checkout.session.completed', sessionObject(s, ctx.appOrigin()));
  return sub;
}

export function portalPage(ctx: SandboxContext, res: ServerResponse, p: PortalSession, notice: string | null) {
  const subs = Object.values(ctx.state.subscriptions).filter(
    (s) => s.customer === p.customer && s.status !== 'canceled',
  );
  const cards = subs
    .map((s) => {
      const info = priceInfo(s.price)!;
      const unit = unitAmountCents(info.plan, info.period, s.quantity);
      return `<section aria-label="${escapeHtml(PLAN_NAMES[info.plan])} subscription"><h2>${escapeHtml(PLAN_NAMES[info.plan])} · ${s.quantity} map slot${s.quantity === 1 ? '' : 's'}</h2>
<p>Status: <strong>${escapeHtml(s.status)}</strong>. ${formatUsd(unit * s.quantity)} per ${info.period === 'yearly' ? 'year' : 'month'}. ${renewalSaid(s)}</p>
<form method="post" action="/_dev/portal/${p.id}/quantity" class="row"><input type="hidden" name="subscription" value="${s.id}">
<label>Quantity <input type="number" name="quantity" min="1" max="1000" value="${s.quantity}" required></label><button type="submit">Update quantity</button></form>
<form method="post" class="row"><input type="hidden" name="subscription" value="${s.id}">
${s.cancelAtPeriodEnd ? `<button type="submit" formaction="/_dev/portal/${p.id}/renew">Don't cancel</button>` : `<button type="submit" formaction="/_dev/portal/${p.id}/cancel">Cancel at period end</button>`}
</form>
<details><summary>Simulate time passing</summary><form method="post" class="row"><input type="hidden" name="subscription" value="${s.id}">
<button type="submit" formaction="/_dev/portal/${p.id}/period-end">End billing period now</button>
<button type="submit" formaction="/_dev/portal/${p.id}/renewal-fails">Renewal payment fails</button>
${s.status === 'past_due' ? `<button type="submit" formaction="/_dev/portal/${p.id}/retry-succeeds">A payment retry succeeds</button>` : ''}
<button type="submit" formaction="/_dev/portal/${p.id}/retries-exhausted">Payment retries exhausted</button></form></details></section>`;
    })
    .join('');
  const credit = -(ctx.state.customers[p.customer]?.balance ?? 0);
  page(
    res,
    'Billing',
    `<h1>Manage your Mapnest billing</h1>${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}
${cards || '<p>You have no active subscription.</p>'}${credit > 0 ? `<p data-testid="credit">Account credit: ${formatUsd(credit)}, taken off your next invoices.</p>` : ''}<p class="row"><a class="btn" href="${escapeHtml(p.returnUrl)}">Return to Mapnest</a></p>`,
  );
}

/** Where a paid session sends the customer: as Stripe does, its id in place of `{CHECKOUT_SESSION_ID}`. */
const successAddress = (s: CheckoutSession) => s.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', s.id);

/** /_dev/checkout/{id}[/{action}]: the page, and Pay, Fail payment, Cancel and Update total. */
async function handleCheckout(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  pageId: string,
  action: string | undefined,
): Promise<void> {
  const s = ctx.state.sessions[pageId];
  if (!s) return page(res, 'Not found', '<h1>This checkout session does not exist.</h1>', 404);
  if (s.status === 'expired')
    // As Stripe's page says it: nothing can be paid here. Back goes to the plans (the cancel URL), to start afresh.
    return page(
      res,
      'Checkout expired',
      `<h1>This checkout has expired</h1><p class="error" role="alert">Nothing can be paid on this page, and you were not charged. A newer checkout was opened for this plan (in another tab or window), or this one timed out.</p><p class="row"><a class="btn" href="${escapeHtml(s.cancelUrl)}">Back to Mapnest</a></p>`,
      410,
    );
  if (s.status !== 'open')
    return page(
      res,
      'Checkout',
      `<h1>This checkout session is ${s.status}.</h1><p><a class="btn" href="${escapeHtml(successAddress(s))}">Return to Mapnest</a></p>`,
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
    startSubscription(ctx, s, quantity);
    return redirect(res, successAddress(s));
  }
  return page(res, 'Checkout', '<h1>Unknown action</h1>', 404);
}

/**
 * Applies one portal action to a subscription and sends the events Stripe would: the notice to show, or
 * `{ error }` when the action or its input is refused (nothing changed).
 */
function portalAction(
  ctx: SandboxContext,
  sub: Subscription,
  action: string | undefined,
  form: URLSearchParams,
): { notice: string } | { error: string } {
  const info = priceInfo(sub.price)!;
  const updated = () => ctx.deliver('customer.subscription.updated', subscriptionObject(sub));
  switch (action) {
    case 'quantity': {
      const quantity = Number(form.get('quantity'));
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000)
        return { error: 'Quantity must be a whole number from 1 to 1000.' };
      sub.quantity = quantity;
      updated();
      return { notice: `Quantity changed to ${quantity}.` };
    }
    case 'cancel':
      sub.cancelAtPeriodEnd = true;
      sub.canceledAt = nowSeconds();
      updated();
      return { notice: 'Your subscription will be cancelled at the end of the billing period.' };
    case 'renew':
      sub.cancelAtPeriodEnd = false;
      sub.canceledAt = null;
      updated();
      return { notice: 'Your subscription will renew.' };
    case 'period-end':
      if (sub.cancelAtPeriodEnd) {
        sub.status = 'canceled';
        ctx.deliver('customer.subscription.deleted', subscriptionObject(sub));
        return { notice: 'The billing period ended and the subscription was cancelled.' };
      }
      sub.periodStart = sub.periodEnd;
      sub.periodEnd = addPeriod(sub.periodStart, info.period);
      sub.status = 'active';
      ctx.deliver('invoice.paid', invoiceObject(sub, 'paid'));
      updated();
      return { notice: 'The subscription renewed for another period.' };
    case 'renewal-fails':
      sub.status = 'past_due';
      ctx.deliver('invoice.payment_failed', invoiceObject(sub, 'open'));
      updated();
      return { notice: 'The renewal payment failed; Stripe would now retry it over the next days.' };
    case 'retry-succeeds': {
      // As Stripe's retry: the same period's open invoice paid on a later attempt, and the subscription active again.
      if (sub.status !== 'past_due') return { error: 'No payment is being retried.' };
      sub.status = 'active';
      ctx.deliver('invoice.paid', { ...invoiceObject(sub, 'paid'), attempt_count: 2 });
      updated();
      return { notice: 'A retry collected the payment; the subscription is active again.' };
    }
    case 'retries-exhausted':
      sub.status = 'canceled';
      sub.canceledAt = nowSeconds();
      ctx.deliver('customer.subscription.deleted', subscriptionObject(sub));
      return { notice: 'Every retry failed, so the subscription was cancelled.' };
    default:
      return { error: 'Unknown action.' };
  }
}

const date = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

/** When the subscription ends or renews; past due, the renewal is being retried, as Stripe's portal says. */
function renewalSaid(s: Subscription): string {
  if (s.status === 'past_due') return 'The renewal payment failed; Stripe retries it over the next days.';
  return s.cancelAtPeriodEnd ? `Cancels on ${date(s.periodEnd)}.` : `Renews on ${date(s.periodEnd)}.`;
}

/** /_dev/portal/{id}[/{action}]: the page, and the actions on one of the customer's subscriptions. */
async function handlePortal(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  pageId: string,
  action: string | undefined,
): Promise<void> {
  const p = ctx.state.portals[pageId];
  if (!p) return page(res, 'Not found', '<h1>This billing portal session does not exist.</h1>', 404);
  if (req.method === 'GET' && !action) return portalPage(ctx, res, p, url.searchParams.get('notice'));
  if (req.method !== 'POST') return page(res, 'Billing', '<h1>Method not allowed</h1>', 405);
  const form = await readForm(req);
  const sub = ctx.state.subscriptions[form.get('subscription') ?? ''];
  if (!sub || sub.customer !== p.customer || sub.status === 'canceled')
    return portalPage(ctx, res, p, 'That subscription is not available.');
  const outcome = portalAction(ctx, sub, action, form);
  if ('error' in outcome) return portalPage(ctx, res, p, outcome.error);
  ctx.save();
  // Post/redirect/get: reloading the page never repeats the action.
  return redirect(res, `/_dev/portal/${p.id}?notice=${encodeURIComponent(outcome.notice)}`);
}

/** Serves /_dev/checkout/* and /_dev/portal/* (mounted by the gateway). */
export function handlePage(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const [, , kind, pageId, action] = url.pathname.split('/');
  if (kind === 'checkout') return handleCheckout(ctx, req, res, pageId ?? '', action);
  if (kind === 'portal') return handlePortal(ctx, req, res, url, pageId ?? '', action);
  page(res, 'Not found', '<h1>Not found</h1>', 404);
  return Promise.resolve();
}
