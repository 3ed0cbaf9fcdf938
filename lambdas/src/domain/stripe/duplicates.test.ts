/**
 * One subscription per plan at the webhook: a second subscription of a plan the user holds (two checkout pages paid)
 * is cancelled on Stripe before anything is written, counts no slot, and is told once; in-memory adapters (ADR 037).
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { SubscriptionItem } from '../../adapters/billing/billing-table';
import type { Need } from '../billing-adapters';
import { asDuplicate, cancelDuplicateCheckout, duplicateComment, duplicateOfComment } from './duplicates';

const item = (id: string, fields: Partial<SubscriptionItem> = {}): SubscriptionItem => ({
  uid: 'u1',
  subscriptionId: id,
  customerId: 'cus_1',
  plan: 'basic',
  period: 'monthly',
  quantity: 2,
  status: 'active',
  cancelAt: null,
  currentPeriodEnd: '2030-01-01T00:00:00.000Z',
  counted: 2,
  eventCreated: 1,
  eventType: 'customer.subscription.created',
  revision: 1,
  ...fields,
});

function adapters(held: SubscriptionItem[], cancel: (id: string) => Promise<void> = async () => undefined) {
  const cancelled: string[] = [];
  const comments: string[] = [];
  const a = {
    billingTable: {
      subscriptions: async () => held,
      subscription: async (_uid: string, id: string) => held.find((s) => s.subscriptionId === id) ?? null,
    },
    stripeSubscriptions: {
      cancelNowWithCredit: async (id: string, comment: string) => {
        await cancel(id);
        cancelled.push(id);
        comments.push(comment);
      },
    },
  } as unknown as Need<'billingTable' | 'stripeSubscriptions'>;
  return { a, cancelled, comments };
}

describe('asDuplicate', () => {
  it('cancels a second subscription of a held plan first, counts it for nothing and owes one honest email', async () => {
    const { a, cancelled, comments } = adapters([item('sub_kept')]);
    const { revision: _r, ...next } = item('sub_new', { period: 'yearly', quantity: 1, counted: 1 });
    const outcome = (await asDuplicate(a, null, next))!;
    expect(cancelled).toEqual(['sub_new']);
    expect(comments).toEqual(['Second subscription of a plan held by sub_kept']);
    expect(outcome.next).toMatchObject({ subscriptionId: 'sub_new', counted: 0, duplicateOf: 'sub_kept' });
    expect(outcome.owed).toHaveLength(1);
    const email = outcome.owed[0] as { subject: string; paragraphs: string[] };
    expect(email.subject).toBe('Your second Basic subscription was cancelled');
    expect(email.paragraphs.join(' ')).toContain('1 Basic map slot, billed annually');
    expect(email.paragraphs.join(' ')).toContain('2 Basic map slots, billed monthly');
  });

  it('keeps a marked duplicate marked when its deletion arrives, with no email and no second cancel', async () => {
    const { a, cancelled } = adapters([item('sub_kept')]);
    const marked = item('sub_new', { counted: 0, duplicateOf: 'sub_kept' });
    const { revision: _r, ...deleted } = item('sub_new', { status: 'canceled', counted: 0 });
    expect(await asDuplicate(a, marked, deleted)).toEqual({
      next: { ...deleted, duplicateOf: 'sub_kept' },
      owed: [],
    });
    expect(cancelled).toEqual([]);
  });

  it('leaves alone the first subscription of a plan, the other plan, and changes to a subscription already held', async () => {
    const { a, cancelled } = adapters([item('sub_kept')]);
    const { revision: _r, ...pro } = item('sub_pro', { plan: 'pro' });
    expect(await asDuplicate(a, null, pro)).toBeNull();
    const { revision: _s, ...kept } = item('sub_kept', { quantity: 5, counted: 5 });
    expect(await asDuplicate(a, item('sub_kept'), kept)).toBeNull();
    const alone = adapters([]);
    const { revision: _t, ...first } = item('sub_first');
    expect(await asDuplicate(alone.a, null, first)).toBeNull();
    expect([...cancelled, ...alone.cancelled]).toEqual([]);
  });

  it('marks a duplicate whose deletion is the first of its events, by its cancellation comment, and owes the email', async () => {
    const { a, cancelled } = adapters([item('sub_kept')]);
    const { revision: _r, ...deleted } = item('sub_new', { status: 'canceled', counted: 0, quantity: 1 });
    const outcome = (await asDuplicate(a, null, deleted, duplicateComment('sub_kept')))!;
    expect(outcome.next).toMatchObject({ subscriptionId: 'sub_new', counted: 0, duplicateOf: 'sub_kept' });
    expect((outcome.owed[0] as { subject: string }).subject).toBe('Your second Basic subscription was cancelled');
    expect(outcome.owed).toHaveLength(1);
    expect(cancelled).toEqual([]);
  });

  it('leaves a deletion alone when its comment is not ours or names a subscription that does not hold the plan', async () => {
    const { a } = adapters([item('sub_kept'), item('sub_old', { status: 'canceled', counted: 0 })]);
    const { revision: _r, ...deleted } = item('sub_new', { status: 'canceled', counted: 0 });
    expect(await asDuplicate(a, null, deleted, null)).toBeNull();
    expect(await asDuplicate(a, null, deleted, 'Too expensive')).toBeNull();
    expect(await asDuplicate(a, null, deleted, duplicateComment('sub_old'))).toBeNull();
    expect(await asDuplicate(a, null, { ...deleted, plan: 'pro' }, duplicateComment('sub_kept'))).toBeNull();
    // A subscription that held slots and is deleted is an ordinary end, whatever its comment.
    expect(await asDuplicate(a, item('sub_new'), deleted, duplicateComment('sub_kept'))).toBeNull();
  });

  it('reads only its own comments', () => {
    expect(duplicateOfComment(duplicateComment('sub_1Abc'))).toBe('sub_1Abc');
    for (const other of [
      null,
      undefined,
      '',
      'Second subscription of a plan held by ',
      'held by sub_1',
      'Second subscription of a plan held by cus_1',
    ])
      expect(duplicateOfComment(other)).toBeNull();
  });

  it('writes nothing when Stripe cannot cancel: the error reaches the webhook, which Stripe retries', async () => {
    const { a } = adapters([item('sub_kept')], async () => {
      throw new Error('Stripe unavailable');
    });
    const { revision: _r, ...next } = item('sub_new');
    await expect(asDuplicate(a, null, next)).rejects.toThrow('Stripe unavailable');
  });
});

describe('cancelDuplicateCheckout', () => {
  const session = (subscription: string, plan = 'basic') =>
    ({ subscription, metadata: { uid: 'u1', plan } }) as unknown as Stripe.Checkout.Session;

  it('cancels the subscription of a completed checkout for a plan another subscription holds', async () => {
    const { a, cancelled, comments } = adapters([item('sub_kept')]);
    expect(await cancelDuplicateCheckout(a, 'u1', session('sub_new'))).toBe(true);
    expect(cancelled).toEqual(['sub_new']);
    expect(comments).toEqual([duplicateComment('sub_kept')]);
  });

  it('leaves the checkout of the subscription that holds the slots, and of another plan', async () => {
    const { a, cancelled } = adapters([item('sub_kept')]);
    expect(await cancelDuplicateCheckout(a, 'u1', session('sub_kept'))).toBe(false);
    expect(await cancelDuplicateCheckout(a, 'u1', session('sub_pro', 'pro'))).toBe(false);
    expect(cancelled).toEqual([]);
  });
});
