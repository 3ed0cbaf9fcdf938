/**
 * The accounts flows in a real browser against the local stack, with every email read from the dev mailbox:
 * register, follow the verification link, sign out and in, change the name, upload an avatar (refused at 200 KB and
 * as a GIF), change the email through its link, reset the password through its link (which signs out every browser),
 * sign out of all devices, re-authenticate, and delete the account. Requires a build of the web app (`cd web && npx vite build`; `npm test` builds first).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { authLink, jwtPayload, waitForMail, withSignInAge } from '../helpers/accounts';
import { collectErrors, launchBrowser, newContext, signInThroughUi } from '../helpers/browser';
import { call, createUser, signIn } from '../helpers/stack';
import { inject } from 'vitest';
import { VERIFIED_MESSAGE } from '../../web/src/features/auth/pending-signup';

let browser: Browser;
let tab: { context: BrowserContext; page: Page; errors: string[] };
const email = `ada-${randomUUID().slice(0, 8)}@example.com`;
const newEmail = `grace-${randomUUID().slice(0, 8)}@example.com`;
const password = 'First-pass-1';
const newPassword = 'Second-pass-2';
let png: Buffer;
let bigPng: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await newContext(browser);
  const page = await context.newPage();
  tab = { context, page, errors: collectErrors(page) };
  png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const noise = Buffer.alloc(260 * 260 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 3) * 104729) % 251;
  bigPng = await sharp(noise, { raw: { width: 260, height: 260, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Settings' });

async function openSettings(page: Page, tabName: 'Profile' | 'Security' | 'Plan' = 'Profile') {
  if (!(await dialog(page).isVisible())) {
    if (new URL(page.url()).pathname !== '/maps') await page.goto('/maps');
    // A page loaded at #settings opens the dialog by itself once its code has loaded.
    if (!new URL(page.url()).hash.startsWith('#settings')) await page.getByRole('link', { name: 'Settings' }).click();
    await dialog(page).waitFor();
  }
  await dialog(page).getByRole('tab', { name: tabName }).click();
}

/** Swaps the stored ID token for one whose sign-in happened `ageMs` ago (a session left open for a while). */
async function ageSession(page: Page, ageMs: number) {
  const name = await page.evaluate(() =>
    Object.keys(localStorage).find((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'))!,
  );
  const token = await page.evaluate((n) => localStorage.getItem(n)!, name);
  await page.evaluate(({ n, t }) => localStorage.setItem(n, t), { n: name, t: withSignInAge(token, ageMs) });
}

describe('accounts in the browser', () => {
  it('registers, verifies the address through the emailed link and lands on the maps', async () => {
    const { page, context } = tab;
    await page.goto('/register');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('The password needs at least 8 characters').waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify-mail');
    await page.getByRole('heading', { name: 'Verify your email address' }).waitFor();
    await page.getByText(email).waitFor();

    const since = Date.now();
    await page.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('Verification email sent, please check your inbox and spam folder.').waitFor();
    expect(await page.getByRole('button', { name: 'Resend' }).count()).toBe(0);

    const mail = await waitForMail(email, { subject: /Verify your email/, since });
    const link = authLink(mail);
    expect(link.searchParams.get('mode')).toBe('verifyEmail');

    // The link opens in another tab, as from a mail client: it verifies and signs in there (ADR 036), and the
    // waiting tab continues with the same session.
    const other = await context.newPage();
    await other.goto(link.toString());
    await other.waitForURL('**/maps');
    await other.getByRole('status').getByText(VERIFIED_MESSAGE).waitFor();
    await page.waitForURL('**/maps');
    await page.getByRole('status').getByText(VERIFIED_MESSAGE).waitFor();
    await other.close();

    // The same link again says the address is verified already (Cognito refuses a second confirmation as AWS does,
    // "Current status is CONFIRMED"), and continues to the maps of the session open here.
    const again = await context.newPage();
    await again.goto(link.toString());
    await again.getByText('Your email address is already verified.', { exact: true }).waitFor();
    await again.getByRole('link', { name: 'Continue to your maps' }).waitFor();
    await again.close();
  });

  it('signs out to / and signs in again, refusing a wrong password', async () => {
    const { page } = tab;
    await openSettings(page);
    await dialog(page).getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((u: URL) => u.pathname === '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();

    await page.goto('/maps');
    await page.waitForURL('**/login?next=%2Fmaps');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('Wrong-pass-9');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid email or password.').waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/maps');

    // A signed-in user opening a login page goes to /maps.
    await page.goto('/login');
    await page.waitForURL('**/maps');
  });

  it('changes the name with the inline save, and the avatar shows its initials', async () => {
    const { page } = tab;
    await openSettings(page);
    const avatar = dialog(page).getByRole('img', { name: /^Avatar of/ });
    await expect.poll(() => avatar.textContent()).toBe('AL');
    const name = dialog(page).getByLabel('Name', { exact: true });
    expect(await name.getAttribute('placeholder')).toBe('Person or organization');
    expect(await name.getAttribute('maxlength')).toBe('50');
    // Cognito's answer is held until the spinner has been seen: a fast save could otherwise come and go between two
    // looks for it (CI missed it once on a busy machine).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const isUpdate = (route: Route) =>
      route.request().headers()['x-amz-target'] === 'AWSCognitoIdentityProviderService.UpdateUserAttributes';
    const passed: Promise<void>[] = [];
    await page.route('**/*', (route) => {
      if (!isUpdate(route)) return route.fallback();
      const passing = held.then(() => route.continue());
      passed.push(passing);
      return passing;
    });
    await name.fill('Grace Brewster Hopper');
    await name.press('Enter');
    await dialog(page).getByText('Saving').waitFor({ state: 'attached' });
    release();
    await expect.poll(() => passed.length).toBe(1);
    await Promise.all(passed);
    await page.unroute('**/*');
    await expect.poll(() => avatar.textContent()).toBe('GB');
    await expect.poll(() => avatar.getAttribute('aria-label')).toBe('Avatar of Grace Brewster Hopper');
    // The name survives a reload (it is the Cognito profile, through a refreshed token).
    await page.reload();
    await openSettings(page);
    expect(await dialog(page).getByLabel('Name', { exact: true }).inputValue()).toBe('Grace Brewster Hopper');
  });

  it('refuses a 200 KB image and a GIF with the messages users see, then uploads and clears an avatar', async () => {
    const { page } = tab;
    const input = dialog(page).getByLabel('Avatar image');
    expect(bigPng.length).toBeGreaterThan(150_000);
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: bigPng });
    await dialog(page).getByText('File too large (max 0.1MB)').waitFor();
    await input.setInputFiles({
      name: 'anim.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a\x01\x00\x01\x00'),
    });
    await dialog(page).getByText('Only JPG, PNG, or WEBP images are allowed').waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Clear' }).count()).toBe(0);

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const photo = dialog(page).locator('.avatar__photo');
    await photo.waitFor();
    const src = (await photo.getAttribute('src'))!;
    expect(src).toMatch(/^\/files\/[0-9a-f-]+\/\.avatar\.png\?v=/);
    expect((await page.request.get(src)).status()).toBe(200);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    // The header's settings link shows the photo at once, named with the user's name.
    const account = page
      .locator('.site-header')
      .getByRole('link', { name: 'Settings for Grace Brewster Hopper', exact: true });
    expect(await account.locator('img').getAttribute('src')).toBe(src);

    await dialog(page).getByRole('button', { name: 'Clear' }).click();
    await page.locator('.site-header').getByRole('link', { name: 'Settings', exact: true }).waitFor();
    await dialog(page)
      .getByRole('img', { name: /^Avatar of/ })
      .filter({ hasText: 'GB' })
      .waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Clear' }).count()).toBe(0);
    await expect.poll(async () => (await page.request.get(src)).status()).toBe(404);
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await photo.waitFor();
    // Text named .png passes the browser's check of the type; the server reads the whole file and refuses it with
    // the same words, which are shown (not "Unknown error.").
    await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await dialog(page).getByText('Only JPG, PNG, or WEBP images are allowed').waitFor();
    expect(await dialog(page).getByText('Unknown error.').count()).toBe(0);
  });

  it('changes the email through the link sent to the new address, re-authenticating an old session first', async () => {
    const { page } = tab;
    await openSettings(page);
    await dialog(page).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Change email address' });
    await edit.getByLabel('New email address').fill('not an email');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Not a valid email address').waitFor();

    // A sign-in older than 5 minutes needs the password again; the change then goes ahead by itself.
    await ageSession(page, 10 * 60 * 1000);
    await edit.getByLabel('New email address').fill(newEmail);
    const since = Date.now();
    await edit.getByRole('button', { name: 'Save' }).click();
    const reauth = page.getByRole('dialog', { name: 'Confirm it is you' });
    await reauth.getByLabel('Password').fill('Not-my-pass-1');
    await reauth.getByRole('button', { name: 'Continue' }).click();
    await reauth.getByText('Invalid password').waitFor();
    await reauth.getByLabel('Password').fill(password);
    await reauth.getByRole('button', { name: 'Continue' }).click();
    const inbox = page.getByRole('dialog', { name: 'Check Your Inbox' });
    await inbox.getByText(newEmail).waitFor();
    await inbox.getByRole('button', { name: 'Close' }).click();
    // Until the link is followed the current address stays.
    await dialog(page).getByText(email).waitFor();

    const mail = await waitForMail(newEmail, { subject: /Confirm your new email/, since });
    const link = authLink(mail);
    expect(link.searchParams.get('mode')).toBe('verifyAndChangeEmail');
    await page.goto(link.toString());
    await page.getByText(`Your email address is now ${newEmail}.`).waitFor();
    await openSettings(page);
    await dialog(page).getByText(newEmail).waitFor();
  });

  it('sends a password reset email from the Security tab and sets a new password through its link, which signs out every browser', async () => {
    const { page } = tab;
    // Another browser where the account is signed in, on its maps.
    const elsewhere = await (await newContext(browser)).newPage();
    await signInThroughUi(elsewhere, { email: newEmail, password });
    await elsewhere.waitForURL('**/maps');
    await openSettings(page, 'Security');
    const since = Date.now();
    const button = dialog(page).getByRole('button', { name: 'Send password reset email' });
    await button.click();
    const sent = dialog(page).getByRole('button', { name: 'Email sent' });
    await sent.waitFor();
    expect(await sent.isDisabled()).toBe(true);

    const mail = await waitForMail(newEmail, { subject: /Reset your/, since });
    const link = authLink(mail);
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    await page.goto(link.toString());
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill('Different-pass-3');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The two passwords do not match.').waitFor();
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    // This browser's session ended with the others: the page offers to log in, not to go on to the maps.
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await expect(signIn(newEmail, password)).rejects.toThrow();

    // The other browser's next call is refused: it is taken to the login page, which says why.
    await elsewhere.reload();
    await elsewhere.waitForURL('**/login?next=%2Fmaps');
    await elsewhere.getByText('You were signed out because your password was changed. Log in again.').waitFor();
    await elsewhere.context().close();

    // Logged in again at once: the reset answered once its own second was over (ADR 079).
    expect(jwtPayload(await signIn(newEmail, newPassword)).email).toBe(newEmail);
    await signInThroughUi(page, { email: newEmail, password: newPassword });
  });

  it('signs out of all devices from the Security tab after a confirmation, this browser too', async () => {
    const { page } = tab;
    const elsewhere = await (await newContext(browser)).newPage();
    await signInThroughUi(elsewhere, { email: newEmail, password: newPassword });
    await openSettings(page, 'Security');
    await dialog(page).getByRole('button', { name: 'Sign out of all devices' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out of all devices?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await dialog(page).getByRole('button', { name: 'Sign out of all devices' }).click();
    await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
    // Back to the maps once logged in again, not to the settings dialog it left.
    await page.waitForURL('**/login?next=%2Fmaps');
    await page.getByText('You were signed out of all devices. Log in again.').waitFor();

    await elsewhere.goto('/maps');
    await elsewhere.waitForURL('**/login?next=%2Fmaps');
    await elsewhere.getByText('You were signed out of all devices. Log in again.').waitFor();
    await elsewhere.context().close();

    await page.getByLabel('Email address').fill(newEmail);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u: URL) => !u.pathname.startsWith('/login'));
  });

  it('deletes the account after the typed email matches and a fresh password, landing on /', async () => {
    const { page } = tab;
    // An account whose sessions were never ended: an aged session of the one above would be refused as ended (its
    // sign-in older than the sign-out of all devices) before the deletion could ask for the password again.
    const leaving = await createUser();
    await page.evaluate(() => localStorage.clear());
    await signInThroughUi(page, leaving);
    await openSettings(page, 'Security');
    await dialog(page).getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete account' });
    const submit = confirm.getByRole('button', { name: 'Delete account' });
    expect(await submit.isDisabled()).toBe(true);
    await confirm.getByLabel('Your email address').fill(email);
    await submit.click();
    await confirm.getByText('Entered email does not match your email address.').waitFor();

    // The server asks for a fresh sign-in (permission-denied); after the password the deletion is retried.
    await ageSession(page, 10 * 60 * 1000);
    await confirm.getByLabel('Your email address').fill(leaving.email);
    await submit.click();
    const reauth = page.getByRole('dialog', { name: 'Confirm it is you' });
    await reauth.getByLabel('Password').fill(leaving.password);
    await reauth.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u: URL) => u.pathname === '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    await expect(signIn(leaving.email, leaving.password)).rejects.toThrow();

    await page.goto('/login');
    await page.getByLabel('Email address').fill(leaving.email);
    await page.getByLabel('Password').fill(leaving.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid email or password.').waitFor();
    // Expected: the 4xx answers the flows provoke on purpose (a refused avatar is told, not logged).
    const expected = /status of 4\d\d/;
    expect(tab.errors.filter((e: string) => !expected.test(e))).toEqual([]);
  });
});

