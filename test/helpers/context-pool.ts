/**
 * Browser contexts handed out again once a test closes them, with their page kept open (docs/adr/105-context-pool.md).
 *
 * A page of its own costs Chromium about 1.1 s of CPU (a renderer process started, the app's scripts compiled
 * from nothing, the process torn down); loading the same page again in a page already open costs about 0.45 s. The
 * browser tests open some 300 contexts a run on two cores, so `launchBrowser` hands out contexts from this pool: a
 * test's `context.close()` resets the context and keeps it, with one page, for the next `newContext` of the same
 * file with the same options, and that context's first `newPage()` is the kept page. A context made in a test and
 * left open is closed when the test ends.
 *
 * A reused context must look new to the next test. The reset, in order: the test's listeners and routes removed,
 * other pages closed, the kept page taken offline and to about:blank (so the last page's unload handlers cannot
 * send a beacon or a save), its history cleared, then cookies, every origin's storage (local, session, IndexedDB,
 * caches, service workers) and the HTTP cache cleared, the viewport and the mouse put back. What a reset cannot
 * undo, a context that used it is closed for real, as before the pool: init scripts, exposed functions, extra
 * headers, permissions, geolocation, media emulation, a fake clock, changed timeouts, locator handlers, CDP
 * sessions. A reset that fails closes the context for real too. One difference stays, said in the ADR: a kept
 * page's history starts at about:blank, so `history.length` starts at 2, not 1.
 */
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';

/** Context methods whose effect outlives a reset. */
const CONTEXT_LASTING = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'setExtraHTTPHeaders',
  'setGeolocation',
  'grantPermissions',
  'clearPermissions',
  'setHTTPCredentials',
  'newCDPSession',
  'routeFromHAR',
  'routeWebSocket',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
] as const;

/** Page methods whose effect outlives a reset. */
const PAGE_LASTING = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'setExtraHTTPHeaders',
  'routeFromHAR',
  'routeWebSocket',
  'emulateMedia',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'addLocatorHandler',
] as const;

/** Events Playwright itself listens to on a page or a context: a reset keeps their listeners. */
const OWN_EVENTS = new Set(['close', 'crash']);

interface Lease {
  readonly key: string;
  readonly options: BrowserContextOptions;
  /** Whether the context is handed out now (false while it waits in the pool). */
  out: boolean;
  /** Whether the test used something a reset cannot undo. */
  lasting: boolean;
  /** The page kept over a reset, handed out by the context's next first `newPage()`. */
  kept?: Page;
  /** A CDP session of the kept page, for what Playwright does not offer (history, storage of every kind, cache). */
  cdp?: { page: Page; session: CDPSession };
  /** `context.newCDPSession` as Playwright has it (the context's own is wrapped to mark the lease). */
  readonly newCDPSession: (page: Page) => Promise<CDPSession>;
  /** Origins the context's pages and frames loaded, whose storage a reset clears. */
  readonly origins: Set<string>;
}

/**
 * Makes `browser.newContext` take contexts from a pool of this browser's own. `prepare` runs on each context made
 * (the requests count of `settled`), again after each reset since the reset removes listeners.
 */
