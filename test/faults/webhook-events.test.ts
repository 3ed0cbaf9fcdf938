/**
 * Signed Stripe events that must not be applied as they come: values out of range (a signature says who sent an
 * event, not that its values make sense), events without an object, and two updates of one subscription within
 * the same second, whose order is read from the payments API (the local sandbox answers it as Stripe does).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Subscription } from '@mapnest/shared/billing';
import type { SlotCounters } from '@mapnest/shared/maps';
import { baseUrl, call, createUser, eventually, type TestUser } from '../helpers/stack';
import { deliver, event, nowSeconds, subscription } from '../helpers/stripe';

const slots = (user: TestUser) => call<SlotCounters>('getSlots', null, user);
const subs = (user: TestUser) => call<Subscription[]>('listSubscriptions', null, user);

beforeAll(() => {
  Object.assign(process.env, inject('stackEnv'), { LOG_SILENT: '1' });
});

describe('signed events with values out of range', () => {
  it('answers 400 to quantities of −5, 0.5 and 10¹², and the capacity stays what it was', async () => {
    const user = await createUser();
    const sub = subscription({ uid: user.uid, quantity: 3 });
    const t = nowSeconds();
    expect(await deliver(event('customer.subscription.created', sub, { created: t }))).toBe(200);
    const items = (quantity: number) => ({
      ...(sub.items as object),
      data: [{ ...(sub.items as { data: object[] }).data[0], quantity }],
    });
    for (const quantity of [-5, 0.5, 1e12]) {
      const status = await deliver(
        event('customer.subscription.updated', { ...sub, items: items(quantity) }, { created: t + 1 }),
      );
      expect(status, String(quantity)).toBe(400);
    }
    expect(await slots(user)).toMatchObject({ basicSubscribed: 3, basicCapacity: 3 });
    expect(await subs(user)).toEqual([expect.objectContaining({ quantity: 3 })]);
  });

  it('answers 400, not 500, to events without data or with a null object', async () => {
    const base = event('customer.subscription.updated', {});
    expect(await deliver({ ...base, data: undefined })).toBe(400);
    expect(await deliver({ ...base, data: { object: null } })).toBe(400);
    expect(await deliver({ ...event('invoice.paid', {}), data: { object: null } })).toBe(400);
    expect(await deliver({ ...base, type: 'customer.subscription.created', data: { object: { id: 'sub_x' } } })).toBe(
      400,
    );
  });
});

describe('two updates of one subscription in the same second', () => {
  it('ends with the state the payments API holds, whatever order they arrive in', async () => {
    const user = await createUser();
    // A real subscription in the sandbox, bought with 2 slots through Checkout.
    const { url } = await call<{ url: string }>(
      'createCheckoutSession',
      { plan: 'basic', period: 'monthly', quantity: 2 },
      user,
    );
    const paid = await fetch(`${baseUrl()}${new URL(url).pathname}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ quantity: '2' }).toString(),
    });
    expect(paid.status).toBe(303);
    const [held] = await eventually(
      () => subs(user),
      (s) => s.length === 1,
      15_000,
    );
    expect(held).toMatchObject({ quantity: 2 });
    // The current state (2) first, then an older change (8) stamped with the same second.
    const t = nowSeconds() + 2;
    const object = (quantity: number) => subscription({ id: held!.id, uid: user.uid, quantity });
    expect(await deliver(event('customer.subscription.updated', object(2), { created: t }))).toBe(200);
    expect(await deliver(event('customer.subscription.updated', object(8), { created: t }))).toBe(200);
    expect(await slots(user)).toMatchObject({ basicSubscribed: 2, basicCapacity: 2 });
    expect(await subs(user)).toEqual([expect.objectContaining({ id: held!.id, quantity: 2 })]);
  });
});
