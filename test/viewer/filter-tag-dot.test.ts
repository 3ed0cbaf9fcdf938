/**
 * A pressed filter tag is drawn on the primary colour; its group's colour dot keeps a ring in the tag's text colour,
 * so a dot of the primary colour (the site plan's green "Available" on its green primary) is still seen. Checked on the
 * example site plan as published (a dark primary), and on copies of it and of the demo with a light and a dark
 * primary equal to every group's colour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MapDocument } from '@mapnest/shared/map-document';
import { contrastRatio } from '@mapnest/shared/contrast';
import { EXAMPLE_MAPS } from '@mapnest/shared/demo-maps';
import { collectErrors, cssHex, launchBrowser, newContext } from '../helpers/browser';
import { baseUrl, createPublishedMap, createUser } from '../helpers/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => browser?.close());

const published = async (id: string) =>
  ((await (await fetch(`${baseUrl()}/data/maps/${id}.json`)).json()) as { document: MapDocument }).document;

/** A copy of map `id` whose primary colour and every group's colour are `colour`. */
async function recoloured(id: string, colour: string): Promise<string> {
  // A free account holds two test maps: a user of its own for each.
  const user = await createUser();
  const doc = await published(id);
  doc.settings.primaryColor = colour;
  doc.groups = doc.groups.map((g) => ({ ...g, color: colour }));
  return createPublishedMap({ title: `Tags on ${colour}`, mapData: doc }, user);
}

/** Opens map `id`'s filters, presses its first tag, and reads the tag's colours and its dot's ring. */
async function pressedTag(page: Page, id: string) {
  await page.goto(`/m/${id}`);
  const toggle = page.locator('.mn-directory button[aria-controls^="mn-filters"]');
  await toggle.click();
  const tag = page.locator('.mn-tag').first();
  await tag.click();
  await expect.poll(() => tag.getAttribute('aria-pressed')).toBe('true');
  return tag.evaluate((el) => {
    const dot = el.querySelector('.mn-tag-dot')!;
    const chip = getComputedStyle(el);
    return {
      text: chip.color,
      background: chip.backgroundColor,
      dot: getComputedStyle(dot).backgroundColor,
      ring: getComputedStyle(dot).boxShadow,
    };
  });
}

describe('a pressed filter tag', () => {
  it('rings its colour dot in the tag’s text colour, on a light and a dark primary', async () => {
    const maps = [
      EXAMPLE_MAPS.realEstate.id,
      await recoloured(EXAMPLE_MAPS.realEstate.id, '#fde047'),
      await recoloured('demo', '#1e3a8a'),
      await recoloured('demo', '#fde047'),
    ];
    const page = await (await newContext(browser)).newPage();
    const errors = collectErrors(page);
    for (const id of maps) {
      const seen = await pressedTag(page, id);
      // The ring is the tag's text colour, 2 px wide, and reads against the tag as its text does.
      expect(seen.ring, id).toContain(seen.text);
      expect(seen.ring, id).toMatch(/ 0px 0px 0px 2px$/);
      expect(contrastRatio(cssHex(seen.text), cssHex(seen.background))!, id).toBeGreaterThanOrEqual(3);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