export function poolContexts(browser: Browser, prepare: (context: BrowserContext) => void): void {
  const open = browser.newContext.bind(browser);
  const idle = new Map<string, BrowserContext[]>();
  const leases = new WeakMap<BrowserContext, Lease>();

  browser.newContext = async (options: BrowserContextOptions = {}) => {
    const key = JSON.stringify(options);
    const reused = idle.get(key)?.pop();
    if (reused) {
      leases.get(reused)!.out = true;
      releaseAfterTest(reused);
      return reused;
    }
    const context = await open(options);
    const lease: Lease = {
      key,
      options,
      out: true,
      lasting: false,
      origins: new Set(),
      newCDPSession: context.newCDPSession.bind(context),
    };
    leases.set(context, lease);
    watch(context, lease);
    prepare(context);
    releaseAfterTest(context);
    return context;
  };

  /**
   * A context made during a test and still open when the test ends is closed then (so back in the pool), instead of
   * staying open with its page, timers and polling until the file ends. One made in `beforeAll` is the file's.
   */
  function releaseAfterTest(context: BrowserContext): void {
    try {
      // A browser already gone (the test timed out, Chromium crashed) has nothing left to close: the test's own
      // result says what went wrong, not this clean-up.
      onTestFinished(() => context.close().catch(() => undefined));
    } catch {
      // Not inside a test: the file closes it (or the browser's close does).
    }
  }

  function watch(context: BrowserContext, lease: Lease): void {
    markLasting(context, CONTEXT_LASTING, lease);
    markLasting(context.clock, clockMethods(context.clock), lease);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => {
      const kept = lease.kept;
      lease.kept = undefined;
      if (kept && !kept.isClosed()) return kept;
      const page = await newPage();
      markLasting(page, PAGE_LASTING, lease);
      return page;
    };
    const close = context.close.bind(context);
    context.close = async (options) => {
      if (!lease.out) return; // closed twice: it is already back in the pool
      lease.out = false;
      if (!lease.lasting && (await reset(context, lease))) {
        const list = idle.get(lease.key) ?? [];
        list.push(context);
        idle.set(lease.key, list);
        return;
      }
      await close(options);
    };
    context.on('close', () => {
      lease.out = false;
      lease.lasting = true;
      const list = idle.get(lease.key);
      if (list?.includes(context)) list.splice(list.indexOf(context), 1);
    });
    remember(context, lease);
  }

  /** Notes each origin a document of the context is loaded from (frames of other origins included). */
  function remember(context: BrowserContext, lease: Lease): void {
    context.on('request', (request) => {
      if (request.resourceType() !== 'document') return;
      const origin = new URL(request.url()).origin;
      if (origin.startsWith('http')) lease.origins.add(origin);
    });
  }

  /** Makes the context look new; false when it cannot (then it is closed for real). */
  async function reset(context: BrowserContext, lease: Lease): Promise<boolean> {
    try {
      removeTestListeners(context);
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      const pages = context.pages();
      const page = pages.find((p) => !p.isClosed());
      for (const other of pages) if (other !== page) await other.close();
      if (page) {
        removeTestListeners(page);
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        // Offline, so that what the last page does as it unloads (a beacon, a save) reaches nobody, as when a
        // context is closed; a dialog it opens (beforeunload) is accepted.
        await context.setOffline(true);
        page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
        await page.goto('about:blank');
        page.removeAllListeners('dialog');
        if (lease.cdp?.page !== page) lease.cdp = { page, session: await lease.newCDPSession(page) };
        await lease.cdp.session.send('Page.resetNavigationHistory');
        if (lease.options.viewport !== null) {
          await page.setViewportSize(lease.options.viewport ?? { width: 1280, height: 720 });
        }
        await page.mouse.move(0, 0);
        lease.kept = page;
      }
      await context.setOffline(false);
      await context.clearCookies();
      // Without a page there is no session to clear storage through: such a context is closed for real.
      if (!page || !lease.cdp) return false;
      for (const origin of lease.origins) {
        await lease.cdp.session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      }
      await lease.cdp.session.send('Network.clearBrowserCache');
      lease.origins.clear();
      remember(context, lease);
      prepare(context);
      return true;
    } catch {
      return false;
    }
  }

  /** Wraps an object's methods so that calling one marks the lease as not resettable. */
  function markLasting<T extends object>(target: T, names: readonly string[], lease: Lease): void {
    const methods = target as unknown as Record<string, unknown>;
    for (const name of names) {
      const method = methods[name];
      if (typeof method !== 'function') continue;
      methods[name] = (...args: unknown[]) => {
        lease.lasting = true;
        return (method as (...a: unknown[]) => unknown).apply(target, args);
      };
    }
  }
}

/** Removes the listeners of every event but those Playwright itself needs (a page's close, its crash). */
function removeTestListeners(target: Page | BrowserContext): void {
  // Playwright's objects are Node event emitters; its types leave out `eventNames`.
  const names = (target as unknown as { eventNames(): (string | symbol)[] }).eventNames();
  for (const name of names) {
    if (typeof name === 'string' && !OWN_EVENTS.has(name)) target.removeAllListeners(name);
  }
}

/** The methods of a Playwright clock (install, setFixedTime, runFor, …): any of them fakes the page's time. */
function clockMethods(clock: object): string[] {
  const proto = Object.getPrototypeOf(clock) as object;
  return Object.getOwnPropertyNames(proto).filter((name) => name !== 'constructor');
}
