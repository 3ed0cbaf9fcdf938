/**
 * Text the author is still typing: fields keep a draft and commit it a moment later (or on blur), so a
 * save, a publish, a preview or leaving the editor must commit those drafts first, or the typed text
 * would miss the version being saved. Each field registers its commit here for as long as it is
 * mounted; `flush()` commits them all, synchronously (commits are store dispatches).
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import { reportError } from '../../../lib/analytics';

export interface PendingEdits {
  /** Adds a commit to run on flush; returns its removal. */
  register(commit: () => void): () => void;
  /** Commits every field's draft now. */
  flush(): void;
}

export function createPendingEdits(): PendingEdits {
  const commits = new Set<() => void>();
  return {
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

/** Registers this field's commit (the latest one given) with the editor, if there is one. */
export function usePendingEdit(commit: () => void): void {
  const pending = useContext(PendingEditsContext);
  const latest = useRef(commit);
  useEffect(() => {
    latest.current = commit;
  });
  useEffect(() => pending?.register(() => latest.current()), [pending]);
}
