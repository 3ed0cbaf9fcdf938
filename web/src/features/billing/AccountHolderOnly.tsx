/**
 * Payments are the account holder's own: an administrator viewing as a user sees that user's plans and slots, but the
 * server refuses to buy or manage for them. While viewing as a user the payment controls are disabled, with the
 * reason beside them, instead of failing with 'Error: something happened.'.
 */
import { useId, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { BILLING_MESSAGES } from '@mapnest/shared/billing';
import { sessionAtom } from '../../state/session';
import { SubscribeLink } from '../maps/SlotLimitMessage';

/** Whether an administrator is viewing the app as another user (payments are then not theirs to make). */
export function useViewingAsUser(): boolean {
  return useAtomValue(sessionAtom).isUserSimulated;
}

/** Beside a payment control disabled while viewing as a user: why it is. */
export function AccountHolderNote({ id, className = '' }: { id: string; className?: string }) {
  return (
    <p id={id} className={`account-holder-note ${className}`.trim()}>
      {BILLING_MESSAGES.accountHolderOnly}
    </p>
  );
}

/** A link to the plans to buy slots or, while viewing as a user, a disabled button with the reason beside it. */
export function BuySlotsLink({ className, children }: { className: string; children: ReactNode }) {
  const viewing = useViewingAsUser();
  const noteId = useId();
  if (!viewing) return <SubscribeLink className={className}>{children}</SubscribeLink>;
  return (
    <>
      <button type="button" className={className} disabled aria-describedby={noteId}>
        {children}
      </button>
      <AccountHolderNote id={noteId} />
    </>
  );
}
