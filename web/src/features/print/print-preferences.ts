/**
 * The paper a map prints on: A4 or Letter, the browser's country's usual one at first, then what the author chose last
 * time in this browser (with the orientation), kept in localStorage.
 */
import { readStored, writeStored } from '../../lib/local-store';
import type { Orientation } from './print-plan';

/** Paper sizes in millimetres, portrait; a sheet is the paper less its margins. */
export const PAPERS = { a4: { w: 210, h: 297, label: 'A4' }, letter: { w: 215.9, h: 279.4, label: 'Letter' } } as const;
export type Paper = keyof typeof PAPERS;

const KEY = 'mapnest:print';

/** Letter where it is the usual paper (the United States, Canada, Mexico and a few more), else A4. */
export function defaultPaper(language: string): Paper {
  return /-(US|CA|MX|PH|CL|CO|VE|GT|PR)$/i.test(language) ? 'letter' : 'a4';
}

/** The paper and orientation chosen last time, those of them still valid (none when what is kept is not of ours). */
export function readPreferences(): { paper?: Paper; orientation?: Orientation } {
  let saved: { paper?: unknown; orientation?: unknown } | null;
  try {
    saved = JSON.parse(readStored(KEY) ?? 'null') as typeof saved;
  } catch (e) {
    if (e instanceof SyntaxError) return {};
    throw e;
  }
  return {
    ...(typeof saved?.paper === 'string' && saved.paper in PAPERS && { paper: saved.paper as Paper }),
    ...((saved?.orientation === 'landscape' || saved?.orientation === 'portrait') && {
      orientation: saved.orientation,
    }),
  };
}

export function writePreferences(preferences: { paper: Paper; orientation: Orientation }): void {
  writeStored(KEY, JSON.stringify(preferences));
}
