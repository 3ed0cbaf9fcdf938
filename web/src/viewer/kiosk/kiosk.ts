/**
 * Kiosk mode, loaded only for kiosk maps and embeds (../on-demand.ts `attachKiosk`): the idle watch (./idle.ts) and
 * the on-screen keyboard (./keyboard.ts), which the start over hides; and, for a kiosk left on for days, its host's
 * `rest` every KIOSK_REST_MS while it is at rest (the embed page's look for a newer publication,
 * ../../embed/embed-app.ts), so that nobody is in the middle of the map when it changes.
 */
import type { ViewerText } from '../i18n/messages';
import { pageClock, watchIdle, type IdleClock } from './idle';
import { attachKeyboard } from './keyboard';

/** How often a kiosk at rest (started over, no one there since) calls its `rest`: every 5 minutes. */
export const KIOSK_REST_MS = 300_000;

/** Starts kiosk mode in the viewer's root `root`; answers how to stop it. */
export function startKiosk(
  root: HTMLElement,
  text: ViewerText,
  startOver: () => void,
  rest?: () => void,
  clock: IdleClock = pageClock,
): { stop(): void } {
  const keyboard = attachKeyboard(root, text);
  const watch = watchIdle(
    root,
    text,
    () => {
      keyboard.close();
      startOver();
    },
    clock,
  );
  let look: unknown;
  const next = (): void => {
    look = clock.setTimeout(() => {
      if (watch.timer.idle) rest!();
      next();
    }, KIOSK_REST_MS);
  };
  if (rest) next();
  return {
    stop() {
      clock.clearTimeout(look);
      watch.stop();
      keyboard.stop();
    },
  };
}
