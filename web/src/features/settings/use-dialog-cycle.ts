/**
 * The open/close cycle of the settings dialogs driven by a state machine: `opened` is sent when the
 * dialog opens, closing is refused while busy, and the typed values are cleared only once the
 * closing animation is over (DIALOG_CLEAR_DELAY_MS), unless the dialog reopens first.
 */
import { useEffect, useRef, useState } from 'react';
import { DIALOG_CLEAR_DELAY_MS } from '@mapnest/shared/constants';

export function useDialogCycle<A>(
  open: boolean,
  dispatch: (action: A) => void,
  actions: { opened: A; closed: A; cleared: A },
  busy: boolean,
  onClose: () => void,
): () => void {
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The actions are constants of each dialog; the first ones are kept.
  const [acts] = useState(actions);
  useEffect(() => {
    if (!open) return;
    clearTimeout(clearTimer.current);
    dispatch(acts.opened);
  }, [open, dispatch, acts]);
  useEffect(() => () => clearTimeout(clearTimer.current), []);
  return () => {
    if (busy) return;
    dispatch(acts.closed);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => dispatch(acts.cleared), DIALOG_CLEAR_DELAY_MS);
    onClose();
  };
}
