import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Outlet, type RouteObject } from 'react-router';
import { MESSAGES } from '@mapnest/shared/errors';
import { dataLayerSink, setAnalyticsSink, type AnalyticsEvent } from '../lib/analytics';
import { DEMO_MAP_ID } from '../state/config';
import { sessionAtom } from '../state/session';
import { FOOTER_COLUMNS } from './layout/Footer';
import { forgetServiceStatus, serviceStatus } from './layout/service-status';
import { lazyPage } from '../components/lazy-page';
import { RootLayout } from './RootLayout';
import { layoutRoutes } from './routes';
import { RouteErrorPage } from './RouteErrorPage';
import { renderRoutes, signedIn, signedOut } from './testing.fixtures';

const LANDING_TITLE = 'Custom interactive maps for your business';

/** The app's tree with extra pages inside the root layout, the way features add theirs. */
function withPages(extra: RouteObject[]): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootLayout,
      errorElement: <RouteErrorPage />,
      children: [{ errorElement: <RouteErrorPage />, children: [...extra, ...layoutRoutes] }],
    },
  ];
}

function Boom(): never {
  throw new Error('kaboom');
}

let events: AnalyticsEvent[];

beforeEach(() => {
  events = [];
  setAnalyticsSink((e) => events.push(e));
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
  setAnalyticsSink(dataLayerSink);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('landing page', () => {
  it('is titled and headed "Custom interactive maps for your business"', async () => {
    renderRoutes('/');
    expect(await screen.findByRole('heading', { level: 1, name: LANDING_TITLE })).toBeTruthy();
    expect(document.title).toBe(`${LANDING_TITLE} - Mapnest`);
  });

  it('shows the free-access banner to signed-out visitors, linking to /register', async () => {
    renderRoutes('/', { session: signedOut });
    const banner = await screen.findByRole('link', { name: 'Get free access with your Envato Purchase Code.' });
    expect(banner.getAttribute('href')).toBe('/register');
    // The sign-up form has no code field: the page says where the code goes.
    fireEvent.click(banner);
    expect(
      await screen.findByText(
        'Have an Envato purchase code? Create your account, then register the code on a map (Register license, in its card’s menu): that map goes live on Basic for 6 months without a subscription.',
      ),
    ).toBeTruthy();
  });

  it('hides the banner from signed-in users', async () => {
    renderRoutes('/', { session: signedIn });
    await screen.findByRole('heading', { level: 1, name: LANDING_TITLE });
    expect(screen.queryByText('Get free access with your Envato Purchase Code.')).toBeNull();
  });

  it('promises of drafts and the version history what they do: a save is seen once published, and only what is kept is kept', async () => {
    renderRoutes('/', { session: signedOut });
    const feature = (await screen.findByRole('heading', { level: 3, name: 'Drafts and version history' }))
      .parentElement!;
    expect(feature.textContent).toContain(
      'Edits are saved as a draft that visitors see only when you publish. Every save is a version: the newest 50 are kept, then one an hour for a day and one a day for 30 days, and the ones you name or publish for good. Preview any of them and restore it into the draft.',
    );
    expect(feature.textContent).not.toContain('Every save is kept');
    // A save is not live (ADR 018): no page says an edit goes live by itself.
    const page = document.body.textContent!;
    expect(page).not.toMatch(/every later edit goes live|edit a map once and every page/i);
    expect(page).toContain('Every change you publish later goes live without touching the page again.');
  });

  it('shows the banner on / only', async () => {
    renderRoutes('/pricing', { session: signedOut });
    await screen.findByRole('heading', { level: 1, name: 'Simple pricing per map' });
    expect(screen.queryByText('Get free access with your Envato Purchase Code.')).toBeNull();
  });
});

describe('header', () => {
  it('offers Pricing, Contact, Login and Sign up when signed out, and no Maps', async () => {
    renderRoutes('/', { session: signedOut });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Pricing', '/pricing'],
      ['Contact', '/contact'],
      ['Login', '/login'],
      ['Sign up', '/register'],
    ]);
  });

  it('offers Maps and a settings link to #settings when signed in', async () => {
    renderRoutes('/pricing', { session: signedIn });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Maps' }).getAttribute('href')).toBe('/maps');
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/pricing#settings');
    expect(within(nav).queryByRole('link', { name: 'Login' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Sign up' })).toBeNull();
  });

  it('shows the user’s photo as the settings link once they have one, named with their name', async () => {
    const { store } = renderRoutes('/pricing', {
      session: { ...signedIn, user: { ...signedIn.user!, displayName: 'Ada Lovelace', photoURL: null } },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Settings' }).querySelector('img')).toBeNull();
    // The Profile tab's upload puts the new photo in the session: the header follows at once.
    const photoURL = '/files/user-1/.avatar.png?v=abc';
    act(() => store.set(sessionAtom, (s) => ({ ...s, user: { ...s.user!, photoURL } })));
    const link = within(nav).getByRole('link', { name: 'Settings for Ada Lovelace' });
    expect(link.getAttribute('href')).toBe('/pricing#settings');
    expect(link.querySelector('img')!.getAttribute('src')).toBe(photoURL);
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it('marks the current section', async () => {
    renderRoutes('/pricing');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const pricing = within(nav).getByRole('link', { name: 'Pricing' });
    expect(pricing.getAttribute('aria-current')).toBe('page');
    expect(pricing.className).toContain('is-current');
    expect(within(nav).getByRole('link', { name: 'Contact' }).getAttribute('aria-current')).toBeNull();
  });

  it('hides the nav on pages whose route asks for it', async () => {
    renderRoutes('/login', {
      routes: withPages([{ path: 'login', handle: { title: 'Login', hideNav: true }, element: <h1>Login</h1> }]),
    });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Mapnest home' })).toBeTruthy();
  });

  it('opens the mobile menu with its toggle and closes it on navigation', async () => {
    const { router } = renderRoutes('/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Main' }).className).toContain('is-open');
    await act(() => router.navigate('/nowhere'));
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the mobile menu with Escape and gives focus back to its toggle', async () => {
    renderRoutes('/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    act(() => toggle.click());
    act(() =>
      within(screen.getByRole('navigation', { name: 'Main' }))
        .getByRole('link', { name: 'Pricing' })
        .focus(),
    );
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});

describe('footer', () => {
  /** GET /api/health?shared answers `status` (a number), or reaches nothing (null). */
  const health = (status: number | null) => {
    forgetServiceStatus();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url !== '/api/health?shared') throw new TypeError(`unexpected ${url}`);
        if (status === null) throw new TypeError('Failed to fetch');
        return Response.json({ status: status === 200 ? 'ok' : 'unavailable' }, { status });
      }),
    );
  };
  afterEach(() => vi.unstubAllGlobals());

  it('says the service works only when its health says so, and nothing while that is not known', async () => {
    health(503);
    renderRoutes('/');
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText('Some of Mapnest is not working right now. We are on it.')).toBeTruthy();
    expect(within(footer).queryByText('All systems operational.')).toBeNull();
    cleanup();
    health(null);
    renderRoutes('/pricing');
    await screen.findByRole('heading', { level: 1, name: 'Simple pricing per map' });
    await act(() => serviceStatus());
    expect(within(screen.getByRole('contentinfo')).queryByText(/operational|not working/)).toBeNull();
  });

  it('is extended on the landing page with its five columns, status line and social links', async () => {
    health(200);
    renderRoutes('/');
    const footer = await screen.findByRole('contentinfo');
    const columns = within(footer).getByRole('navigation', { name: 'Footer' });
    expect(
      within(columns)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Examples', 'Legal', 'Company', 'Platform']);
    expect(
      within(columns)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Pricing',
      'Documentation',
      'Real estate',
      'Retail',
      'Geographic',
      'Wayfinding',
      'Privacy Policy',
      'Terms & Conditions',
      'Service Agreement',
      'Contact',
      'Custom Work',
      'Login',
      'Register',
      'Reset password',
    ]);
    expect(await within(footer).findByText('All systems operational.')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Mapnest on YouTube' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Mapnest on X' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Mapnest on LinkedIn' })).toBeTruthy();
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Mapnest. All rights reserved.`)).toBeTruthy();
  });

  it.each([
    ['/pricing', 'Simple pricing per map'],
    ['/estimate', 'We build the map, you publish it'],
    ['/contact', 'Talk to the Mapnest team'],
    ['/case-study/real-estate', 'Show every lot, unit and floor at a glance'],
    ['/case-study/retail', 'A mall directory shoppers actually use'],
    ['/case-study/geographic', 'Clickable regions for networks, offices and data'],
    ['/wayfinding', 'Directions inside your buildings'],
    ['/terms', 'Terms & Conditions'],
    ['/privacy', 'Privacy Policy'],
    ['/agreement', 'Service Agreement'],
  ])('is extended on %s', async (path, heading) => {
    renderRoutes(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeTruthy();
  });

  it.each([
    ['/case-study/real-estate', 'Show every lot, unit and floor at a glance', '/maps/examplerealestate'],
    ['/case-study/retail', 'A mall directory shoppers actually use', '/maps/exampleretail'],
    ['/case-study/geographic', 'Clickable regions for networks, offices and data', '/maps/examplegeographic'],
  ])('offers on %s a live demo of its own example', async (path, heading, demo) => {
    renderRoutes(path);
    await screen.findByRole('heading', { level: 1, name: heading });
    expect(screen.getByRole('link', { name: 'See a live demo' }).getAttribute('href')).toBe(demo);
  });

  it('is short elsewhere: Privacy and Terms links and the copyright', async () => {
    renderRoutes('/no-such-page');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).queryByRole('navigation', { name: 'Footer' })).toBeNull();
    expect(
      within(footer)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
    ]);
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Mapnest. All rights reserved.`)).toBeTruthy();
  });

  it('links every column entry to a route', () => {
    const targets = FOOTER_COLUMNS.flatMap((c) => c.links.map((l) => l.to));
    expect(targets).toEqual([
      '/pricing',
      '/docs',
      '/case-study/real-estate',
      '/case-study/retail',
      '/case-study/geographic',
      '/wayfinding',
      '/privacy',
      '/terms',
      '/agreement',
      '/contact',
      '/estimate',
      '/login',
      '/register',
      '/reset',
    ]);
  });
});

describe('not-found screen', () => {
  it('shows the 404 screen for an unknown path', async () => {
    renderRoutes('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeTruthy();
    expect(screen.getByText("The page you're looking for could not be found.")).toBeTruthy();
    expect(screen.getByText('404 error')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Not Found - Mapnest');
    // A crawler that runs the page is told not to index it; the next page is indexable again.
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    // Nothing near /no/such/page to suggest.
    expect(screen.queryByText(/Did you mean/)).toBeNull();
    cleanup();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('suggests the page a mistyped address most likely meant', async () => {
    renderRoutes('/pricng');
    await screen.findByRole('heading', { level: 1, name: 'Not Found' });
    expect(screen.getByRole('link', { name: '/pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByText(/Did you mean/).textContent).toBe('Did you mean /pricing?');
  });
});

describe('route errors', () => {
  it("shows 'Oups. Something happened.' inside the layout and reports the error", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes('/broken', { routes: withPages([{ path: 'broken', element: <Boom /> }]) });
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.routeError })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    await vi.waitFor(() =>
      expect(events).toContainEqual({ type: 'error', message: 'kaboom', where: 'route', path: expect.any(String) }),
    );
    expect(consoleError).toHaveBeenCalledWith('[route]', expect.objectContaining({ message: 'kaboom' }));
  });

  it('shows the error screen when a page fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const routes = withPages([
      {
        path: 'chunk',
        ...lazyPage(() =>
          Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Chunk-abc.js')),
        ),
      },
    ]);
    renderRoutes('/chunk', { routes });
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.routeError })).toBeTruthy();
    await vi.waitFor(() =>
      expect(events.find((e) => e.type === 'error')).toMatchObject({
        message: expect.stringContaining('Failed to fetch dynamically imported module'),
      }),
    );
  });
});

