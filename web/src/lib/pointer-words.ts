/**
 * Instructions that name the press ("Click the map to add…") in the words of the device's primary pointer: "Tap" on a
 * touch screen (a phone, a tablet), "Click" with a mouse or a trackpad. Every such instruction is written once, for
 * a mouse, and goes through `pointerWords` (React: `usePointerWords`), so no wording is kept twice. An instruction that
 * differs by more than the verb (the editor's empty inspector, whose keys are for a keyboard attached on a touch
 * screen) is written twice and chosen by `usePrimaryPointerIsCoarse`.
 */
import { useSyncExternalStore } from 'react';

/** A device whose primary pointer is a finger; a laptop with a touch screen keeps its mouse's words. */
export const COARSE_POINTER = '(pointer: coarse)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(COARSE_POINTER)
    : null;
}

/** Whether the primary pointer is a finger now. */
export function primaryPointerIsCoarse(): boolean {
  return query()?.matches ?? false;
}

const TAP_ENDINGS: Record<string, string> = { '': '', s: 's', ed: 'ped', ing: 'ping' };

/**
 * `text` for the pointer: on a touch screen click, clicks, clicked and clicking (double-click too) become tap, taps,
 * tapped and tapping, a capital kept; with a mouse the text is unchanged.
 */
export function pointerWords(text: string, coarse = primaryPointerIsCoarse()): string {
  if (!coarse) return text;
  return text.replace(
    /\b([Cc])lick(s|ed|ing)?\b/g,
    (_, c: string, ending = '') => `${c === 'C' ? 'T' : 't'}ap${TAP_ENDINGS[ending as string]}`,
  );
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the primary pointer is a finger, following a change (a tablet's keyboard with a trackpad attached). */
export function usePrimaryPointerIsCoarse(): boolean {
  return useSyncExternalStore(subscribe, primaryPointerIsCoarse, () => false);
}

/** `pointerWords` bound to the pointer now, following a change. */
export function usePointerWords(): (text: string) => string {
  const coarse = usePrimaryPointerIsCoarse();
  return (text) => pointerWords(text, coarse);
}
