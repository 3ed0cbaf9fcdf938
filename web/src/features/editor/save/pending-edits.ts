/**
 * Text the author is still typing: fields keep a draft and commit it a moment later (or on blur), so a
 * save, a publish, a preview or leaving the editor must commit those drafts first, or the typed text
 * would miss the version being saved. Each field registers its commit here for as long as it is
 * mounted; `flush()` commits them all, synchronously (commits are store dispatches). Each also says while
 * it holds typed text not committed yet, so the save status says "Unsaved changes" from the first key,
 * not from the commit a moment later (`useAnyDraft`).
 */
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { reportError } from '../../../lib/analytics';

export interface PendingEdits {
  /** Adds a commit to run on flush; returns its removal. */
  register(commit: () => void): () => void;
  /** Commits every field's draft now. */
  flush(): void;
  /** Says whether the field `who` holds typed text not committed yet (false: none, or it went). */
  drafting(who: object, yes: boolean): void;
  /** Whether any field holds typed text not committed yet. */
  anyDraft(): boolean;
  /** Calls `listener` when `anyDraft()` may have changed; returns its removal. */
  subscribe(listener: () => void): () => void;
}

export function createPendingEdits(): PendingEdits {
  const commits = new Set<() => void>();
  const drafts = new Set<object>();
  const listeners = new Set<() => void>();
  return {
    drafting(who, yes) {
      if (drafts.has(who) === yes) return;
      if (yes) drafts.add(who);
      else drafts.delete(who);
      for (const l of [...listeners]) l();
    },
    anyDraft: () => drafts.size > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    register(commit) {
      commits.add(commit);
      return () => commits.delete(commit);
    },
    flush() {
      for (const c of [...commits]) {
        try {
          c();
        } catch (err) {
          // One field's failure must not keep the others' text from the save; it is reported, not swallowed.
          reportError(err, 'editor:pending-edit');
        }
      }
    },
  };
}

export const PendingEditsContext = createContext<PendingEdits | null>(null);

/**
 * Registers this field's commit (the latest one given) with the editor, if there is one, and says while the field
 * holds typed text not committed yet (`drafting`), until it commits or goes.
 */
export function usePendingEdit(commit: () => void, drafting = false): void {
  const pending = useContext(PendingEditsContext);
  const latest = useRef(commit);
  const [who] = useState(() => ({}));
  useEffect(() => {
    latest.current = commit;
  });
  useEffect(() => pending?.register(() => latest.current()), [pending]);
  useEffect(() => pending?.drafting(who, drafting), [pending, who, drafting]);
  useEffect(() => () => pending?.drafting(who, false), [pending, who]);
}

const never = () => () => undefined;

/** Whether any field of the editor holds typed text not committed yet. */
export function useAnyDraft(): boolean {
  const pending = useContext(PendingEditsContext);
  return useSyncExternalStore(pending?.subscribe ?? never, () => pending?.anyDraft() ?? false);
}
