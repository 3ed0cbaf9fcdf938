/**
 * Publishing or unpublishing from the Publish dialog, and what came of it. An answer that is lost (the call may have
 * been done) is never taken for a failure: the map is read again, and while it cannot be read the outcome is "not
 * confirmed" and the dialog reads it again every few seconds until it can say what visitors see.
 */
import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@mapnest/shared/errors';
import type { MapSummary } from '@mapnest/shared/maps';
import { call } from '../../../lib/api';
import { describeError, outcomeUnknown, publicCopyOwed } from '../../maps/map-errors';
import { useEditor } from '../editor-context';

/** How often a release whose outcome is not confirmed is looked for again while the dialog is open. */
export const RECHECK_MS = 5000;

/** The map as the server has it now, or null when it cannot be read either. */
async function rereadMap(mapId: string): Promise<MapSummary | null> {
  try {
    return (await call('getMap', { id: mapId })).map;
  } catch {
    return null;
  }
}

/** 'unknown': the answer was lost and the map could not be read since; `happened` and `done` settle it later. */
export type Outcome =
  | { tone: 'done' | 'error'; text: string }
  | { tone: 'unknown'; text: string; happened: (map: MapSummary) => boolean; done: string };

/**
 * Publishing or unpublishing, and what came of it. When the answer is lost (the call may have been done), the map is
 * read again and `happened` says whether it was; only then is anything said. The outcome takes keyboard focus: the
 * button pressed may become disabled ('No changes to publish'), and focus must stay in the dialog (Escape closes it).
 */
export function useReleaseAction() {
  const { mapId, setMap, reloadHistory } = useEditor();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) message.current?.focus();
  }, [outcome]);
  /** The map read after a lost answer: in the editor, and the outcome said from it. */
  const settle = (map: MapSummary, happened: (map: MapSummary) => boolean, done: string) => {
    setMap(map);
    void reloadHistory().catch(() => undefined);
    setOutcome(happened(map) ? { tone: 'done', text: done } : { tone: 'error', text: MESSAGES.unavailable });
  };
  useUntilConfirmed(outcome, mapId, settle);
  const act = async (
    work: () => Promise<{ map: MapSummary }>,
    done: string,
    happened: (map: MapSummary) => boolean,
  ) => {
    setBusy(true);
    setOutcome(null);
    try {
      let map: MapSummary;
      try {
        map = (await work()).map;
      } catch (err) {
        if (publicCopyOwed(err)) {
          // Done, its public copy owed: the map as it is now, and what visitors see meanwhile.
          const now = await rereadMap(mapId);
          if (now) setMap(now);
          void reloadHistory().catch(() => undefined);
          setOutcome({ tone: 'error', text: err.message });
          return;
        }
        if (!outcomeUnknown(err)) throw err;
        const now = await rereadMap(mapId);
        if (now) settle(now, happened, done);
        else setOutcome({ tone: 'unknown', text: MESSAGES.releaseOutcomeUnknown, happened, done });
        return;
      }
      setMap(map);
      void reloadHistory().catch(() => undefined);
      // Said in the dialog, which stays open and takes the focus with it; a toast under it would say it twice.
      setOutcome({ tone: 'done', text: done });
    } catch (err) {
      setOutcome({ tone: 'error', text: describeError(err) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, message, act };
}

/** While the outcome is not confirmed, reads the map again every few seconds and settles it once it can. */
function useUntilConfirmed(
  outcome: Outcome | null,
  mapId: string,
  settle: (map: MapSummary, happened: (map: MapSummary) => boolean, done: string) => void,
) {
  const settleRef = useRef(settle);
  useEffect(() => {
    settleRef.current = settle;
  });
  useEffect(() => {
    if (outcome?.tone !== 'unknown') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const look = async () => {
      const now = await rereadMap(mapId);
      if (stopped) return;
      if (now) settleRef.current(now, outcome.happened, outcome.done);
      else timer = setTimeout(() => void look(), RECHECK_MS);
    };
    timer = setTimeout(() => void look(), RECHECK_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [outcome, mapId]);
}
