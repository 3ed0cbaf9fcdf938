/**
 * The Settings dialog on a phone: every tab in sight at once, inside the dialog, none cut and no row scrolling
 * sideways, for an administrator (four tabs, the Messages tab with its unread count) and for a customer (three).
 * The administrator's row once scrolled sideways on a 390 px phone, its Messages tab past the dialog's edge. The
 * arrow keys still move through the tabs in order, round from the last to the first. The Profile tab's View as user
 * field shows its whole placeholder, the View button taking a row of its own. The Plan tab's map slots are one plan a
 * row, each count on one line beside its plan and each note in at most two lines (three narrow columns broke the
 * counts and stood a short note four lines tall).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifact, collectErrors, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { adminUser, baseUrl, createUser, postFrom, type TestUser } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/accounts');
let browser: Browser;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  [admin, customer] = await Promise.all([adminUser(), createUser({ name: 'Phone Customer' })]);
  // One unread request at least, so the Messages tab carries its count: its widest label.
  const tag = randomUUID().slice(0, 8);
  const sent = await postFrom(
    new URL('/api/fn/submitContact', baseUrl()),
    { 'content-type': 'application/json' },
    JSON.stringify({
      data: {
        kind: 'contact',
        name: `Phone tabs ${tag}`,
        email: `phone-tabs-${tag}@example.com`,
        topic: 'sales',
        message: 'Do you have a plan for schools?',
      },
    }),
    `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
  );
  expect(sent.status).toBe(200);
}, 60_000);
afterAll(async () => browser?.close());

/** Each tab's box and whether its label is cut, the tab row's overflow, and the dialog's and the window's edges. */
function tabLayout(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[role=tablist][aria-label="Settings sections"]')!;
    const dialog = list.closest<HTMLElement>('.settings-dialog')!.getBoundingClientRect();
    return {
      rowScrolls: list.scrollWidth - list.clientWidth,
      pageScrolls: document.documentElement.scrollWidth - window.innerWidth,
      dialog: { left: dialog.left, right: dialog.right },
      tabs: [...list.querySelectorAll<HTMLElement>('[role=tab]')].map((tab) => {
        const r = tab.getBoundingClientRect();
        // The words shown: without those for screen readers only.
        const shown = tab.cloneNode(true) as HTMLElement;
        shown.querySelectorAll('.visually-hidden').forEach((el) => el.remove());
        return { name: shown.textContent ?? '', left: r.left, right: r.right, cut: tab.scrollWidth > tab.clientWidth };
      }),
    };
  });
}

async function openSettings(page: Page, user: TestUser) {
  await signInWithTokens(page, user);
  await page.goto('/maps#settings');
  await page.getByRole('tab', { name: 'Profile', selected: true }).waitFor();
}

