import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionAtom } from '../../state/session';
import { signedIn, signedOut } from '../../app/testing.fixtures';
import PricingPage from './PricingPage';

afterEach(cleanup);

function renderPage(session = signedOut) {
  const store = createStore();
  store.set(sessionAtom, session);
  render(
    <Provider store={store}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <PricingPage /> }])} />
    </Provider>,
  );
}

const card = (name: string) => screen.getByRole('article', { name });

describe('PricingPage', () => {
  it('shows annual prices first and monthly prices on the toggle', () => {
    renderPage();
    expect(within(card('Basic')).getByText('$8')).toBeTruthy();
    expect(within(card('Professional')).getByText('$24')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(within(card('Basic')).getByText('$10')).toBeTruthy();
    expect(within(card('Professional')).getByText('$28')).toBeTruthy();
  });

  it('shows the FAQ and the volume tiers', () => {
    renderPage();
    expect(screen.getByText('Can I cancel at any time?')).toBeTruthy();
    // The same rates the subscribe dialog and Stripe charge (shared/src/calls/billing.ts).
    expect(
      screen.getByText(/10% off from 10 maps, 15% off from 50 maps, 20% off from 100 maps, on every map/),
    ).toBeTruthy();
  });

  it('sends signed-out visitors to register and signed-in users to the subscribe dialog', () => {
    renderPage(signedOut);
    expect(within(card('Basic')).getByRole('link').getAttribute('href')).toBe('/register');
    cleanup();
    renderPage(signedIn);
    expect(within(card('Professional')).getByRole('link', { name: 'Choose Professional' }).getAttribute('href')).toBe(
      '/maps#subscribe',
    );
  });
});
