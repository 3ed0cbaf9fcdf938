/**
 * Setup of the web project: Testing Library's `findBy…` and `waitFor` wait for a condition, and their default
 * limit of 1 s (5 s before this file, set by app/testing.fixtures.tsx only) is a timed assertion in disguise on a busy
 * 2-core machine: a page's first render imports its code-split modules, which took more than 5 s once with other work
 * running (MapsPage.test.tsx, "invites a user without maps to create the first one"). 20 s is a hang guard under the
 * project's 30 s test timeout, so a hang still fails with Testing Library's message and the DOM it saw.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 20_000 });

/**
 * No web test reaches a network. A request over HTTP that a test has not stubbed fails at once, as a request that
 * reached nothing does in a browser (a `TypeError`), instead of trying happy-dom's page origin (localhost:3000, where
 * nothing listens) and printing the refusal into the run; `data:` and `blob:` URLs still load. A test that wants an
 * answer stubs `fetch` (`vi.stubGlobal`), which replaces this until `vi.unstubAllGlobals()`.
 */
const pageFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, globalThis.location?.href ?? 'http://localhost:3000/');
  if (url.protocol === 'http:' || url.protocol === 'https:')
    return Promise.reject(new TypeError(`Failed to fetch: a web test has no network (${url.href})`));
  return pageFetch(input, init);
};
