/**
 * Cognito's lockout after failed password sign-ins (scripts/local/cognito-shims/lockout.ts), as the local user pool
 * answers it and as the login page says it: the right password during a lockout is refused with "Password attempts
 * exceeded", and the page says to try again later, never that the password is wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { collectErrors, launchBrowser, newContext } from '../helpers/browser';
import { createUser, signIn } from '../helpers/stack';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => browser?.close());

const refusal = (email: string, password: string) =>
  signIn(email, password).then(
    () => 'signed in',
    (e: Error) => `${e.name}: ${e.message}`,
  );
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the lockout after failed password sign-ins', () => {
  it('refuses the right password while locked out, and the login page says to try again later', async () => {
    const user = await createUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    // The page is ready before the lockout starts: it lasts 4 s at most here.
    await page.goto('/login');
    await page.locator('input[name=email]').fill(user.email);
    await page.locator('input[name=password]').fill(user.password);
    const wrong = 'NotThePassword-1';
    for (let i = 0; i < 5; i++)
      expect(await refusal(user.email, wrong)).toBe('NotAuthorizedException: Incorrect username or password.');
    // Locked out for 1 s; each failure after a lockout doubles it. Two more (once each lockout is over): 4 s, ample for
    // the checks below on a busy machine.
    await pause(1100);
    expect(await refusal(user.email, wrong)).toBe('NotAuthorizedException: Incorrect username or password.');
    await pause(2100);
    expect(await refusal(user.email, wrong)).toBe('NotAuthorizedException: Incorrect username or password.');
    expect(await refusal(user.email, user.password)).toBe('NotAuthorizedException: Password attempts exceeded');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Too many attempts. Try again later.').waitFor();
    expect(await page.getByText('Invalid email or password.').count()).toBe(0);

    // Once the lockout is over, the right password signs in.
    await pause(4000);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  }, 90_000);
});