describe('administrators in the browser', () => {
  it('views the app as another user with a purple avatar border, and Stop viewing ends it', async () => {
    const someone = await createUser({ name: 'Someone Else' });
    const title = `Map of someone ${randomUUID().slice(0, 6)}`;
    await call('createMap', { title }, someone);
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughUi(page, inject('admin'));
    await page.goto('/maps');
    await openSettings(page);
    const avatar = dialog(page).getByRole('img', { name: /^Avatar of/ });
    expect(await avatar.getAttribute('aria-label')).toBe('Avatar of Mapnest Admin, administrator');
    const field = dialog(page).getByLabel('View as user', { exact: true });
    await field.fill('x'.repeat(255));
    expect((await field.inputValue()).length).toBe(254);
    await field.fill(someone.uid);
    await Promise.all([page.waitForEvent('load'), field.press('Enter')]);
    await page.getByText(title).waitFor();
    await openSettings(page);
    await expect
      .poll(() =>
        dialog(page)
          .getByRole('img', { name: /^Avatar of/ })
          .getAttribute('aria-label'),
      )
      .toBe('Avatar of Mapnest Admin, administrator, viewing as another user');
    expect(await dialog(page).locator('.avatar--simulated').count()).toBe(1);

    await Promise.all([page.waitForEvent('load'), dialog(page).getByRole('button', { name: 'Stop viewing' }).click()]);
    await openSettings(page);
    expect(await dialog(page).locator('.avatar--simulated').count()).toBe(0);
    expect(await page.getByText(title).count()).toBe(0);
    await context.close();
  });

  it("shows 'View as user' to administrators only", async () => {
    const user = await createUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughUi(page, user);
    await page.goto('/maps');
    await openSettings(page);
    await dialog(page).getByLabel('Name', { exact: true }).waitFor();
    expect(await dialog(page).getByLabel('View as user', { exact: true }).count()).toBe(0);
    // A stored id does nothing for a non-administrator: no simulation, no view-as header.
    await page.evaluate(() => localStorage.setItem('mapnest.viewAs', 'someone-else'));
    const sent: string[] = [];
    page.on('request', (r) => {
      const viewAs = r.headers()['x-mapnest-view-as'];
      if (viewAs) sent.push(viewAs);
    });
    await page.reload();
    await openSettings(page, 'Plan');
    await dialog(page).getByText('Test maps', { exact: true }).waitFor();
    expect(await dialog(page).locator('.avatar--simulated').count()).toBe(0);
    expect(sent).toEqual([]);
    await context.close();
  });
});
