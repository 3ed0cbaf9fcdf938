import { useEffect, useId, useReducer, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { PLAN_NAMES } from '@mapnest/shared/constants';
import { useNavigate } from 'react-router';
import { CallError } from '@mapnest/shared/errors';
import { sessionAtom } from '../../state/session';
import { appStore } from '../../state/store';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { call } from '../../lib/api';
import { counted } from '../../lib/words';
import { loadSlotsAtom, slotsAtom } from '../maps/maps-state';
import {
  canConfirmDelete,
  deleteAccountReducer,
  deletePrecheck,
  initialDeleteAccount,
  type DeleteFailure,
} from './delete-account-machine';
import { submitPasswordReauth } from './reauth';
import { useDialogCycle } from './use-dialog-cycle';
import { ACCOUNT_DELETED_NOTICE, signOutToLanding } from './leave-to-landing';
import { DialogError, ReauthForm } from './ReauthForm';

/** How a failed deleteUserData call ends: permission-denied asks for the password again. */
function failureOf(err: unknown): DeleteFailure {
  if (err instanceof CallError) {
    if (err.code === 'permission-denied') return { kind: 'reauthenticate' };
    if (err.code === 'unauthenticated') return { kind: 'notLoggedIn' };
    // The server's own explanation (e.g. still viewing as another user) is clearer than a generic message.
    if (err.code === 'failed-precondition') return { kind: 'other', message: err.message };
  }
  console.error('Deleting the account failed', err);
  return { kind: 'other' };
}

/** The danger zone's delete dialog, driven by its state machine (see delete-account-machine.ts). */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(deleteAccountReducer, initialDeleteAccount);
  const titleId = useId();
  useSlotsOnOpen(open);
  const close = useDialogCycle(
    open,
    dispatch,
    { opened: { type: 'open' }, closed: { type: 'close' }, cleared: { type: 'clearValues' } },
    state.busy,
    onClose,
  );

  const remove = async (typed: string) => {
    const problem = deletePrecheck(typed, appStore.get(sessionAtom).user);
    dispatch({ type: 'requested' });
    if (problem) {
      dispatch({ type: 'failed', failure: problem });
      return;
    }
    try {
      await call('deleteUserData', null);
    } catch (err) {
      dispatch({ type: 'failed', failure: failureOf(err) });
      return;
    }
    dispatch({ type: 'deleted' });
    onClose();
    // To / with a word that the account is gone, never to /login?next=….
    await signOutToLanding(navigate, ACCOUNT_DELETED_NOTICE);
  };

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canConfirmDelete(state)) void remove(state.typed);
  };

  const reauthenticate = (event: FormEvent<HTMLFormElement>) =>
    submitPasswordReauth(event, {
      busy: state.busy,
      email: user?.email,
      password: state.password,
      dispatch,
      // An empty password reads as wrong credentials; without an email there is nobody to re-authenticate.
      missing: (what) => what === 'password' && dispatch({ type: 'reauthFailed', category: 'invalid-credentials' }),
      then: () => remove(state.typed),
    });

  return (
    <Modal open={open} onClose={close} labelledBy={titleId} className="settings-subdialog">
      {state.type === 'reauthenticate' ? (
        <ReauthForm
          titleId={titleId}
          subtitle="Enter your password to delete your account."
          email={user?.email}
          withPassword
          password={state.password}
          onPasswordInput={(password) => dispatch({ type: 'passwordInput', password })}
          error={state.error}
          busy={state.busy}
          onSubmit={(e) => void reauthenticate(e)}
          onCancel={close}
        >
          <button type="submit" className="btn btn--danger" disabled={state.busy || !state.password}>
            {state.busy && <Spinner size="sm" label="Deleting" />}
            Continue
          </button>
        </ReauthForm>
      ) : (
        <DeleteConfirmForm
          titleId={titleId}
          email={user?.email}
          typed={state.typed}
          onInput={(typed) => dispatch({ type: 'input', typed })}
          error={state.error}
          busy={state.busy}
          canConfirm={canConfirmDelete(state)}
          onSubmit={confirm}
          onCancel={close}
        />
      )}
    </Modal>
  );
}

/**
 * What the deletion does to what the user pays for, said before they confirm: its subscriptions are cancelled with
 * the account (its payment customer is deleted first), and its licences go with its maps.
 */
function BillingEnds() {
  const slots = useAtomValue(slotsAtom);
  if (!slots) return null;
  const plans = (['basic', 'pro'] as const)
    .map((plan) => [plan, plan === 'basic' ? slots.basicSubscribed : slots.proSubscribed] as const)
    .filter(([, n]) => n > 0)
    .map(([plan, n]) => `${PLAN_NAMES[plan]} subscription (${counted(n, 'slot')})`);
  if (plans.length === 0 && slots.basicLicensed === 0) return null;
  return (
    <p className="form-alert form-alert--warning" data-testid="billing-ends">
      {plans.length > 0 &&
        `Your ${plans.join(' and your ')} ${plans.length > 1 ? 'are' : 'is'} cancelled with it, at once: you are not charged again, and the time left in the period you paid for is not refunded. `}
      {slots.basicLicensed > 0 &&
        `${counted(slots.basicLicensed, 'registered license')} ${slots.basicLicensed > 1 ? 'go' : 'goes'} with your maps.`}
    </p>
  );
}

/**
 * The slot counters, fresh, for what the deletion ends (BillingEnds): read as the dialog opens, not as its first
 * step shows again once the account is gone (a read then is refused, and logged as a fault).
 */
function useSlotsOnOpen(open: boolean): void {
  const loadSlots = useSetAtom(loadSlotsAtom);
  useEffect(() => {
    if (open) void loadSlots();
  }, [open, loadSlots]);
}

interface DeleteConfirmFormProps {
  titleId: string;
  email: string | null | undefined;
  typed: string;
  onInput: (typed: string) => void;
  error: string | null;
  busy: boolean;
  canConfirm: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}

/** The first step: the user types their email address to confirm the deletion. */
function DeleteConfirmForm({
  titleId,
  email,
  typed,
  onInput,
  error,
  busy,
  canConfirm,
  onSubmit,
  onCancel,
}: DeleteConfirmFormProps) {
  return (
    <form className="confirm__form" onSubmit={onSubmit} noValidate>
      <h2 id={titleId} className="confirm__title">
        Delete account
      </h2>
      <div className="confirm__subtitle">
        <p>
          This permanently deletes your account, every map, every version and every file you uploaded. It cannot be
          undone. Type your email address
          {email ? (
            <>
              {' '}
              (<strong>{email}</strong>)
            </>
          ) : null}{' '}
          to confirm.
        </p>
      </div>
      <BillingEnds />
      <TextField
        label="Your email address"
        type="email"
        name="confirm-email"
        autoComplete="off"
        data-autofocus
        value={typed}
        onChange={(e) => onInput(e.target.value)}
      />
      <DialogError error={error} />
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn--danger" disabled={!canConfirm}>
          {busy && <Spinner size="sm" label="Deleting" />}
          Delete account
        </button>
      </div>
    </form>
  );
}