describe('page views, scroll and focus', () => {
  it('sends a page view with the page title as the path on each path change, not on hash changes', async () => {
    const { router } = renderRoutes('/');
    await screen.findByRole('heading', { level: 1, name: LANDING_TITLE });
    await act(() => router.navigate('/pricing'));
    await screen.findByRole('heading', { level: 1, name: 'Simple pricing per map' });
    await act(() => router.navigate('/pricing#settings'));
    await act(() => router.navigate('/pricing?x=1'));
    expect(events).toEqual([
      { type: 'page_view', path: `${LANDING_TITLE} - Mapnest` },
      { type: 'page_view', path: 'Pricing - Mapnest' },
    ]);
    expect(document.title).toBe('Pricing - Mapnest');
  });

  it('scrolls to the top 200 ms after a path change and moves focus to the main landmark', async () => {
    const { router } = renderRoutes('/');
    await screen.findByRole('heading', { level: 1, name: LANDING_TITLE });
    vi.useFakeTimers();
    vi.advanceTimersByTime(1000);
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/elsewhere'));
    expect(screen.getByRole('heading', { level: 1, name: 'Not Found' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('main'));
    act(() => vi.advanceTimersByTime(199));
    expect(window.scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });

  it('keeps a page mounted across its nested paths while still counting each path', async () => {
    const routes = withPages([
      {
        path: 'things/:id',
        handle: { title: 'Thing' },
        element: (
          <section>
            <h1>Thing</h1>
            <input aria-label="Draft" />
            <Outlet />
          </section>
        ),
        children: [
          { index: true, element: <p>Overview</p> },
          { path: 'history', element: <p>History</p> },
        ],
      },
    ]);
    const { router } = renderRoutes('/things/a', { routes });
    const draft = (await screen.findByRole('textbox', { name: 'Draft' })) as HTMLInputElement;
    draft.focus();
    await act(() => router.navigate('/things/a/history'));
    expect(screen.getByText('History')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Draft' })).toBe(draft);
    expect(document.activeElement).toBe(draft);
    expect(events.filter((e) => e.type === 'page_view')).toHaveLength(2);
    await act(() => router.navigate('/things/b'));
    expect(screen.getByRole('textbox', { name: 'Draft' })).not.toBe(draft);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('fades the page in over 0.2 s', async () => {
    renderRoutes('/');
    await screen.findByRole('heading', { level: 1, name: LANDING_TITLE });
    const page = screen.getByRole('main').firstElementChild as HTMLElement;
    expect(page.className).toContain('fade-in');
    expect(page.style.getPropertyValue('--fade-duration')).toBe('0.2s');
  });

  it('has a skip link to the main landmark', async () => {
    renderRoutes('/');
    const skip = await screen.findByRole('link', { name: 'Skip to content' });
    expect(skip.getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
  });
});

describe('redirects', () => {
  it(`sends /demo to /maps/${DEMO_MAP_ID}`, { timeout: 30_000 }, async () => {
    const { router } = renderRoutes('/demo');
    // The router moves once the target route's lazy module (the whole map page) has loaded: allow for that.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/maps/${DEMO_MAP_ID}`), { timeout: 20_000 });
  });

  it('sends the addresses people guess for signing up and in to /register and /login, with their query', async () => {
    for (const [from, to] of [
      ['/signup?next=%2Fpricing', '/register?next=%2Fpricing'],
      ['/sign-up', '/register'],
      ['/signin', '/login'],
      ['/sign-in', '/login'],
    ] as const) {
      const { router, unmount } = renderRoutes(from);
      await vi.waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(to), {
        timeout: 20_000,
      });
      unmount();
    }
  });

  it('sends /settings, /account and /billing to the settings dialog over the maps, through the login when signed out', async () => {
    for (const [from, to] of [
      ['/settings', '/login?next=%2Fmaps%23settings'],
      ['/account', '/login?next=%2Fmaps%23settings'],
      ['/billing', '/login?next=%2Fmaps%23settings%2FPlan'],
    ] as const) {
      const { router, unmount } = renderRoutes(from);
      await vi.waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(to), {
        timeout: 20_000,
      });
      unmount();
    }
  });
});
