/**
 * The Locations panel's search field shows its whole placeholder, "Search locations", beside its "/" key at the
 * widths the side panels take (1024 and 1100 px, where they narrow; 1280 px, the commonest laptop; a 390 px phone):
 * at 1024 px it once read "Search location", its last letter under the key.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { blankDocument } from '@mapnest/shared/map-document';
import { artifact, collectErrors, launchBrowser, newContext, signInWithTokens } from '../helpers/browser';
import { call, createUser, type TestUser } from '../helpers/stack';

const ARTIFACTS = path.resolve('.test-artifacts/editor');
let browser: Browser;
let user: TestUser;
let mapId: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  user = await createUser({ name: 'Search Author' });
  const doc = blankDocument();
  doc.locations.push({ id: 'shop', title: 'Shop', coord: [0.5, 0.5] });
  mapId = await call<string>('createMap', { title: 'Search fits', mapData: doc }, user);
}, 60_000);
afterAll(async () => browser?.close());

describe("the Locations panel's search field", () => {
  for (const [width, height] of [
    [1024, 768],
    [1100, 800],
    [1280, 800],
    [390, 844],
  ] as const) {
    it(`shows its whole placeholder at ${width} px`, async () => {
      const context = await newContext(browser, { width, height });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInWithTokens(page, user);
      await page.goto(`/maps/${mapId}`);
      const field = page.getByRole('searchbox', { name: 'Search locations' });
      await field.waitFor();
      await field.scrollIntoViewIfNeeded();
      await artifact(page, { path: path.join(ARTIFACTS, `locations-search-${width}.png`) });
      // The placeholder's width in the field's own font, against the room its padding (the icon, the key) leaves,
      // and where that room ends against where the "/" key begins.
      const fit = await field.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const roomEnds =
          input.getBoundingClientRect().left + input.clientLeft + input.clientWidth - parseFloat(style.paddingRight);
        const key = input.parentElement!.querySelector('.search__hint')!.getBoundingClientRect();
        return {
          placeholder: input.placeholder,
          text: context.measureText(input.placeholder).width,
          room,
          roomEnds,
          keyStarts: key.left,
        };
      });
      expect(fit.placeholder).toBe('Search locations');
      expect(fit.text, `"${fit.placeholder}" is cut in ${fit.room} px`).toBeLessThanOrEqual(fit.room);
      expect(fit.keyStarts, 'the "/" key covers the text').toBeGreaterThanOrEqual(fit.roomEnds);
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
