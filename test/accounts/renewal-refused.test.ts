/**
 * A browser whose session was ended while it sat idle (ADR 084): its ID token expires, Cognito refuses to renew it
 * (the refresh token was revoked by "Sign out of all devices" or a password reset) and Amplify drops the session
 * without a word. The app says on the login page that the session ended, whether the page was reloaded or left open,
 * and so do the browser's other tabs; a session whose renewal succeeds goes on as before. Real Amplify in Chromium against the local Cognito.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifact, collectErrors, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { call, createUser, type TestUser } from '../helpers/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * Makes the stored ID and access tokens expired an hour ago, as after an hour idle: Amplify renews them from the
 * refresh token on the next use. Amplify reads their expiry and does not check their signature.
 */
async function expireStoredTokens(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (!/^CognitoIdentityServiceProvider\..+\.(idToken|accessToken)$/.test(key)) continue;
      const [header, payload, signature] = localStorage.getItem(key)!.split('.');
      const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, number>;
      const exp = Math.floor(Date.now() / 1000) - 3600;
      const expired = btoa(JSON.stringify({ ...claims, iat: exp - 3600, exp }))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      localStorage.setItem(key, `${header}.${expired}.${signature}`);
    }
  });
}

/** A browser signed in as `user`, its tokens expired, not yet on any page of the app. */
async function idleBrowser(user: TestUser): Promise<{ page: Page; errors: string[] }> {
  const page = await (await newContext(browser)).newPage();
  const errors = collectErrors(page);
  await signInWithTokens(page, user);
  await expireStoredTokens(page);
  return { page, errors };
}

const ENDED = 'Your session ended. Log in again.';

describe('a session whose renewal Cognito refuses', () => {
  it('is renewed as before while its refresh token is valid, with nothing said', async () => {
    const user = await createUser();
    const { page } = await idleBrowser(user);
    await page.goto('/maps');
    await page.getByRole('heading', { name: 'Create your first map' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/maps');
    await page.context().close();
  });

  it('reaches the login page saying the session ended, reloaded or left open, in every tab', async () => {
    const user = await createUser();
    const reloaded = await idleBrowser(user);
    // The tab left open was in use before the hour went by.
    const open = await idleBrowser(user);
    await open.page.goto('/maps');
    await open.page.getByRole('heading', { name: 'Create your first map' }).waitFor();
    // A second tab of that browser, open on the maps too.
    const otherTab = await open.page.context().newPage();
    await otherTab.goto('/maps');
    await otherTab.getByRole('heading', { name: 'Create your first map' }).waitFor();
    await expireStoredTokens(open.page);

    // "Sign out of all devices" from another session revokes every refresh token of the account.
    await call('signOutEverywhere', null, user);

    await reloaded.page.goto('/maps');
    await reloaded.page.waitForURL('**/login?next=%2Fmaps');
    await reloaded.page.getByText(ENDED).waitFor();
    await artifact(reloaded.page, { path: '.test-artifacts/session-ended-login-1440.png' });
    await reloaded.page.setViewportSize({ width: 390, height: 844 });
    await artifact(reloaded.page, { path: '.test-artifacts/session-ended-login-390.png' });

    // Its next call renews first: opening the plans asks for the subscriptions.
    await open.page.evaluate(() => {
      window.location.hash = 'subscribe';
    });
    await open.page.waitForURL('**/login?next=%2Fmaps');
    await open.page.getByText(ENDED).waitFor();
    // The other tab sees the tokens go, and says why too.
    await otherTab.waitForURL('**/login?next=%2Fmaps');
    await otherTab.getByText(ENDED).waitFor();
    await reloaded.page.context().close();
    await open.page.context().close();
  });
});
