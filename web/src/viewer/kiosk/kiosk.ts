/**
 * Kiosk mode, loaded only for kiosk maps and embeds (../on-demand.ts `attachKiosk`): the idle watch (./idle.ts) and
 * the on-screen keyboard (./keyboard.ts), which the start over hides.
 */
import type { ViewerText } from '../i18n/messages';
import { watchIdle, type IdleClock } from './idle';
import { attachKeyboard } from './keyboard';

/** Starts kiosk mode in the viewer's root `root`; answers how to stop it. */
export function startKiosk(
  root: HTMLElement,
  text: ViewerText,
  startOver: () => void,
  clock?: IdleClock,
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
  return {
    stop() {
      watch.stop();
      keyboard.stop();
    },
  };
}