describe('the Settings tabs on a phone', () => {
  for (const [who, width, height, tabs] of [
    ['an administrator', 390, 844, ['Profile', 'Security', 'Plan', 'Messages']],
    ['an administrator', 360, 740, ['Profile', 'Security', 'Plan', 'Messages']],
    ['a customer', 390, 844, ['Profile', 'Security', 'Plan']],
  ] as const) {
    it(`shows ${who} every tab whole inside the dialog at ${width} px, with no row scrolling sideways`, async () => {
      const context = await newContext(browser, { width, height });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await openSettings(page, who === 'a customer' ? customer : admin);
      if (who !== 'a customer') await page.getByRole('tab', { name: /^Messages, \d+ unread$/ }).waitFor();
      await artifact(page, { path: path.join(ARTIFACTS, `settings-tabs-${who.split(' ')[1]}-${width}.png`) });

      const layout = await tabLayout(page);
      expect(layout.tabs.map((t) => t.name.replace(/\d+$/, ''))).toEqual(tabs);
      expect(layout.rowScrolls, 'the tab row scrolls sideways').toBeLessThanOrEqual(0);
      expect(layout.pageScrolls, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      for (const tab of layout.tabs) {
        expect(tab.left, `${tab.name} is past the dialog's left edge`).toBeGreaterThanOrEqual(layout.dialog.left);
        expect(tab.right, `${tab.name} is past the dialog's right edge`).toBeLessThanOrEqual(layout.dialog.right);
        expect(tab.cut, `${tab.name} is cut`).toBe(false);
      }
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);
  }

  it("shows an administrator the whole placeholder of the Profile tab's View as user field at 390 px", async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await openSettings(page, admin);
    const field = page.getByRole('searchbox', { name: 'View as user' });
    await field.scrollIntoViewIfNeeded();
    const fit = await field.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const view = [...input.form!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'View')!;
      const dialog = input.closest('.settings-dialog')!.getBoundingClientRect();
      return {
        placeholder: input.placeholder,
        text: context.measureText(input.placeholder).width,
        room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        viewRight: view.getBoundingClientRect().right,
        dialogRight: dialog.right,
      };
    });
    expect(fit.placeholder).toBe('Email address, name or user id');
    expect(fit.text, `"${fit.placeholder}" is cut in ${fit.room} px`).toBeLessThanOrEqual(fit.room);
    expect(fit.viewRight, 'View is past the dialog').toBeLessThanOrEqual(fit.dialogRight);
    await context.close();
  }, 60_000);

  it('keeps the tabs and the Messages tab’s filters inside the dialog on a 320 px phone', async () => {
    const context = await newContext(browser, { width: 320, height: 640 });
    const page = await context.newPage();
    await signInWithTokens(page, admin);
    await page.goto('/maps#settings/Messages');
    await page.getByRole('button', { name: 'Needs an answer' }).waitFor();
    await artifact(page, { path: path.join(ARTIFACTS, 'settings-messages-320.png') });
    const layout = await tabLayout(page);
    expect(layout.rowScrolls, 'the tab row scrolls sideways').toBeLessThanOrEqual(0);
    for (const tab of layout.tabs)
      expect(tab.right, `${tab.name} is past the dialog`).toBeLessThanOrEqual(layout.dialog.right);
    for (const name of ['All messages', 'Needs an answer']) {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      expect(box.x + box.width, `${name} is past the dialog`).toBeLessThanOrEqual(layout.dialog.right);
    }
    await context.close();
  }, 60_000);

  for (const who of ['an administrator', 'a customer'] as const) {
    it(`shows ${who} the Plan tab's map slots one plan a row at 390 px, each count on one line`, async () => {
      const context = await newContext(browser, { width: 390, height: 844 });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInWithTokens(page, who === 'a customer' ? customer : admin);
      await page.goto('/maps#settings/Plan');
      await page.locator('.slot-list').waitFor({ timeout: 15_000 });
      await artifact(page, { path: path.join(ARTIFACTS, `settings-plan-slots-${who.split(' ')[1]}-390.png`) });
      const plans = await page.locator('.slot-list > div').evaluateAll((groups) =>
        groups.map((group) => {
          // The lines a text is set on: its boxes' distinct tops.
          const lines = (el: Element) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          };
          const [count, ...notes] = [...group.querySelectorAll('dd')];
          return {
            plan: group.querySelector('dt')!.textContent,
            count: { text: count!.textContent, lines: lines(count!) },
            notes: notes.map((n) => ({ text: n.textContent, lines: lines(n) })),
          };
        }),
      );
      expect(plans.map((p) => p.plan)).toEqual(['Test maps', 'Basic', 'Professional']);
      for (const p of plans) {
        expect(p.count.lines, `${p.plan}: "${p.count.text}" is broken over lines`).toBe(1);
        for (const n of p.notes) expect(n.lines, `${p.plan}: "${n.text}" is too tall`).toBeLessThanOrEqual(2);
      }
      expect(
        plans.flatMap((p) => p.notes),
        'no plan has a note',
      ).not.toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);
  }

  it('moves through the tabs with the arrow keys, round from the last to the first', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await openSettings(page, admin);
    await page.getByRole('tab', { name: 'Profile' }).focus();
    for (const [key, tab] of [
      ['ArrowRight', 'Security'],
      ['ArrowDown', 'Plan'],
      ['ArrowRight', 'Messages'],
      ['ArrowRight', 'Profile'],
      ['ArrowLeft', 'Messages'],
      ['ArrowUp', 'Plan'],
    ] as const) {
      await page.keyboard.press(key);
      const selected = page.getByRole('tab', { name: new RegExp(`^${tab}`), selected: true });
      await selected.waitFor();
      expect(await selected.evaluate((el) => el === document.activeElement), `${key} to ${tab}`).toBe(true);
    }
    await context.close();
  }, 60_000);
});
