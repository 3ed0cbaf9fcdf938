/**
 * One billing story (ADR 019): the pricing page, its FAQ and the terms quote the licence rule in both its halves and
 * the prices from the one source, and the numbers in those words are the ones the server enforces.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { licenseEndsAt } from '@mapnest/shared/billing';
import { BILLING_TEXTS, LICENSE_STORY, priceLabel } from '@mapnest/shared/billing-texts';
import { LICENSE_BASIC_MONTHS, PRICES } from '@mapnest/shared/constants';
import { sessionAtom } from '../../state/session';
import { signedOut } from '../../app/testing.fixtures';
import { PRICING_FAQ } from '../../features/billing/plans';
import LandingPage from '../landing/LandingPage';
import TermsPage from '../legal/TermsPage';
import PricingPage from './PricingPage';

afterEach(cleanup);

function renderAt(element: React.ReactElement) {
  const store = createStore();
  store.set(sessionAtom, signedOut);
  render(
    <Provider store={store}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element }])} />
    </Provider>,
  );
  return document.body.textContent ?? '';
}

describe('one billing story', () => {
  it('tells both halves of the licence rule on the pricing page, in its FAQ and in the terms', () => {
    const pricing = renderAt(<PricingPage />);
    for (const sentence of [BILLING_TEXTS.licenseRule, BILLING_TEXTS.goLiveWays, BILLING_TEXTS.licenseEnd])
      expect(pricing).toContain(sentence);
    const why = PRICING_FAQ.find((q) => q.question === 'Why do I need a license?')!.answer;
    for (const sentence of LICENSE_STORY) expect(why).toContain(sentence);
    cleanup();
    const terms = renderAt(<TermsPage />);
    for (const sentence of LICENSE_STORY) expect(terms).toContain(sentence);
  });

  it('says on the landing page and in the pricing hero that the price is not all: each map needs its license', () => {
    const landing = renderAt(<LandingPage />);
    expect(landing).toContain(BILLING_TEXTS.licenseRule);
    expect(landing).not.toMatch(/nothing else/i);
    cleanup();
    // Slots are paid whether or not a map is published, and the license is bought apart: no 'pay only for …'.
    expect(renderAt(<PricingPage />)).not.toMatch(/pay only for/i);
  });

  it('quotes the prices and the licence months the server uses', () => {
    renderAt(<PricingPage />);
    for (const plan of ['basic', 'pro'] as const)
      expect(screen.getAllByText(priceLabel(plan, 'yearly')).length).toBeGreaterThan(0);
    expect(priceLabel('basic', 'monthly')).toBe(`$${PRICES.basic.monthly}`);
    // The months in the words are the months a registration gives (the server's licenseEndsAt).
    const end = new Date(licenseEndsAt('2026-01-15T00:00:00.000Z'));
    expect(end.getUTCMonth() - 0).toBe(LICENSE_BASIC_MONTHS);
    expect(BILLING_TEXTS.licenseRule).toContain(`${LICENSE_BASIC_MONTHS} months of Basic`);
    expect(BILLING_TEXTS.goLiveWays).toContain(`${LICENSE_BASIC_MONTHS} months`);
  });
});
