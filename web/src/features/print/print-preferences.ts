/**
 * The paper a map prints on: A4 or Letter, the browser's country's usual one at first, then what the author chose last
 * time in this browser (with the orientation), kept in localStorage.
 */
import type { Orientation } from './print-plan';

/** Paper sizes in millimetres, portrait; a sheet is the paper less its margins. */
export const PAPERS = { a4: { w: 210, h: 297, label: 'A4' }, letter: { w: 215.9, h: 279.4, label: 'Letter' } } as const;
export type Paper = keyof typeof PAPERS;

const KEY = 'mapnest:print';

/** Letter where it is the usual paper (the United States, Canada, Mexico and a few more), else A4. */
export function defaultPaper(language: string): Paper {
  return /-(US|CA|MX|PH|CL|CO|VE|GT|PR)$/i.test(language) ? 'letter' : 'a4';
}

/** Storage refused (a private window, a full quota) or a value not of ours: no preference, not a fault. */
const unavailable = (e: unknown) => e instanceof DOMException || e instanceof SyntaxError;

/** The paper and orientation chosen last time, those of them still valid. */
export function readPreferences(): { paper?: Paper; orientation?: Orientation } {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { paper?: unknown; orientation?: unknown } | null;
    return {
      ...(typeof saved?.paper === 'string' && saved.paper in PAPERS && { paper: saved.paper as Paper }),
      ...((saved?.orientation === 'landscape' || saved?.orientation === 'portrait') && {
        orientation: saved.orientation,
      }),
    };
  } catch (e) {
    if (unavailable(e)) return {};
    throw e;
  }
}

export function writePreferences(preferences: { paper: Paper; orientation: Orientation }): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(preferences));
  } catch (e) {
    if (!unavailable(e)) throw e;
  }
}
