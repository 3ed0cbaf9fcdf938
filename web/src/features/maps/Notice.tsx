import { useEffect, useRef } from 'react';
import { CloseIcon } from '../../components/Icons';
import { describeError, exhaustedSlot, type SlotKind } from './map-errors';
import { SlotLimitMessage } from './SlotLimitMessage';
import './notice.css';

/** A message about the last action: what failed (and why), or what succeeded. */
export interface NoticeValue {
  tone: 'error' | 'success';
  message: string;
  /** Set when the action ran out of slots: the message then explains slots and links to the plans. */
  slot?: SlotKind | null;
}

/** The notice for a failed action: `Could not duplicate “Mall”.` followed by the reason in words. */
export function errorNotice(what: string, error: unknown): NoticeValue {
  const slot = exhaustedSlot(error);
  return { tone: 'error', message: slot ? what : `${what} ${describeError(error)}`, slot };
}

/**
 * Shows a notice; errors are announced at once (alert), successes politely (status). Both regions stay mounted. An
 * error is scrolled into view when it comes: a refusal shown at the top of a list scrolled down was never seen (a
 * success is not: the page does not jump away from the card just acted on).
 */
export function Notice({ notice, onDismiss }: { notice: NoticeValue | null; onDismiss: () => void }) {
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice?.tone === 'error') shown.current?.scrollIntoView?.({ block: 'nearest' });
  }, [notice]);
  const body = notice && (
    <div ref={shown} className={`alert alert--${notice.tone}`}>
      <p className="alert__text">
        {notice.message}
        {notice.slot && (
          <>
            {' '}
            <SlotLimitMessage slot={notice.slot} />
          </>
        )}
      </p>
      <button type="button" className="alert__dismiss" onClick={onDismiss} aria-label="Dismiss message">
        <CloseIcon size={16} />
      </button>
    </div>
  );
  return (
    <>
      <div role="alert" className="notice-slot">
        {notice?.tone === 'error' && body}
      </div>
      <div role="status" className="notice-slot">
        {notice?.tone === 'success' && body}
      </div>
    </>
  );
}
