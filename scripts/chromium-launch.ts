/**
 * How the browser tests and the bench start Chromium: the browser `scripts/chromium.mjs` provided (it runs
 * `npm test` and `npm run bench` with CHROMIUM_PATH set), else Debian's, with the project's one set of flags.
 */
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumExecutable(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS, ...options });
}
