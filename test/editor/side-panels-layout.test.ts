/**
 * The editor's side panels as a new author first sees them, on a desktop (1440 px) and a phone (390 px): a panel
 * opens at its top with nothing above its first section that reads as a list scrolled out of view, a selected
 * location's words stop before its up/down buttons, and a version
 * in History shows its badges together and its details as lines that start with words, never with a "·", and end
 * inside the card.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blankDocument } from '@mapnest/shared/map-document';
import { artifact, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { call, createUser, type TestUser } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/editor');
let browser: Browser;
let user: TestUser;
let mapId: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  user = await createUser({ name: 'Panel Author' });
  const doc = blankDocument();
  doc.locations.push({ id: 'cafe', title: 'Café', coord: [0.5, 0.5] });
  doc.locations.push({ id: 'info-centre', title: 'Riverside Community Information Centre', coord: [0.3, 0.3] });
  mapId = await call<string>('createMap', { title: 'Riverside Central Library', mapData: doc }, user);
  // The current version is also the one visitors see: both badges and a publish date on one card.
  await call('publishMap', { id: mapId, version: 1 }, user);
}, 60_000);
afterAll(async () => browser?.close());

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
}

/** Each detail of each version card: its box, whether it starts a line, and the box it must stay inside. */
async function historyLayout(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.history__item')].map((item) => {
      const meta = item.querySelector<HTMLElement>('.history__meta')!.getBoundingClientRect();
      const inner = item.getBoundingClientRect();
      const padRight = parseFloat(getComputedStyle(item).paddingRight);
      const parts = [
        ...item.querySelectorAll<HTMLElement>(
          '.history__meta > time, .history__meta > span:not(.history__meta-parts), .history__meta-parts > span',
        ),
      ].map((span) => {
        const r = span.getBoundingClientRect();
        // The width of a separator drawn before the part (0 when there is none).
        const separator = parseFloat(getComputedStyle(span, '::before').width) || 0;
        // Where each line of its words starts (the separator is generated, outside the text).
        const words = document.createRange();
        words.selectNodeContents(span);
        const wordsLeft = Math.min(...[...words.getClientRects()].map((line) => line.left));
        return { text: span.textContent, left: r.left, right: r.right, top: r.top, separator, wordsLeft };
      });
      const badges = [...item.querySelectorAll<HTMLElement>('.history__title .badge')].map((b) => ({
        text: b.textContent,
        top: Math.round(b.getBoundingClientRect().top),
      }));
      return { metaLeft: meta.left, metaRight: meta.right, cardEnd: inner.right - padRight, parts, badges };
    }),
  );
}

describe('the editor’s side panels', () => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`open at their top, and lay out version cards cleanly, at ${width} px`, async () => {
      const context = await newContext(browser, { width, height });
      const page = await context.newPage();
      await signInWithTokens(page, user);
      await page.goto(`/maps/${mapId}`);
      await page.waitForSelector('.editor .mn-viewport', { timeout: 30_000 });

      await openTab(page, 'Groups');
      await page.locator('.groups-panel').waitFor();
      await artifact(page, { path: path.join(ARTIFACTS, `groups-${width}.png`) });
      const top = await page.evaluate(() => {
        const panel = document.querySelector<HTMLElement>('.editor__panel')!;
        const first = panel.querySelector<HTMLElement>('.form-section')!;
        return { scrolled: panel.scrollTop, rule: getComputedStyle(first).borderTopWidth };
      });
      expect(top).toEqual({ scrolled: 0, rule: '0px' });

      // A selected location's up/down buttons sit at its row's end: its words stop before them.
      await openTab(page, 'Locations');
      await page.locator('.vlist__row[data-id="info-centre"]').click();
      await page.locator('.vlist__moves').waitFor();
      const row = await page.evaluate(() => {
        const moves = document.querySelector<HTMLElement>('.vlist__moves')!.getBoundingClientRect();
        const words = [...document.querySelectorAll<HTMLElement>('.vlist__row.is-selected .vlist__text > span')];
        return { movesLeft: moves.left, wordsRight: Math.max(...words.map((w) => w.getBoundingClientRect().right)) };
      });
      expect(row.wordsRight, 'the row’s words run under its buttons').toBeLessThanOrEqual(row.movesLeft);

      await openTab(page, 'History');
      await page.locator('.history__item .history__meta').first().waitFor();
      await artifact(page, { path: path.join(ARTIFACTS, `history-${width}.png`) });
      const cards = await historyLayout(page);
      expect(cards.length).toBeGreaterThan(0);
      const current = cards[0]!;
      expect(current.badges.map((b) => b.text)).toEqual(['Current', 'Live']);
      expect(current.badges[0]!.top, 'Live is on a line of its own').toBe(current.badges[1]!.top);
      for (const card of cards) {
        for (const part of card.parts) {
          expect(part.right, `“${part.text}” runs past the card`).toBeLessThanOrEqual(card.cardEnd + 0.5);
          expect(part.wordsLeft, `a line of “${part.text}” is cut`).toBeGreaterThanOrEqual(card.metaLeft - 0.5);
          // A part that starts a line has its separator left of the clipping edge, where it is not drawn.
          const startsLine = card.parts.every((p) => p.top !== part.top || p.left >= part.left);
          if (startsLine)
            expect(part.text?.trimStart().startsWith('·'), `a line starts with “${part.text}”`).toBe(false);
          if (startsLine)
            expect(part.left + part.separator, `“${part.text}” starts with ·`).toBeCloseTo(card.metaLeft, 0);
          else expect(part.left, `“${part.text}” is cut`).toBeGreaterThanOrEqual(card.metaLeft);
        }
      }
      await context.close();
    }, 120_000);
  }
});
