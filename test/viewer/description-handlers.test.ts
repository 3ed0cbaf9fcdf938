/**
 * A description an author pasted with event handler attributes (`<img src=x onerror=…>`, `<p onclick=…>`), opened by
 * a visitor: nothing runs, and the visitor's console stays clean (no Content-Security-Policy violation is logged or
 * reported while the description is sanitised); the image whose source was refused leaves no empty box.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { artifact, collectErrors, launchBrowser, newContext, settled } from '../helpers/browser';
import { documentWith } from '../helpers/documents';
import { createPublishedMap, createUser } from '../helpers/stack';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('a description with event handler attributes', () => {
  it('opens with its text, without the refused image, and logs no console error', async () => {
    const user = await createUser({ name: 'Handlers' });
    const doc = documentWith(1, { title: 'Starbucks' });
    doc.locations[0]!.desc =
      '<p onclick="alert(\'x\')">Open early.</p><script>alert(1)</script>' +
      '<img src="x" onerror="alert(1)"><svg onload="alert(2)"></svg><p>Oat milk <b ONMOUSEOVER=alert(3)>too</b>.</p>';
    const id = await createPublishedMap({ title: 'Handlers', mapData: doc }, user);

    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective}: ${e.sample}`));
    });
    await page.goto(`/m/${id}`);
    await page.locator('.mn-directory').getByText('Starbucks 0', { exact: true }).click();
    const desc = page.locator('.mn-details .mn-details-desc');
    await desc.getByText('Open early.').waitFor();
    await settled(page);
    await artifact(page, { path: '.test-artifacts/description-handlers.png' });

    expect(await desc.innerHTML()).toBe('<p>Open early.</p><p>Oat milk <b>too</b>.</p>');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
