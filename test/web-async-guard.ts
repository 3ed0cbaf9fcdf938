/**
 * Setup of the web project: Testing Library's `findBy…` and `waitFor` wait for a condition, and their default
 * limit of 1 s (5 s before this file, set by app/testing.fixtures.tsx only) is a timed assertion in disguise on a busy
 * 2-core machine: a page's first render imports its code-split modules, which took more than 5 s once with other work
 * running (MapsPage.test.tsx, "invites a user without maps to create the first one"). 20 s is a hang guard under the
 * project's 30 s test timeout, so a hang still fails with Testing Library's message and the DOM it saw.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 20_000 });
