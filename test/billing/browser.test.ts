/**
 * Buying slots as a customer does, in Chromium, through the local payments sandbox: the subscribe dialog,
 * Checkout, the slot meter, maps going live, the slot check, the portal lowering the quantity, a map falling back
 * to test with an email to the owner, and one click bringing it back once slots are bought again; a declined card,
 * after which the maps page opened by hand waits for no payment, and the return from the checkout paid after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapSummary } from '@mapnest/shared/maps';
import { artifact, collectErrors, launchBrowser, newContext, settled, signInThroughUi } from '../helpers/browser';
import { baseUrl, call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

async function openPlans(page: Page) {
  await page.goto('/maps#subscribe');
  const dialog = page.getByRole('dialog', { name: 'Pick your plan' });
  await dialog.waitFor();
  return dialog;
}

/** From the Plan tab's payment portal button to the (sandbox) portal, where the quantity is changed. */
async function changeQuantityInPortal(page: Page, quantity: number) {
  await page.goto('/maps#settings/Plan');
  await page.getByRole('button', { name: 'Payment portal' }).click();
  await page.waitForURL(/\/_dev\/portal\/bps_/);
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(quantity));
  await page.getByRole('button', { name: 'Update quantity' }).click();
  await page.getByText(`Quantity changed to ${quantity}.`).waitFor();
}

async function mail(user: TestUser): Promise<Array<{ subject: string; text: string }>> {
  return (await (await fetch(`${baseUrl()}/_dev/mail.json?to=${encodeURIComponent(user.email)}`)).json()) as Array<{
    subject: string;
    text: string;
  }>;
}

describe('buying map slots', () => {
  it('subscribes, goes live within the slots, and falls back to test when the portal lowers the quantity', async () => {
    const user = await createUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);

    await signInThroughUi(page, user);

    // Two test maps (the free limit) to make live.
    const first = await call<string>('createMap', { title: 'Harbour Mall' }, user);
    const second = await call<string>('createMap', { title: 'Old Town Market' }, user);

    // Subscribe to 3 Basic slots, monthly.
    let dialog = await openPlans(page);
    const basic = dialog.getByRole('article', { name: 'Basic' });
    const quantity = basic.getByRole('textbox', { name: 'Number of maps' });
    await quantity.fill('3');
    await quantity.blur();
    // The dialog starts on Annual, as the pricing page does.
    await basic.getByRole('radio', { name: 'Monthly' }).click();
    await basic.getByText('$30').first().waitFor();
    await basic.getByRole('button', { name: 'Subscribe' }).click();

    // The sandbox's hosted Checkout, then back to the maps page.
    await page.waitForURL(/\/_dev\/checkout\/cs_test_/);
    await page.getByText('$30', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/maps');

    // The webhook arrives in the background; the dialog's meter shows the 3 slots once it has.
    await expect
      .poll(
        async () => {
          dialog = await openPlans(page);
          return dialog.getByRole('meter', { name: 'Basic slots used' }).getAttribute('aria-valuemax');
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('3');
    await dialog.getByRole('article', { name: 'Basic' }).getByText('Active', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close plans' }).click();

    // Two maps go live.
    for (const title of ['Harbour Mall', 'Old Town Market']) {
      await card(page, title).getByRole('button', { name: 'Go live' }).click();
      await card(page, title).getByRole('button', { name: 'Back to test' }).waitFor();
    }
    // The dialog reads the counters again as it opens: it may first show those read after the first map went live.
    const meter = (await openPlans(page)).getByRole('meter', { name: 'Basic slots used' });
    await expect.poll(() => meter.getAttribute('aria-valuenow')).toBe('2');
    await page.getByRole('button', { name: 'Close plans' }).click();

    // The portal lowers the quantity to 1: the map made live last goes back to test and the owner is emailed.
    await changeQuantityInPortal(page, 1);
    await expect
      .poll(async () => (await call<MapSummary[]>('listMaps', null, user)).find((m) => m.id === second)?.state, {
        timeout: 15_000,
      })
      .toBe(0);
    expect((await call<MapSummary[]>('listMaps', null, user)).find((m) => m.id === first)?.state).toBe(1);
    await expect
      .poll(
        async () =>
          (await mail(user)).some((m) => /went back to test/.test(m.subject) && m.text.includes('"Old Town Market"')),
        { timeout: 10_000 },
      )
      .toBe(true);

    await page.getByRole('link', { name: 'Return to Mapnest' }).click();
    await page.waitForURL((url) => url.pathname === '/maps');
    await page.goto('/maps');
    // The map was never published: the notice does not say it stays visible.
    await page
      .getByRole('region', { name: 'Maps back in test' })
      .getByText('1 map went back to test when your slots ran out. It was never published, so nothing of it is public.')
      .waitFor();
    await card(page, 'Old Town Market').getByText('Went back to test when your Basic slots ran out.').waitFor();

    // Going live again is held back before any click: the card says which slot is missing, with the ways to one.
    const why = card(page, 'Old Town Market').locator('.map-state__short', { hasText: 'Go live needs' });
    await why.waitFor();
    expect(await why.textContent()).toMatch(
      /^Go live needs a free Basic slot \(1 of 1 used\) and Make Pro a Professional slot\. All your Basic subscription slots are in use/,
    );
    expect(await card(page, 'Old Town Market').getByRole('button', { name: 'Go live' }).isDisabled()).toBe(true);
    expect(await why.getByRole('link', { name: 'Buy slots' }).getAttribute('href')).toBe('/maps#subscribe');
    await why.getByRole('button', { name: 'Register license' }).waitFor();

    // Buying slots again (the portal raises the quantity) and one click brings it back.
    await changeQuantityInPortal(page, 2);
    await expect
      .poll(async () => (await call<{ basicCapacity: number }>('getSlots', null, user)).basicCapacity, {
        timeout: 15_000,
      })
      .toBe(2);
    await page.goto('/maps');
    await page
      .getByRole('region', { name: 'Maps back in test' })
      .getByRole('button', { name: 'Bring it back' })
      .click();
    await card(page, 'Old Town Market').getByRole('button', { name: 'Back to test' }).waitFor();
    expect((await call<MapSummary[]>('listMaps', null, user)).map((m) => m.state).sort()).toEqual([1, 1]);

    // No Go live was sent to be refused: nothing failed.
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('waits for a payment only on the return from a paid checkout, not on /maps opened by hand after a declined card', async () => {
    const user = await createUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInThroughUi(page, user);

    const dialog = await openPlans(page);
    await dialog.getByRole('article', { name: 'Professional' }).getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/_dev\/checkout\/cs_test_/);
    const checkout = page.url();
    await page.getByRole('button', { name: 'Fail payment' }).click();
    await page.getByText('Your card was declined.').waitFor();

    // The person gives up on the payment page and goes to their maps by the address bar.
    await page.goto('/maps');
    await page.getByRole('heading', { name: 'Create your first map' }).waitFor();
    await settled(page);
    expect(await page.getByText(/Confirming your payment|Payment confirmed|still being confirmed/).count()).toBe(0);
    await artifact(page, { path: '.test-artifacts/maps-after-declined-card-1440.png' });

    // Back to the same payment page, where another card is accepted: Stripe returns naming the session.
    await page.goto(checkout);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText(/Payment confirmed. Your Professional subscription is active with 1 slot\./).waitFor({
      timeout: 30_000,
    });
    // The address no longer names the session: a reload is not a return from Checkout.
    expect(new URL(page.url()).search).toBe('');
    await artifact(page, { path: '.test-artifacts/maps-after-paid-checkout-1440.png' });
    await page.reload();
    await page.getByRole('heading', { name: 'Create your first map' }).waitFor();
    await settled(page);
    expect(await page.getByText(/Confirming your payment|Payment confirmed/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
