import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Modal } from './Modal';
import { Spinner } from './Spinner';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  subtitle?: ReactNode;
  /** Label of the confirming (submit) button. */
  positive: string;
  /** Label of the cancelling button. */
  negative?: string;
  /** Runs on submit; while its promise is pending the buttons are disabled. */
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
  /** Extra form content, e.g. a field to type the account email into. */
  children?: ReactNode;
  /** Disables the confirming button (e.g. until a typed confirmation matches). */
  confirmDisabled?: boolean;
  /** Styles the confirming button as destructive. */
  danger?: boolean;
  /** Message shown above the buttons, e.g. why the action failed. */
  error?: string | null;
}

/** The confirm dialog: title, subtitle, positive and negative buttons; submits as a form. */
export function ConfirmDialog({
  open,
  title,
  subtitle,
  positive,
  negative = 'Cancel',
  onConfirm,
  onCancel,
  children,
  confirmDisabled = false,
  danger = false,
  error,
}: ConfirmDialogProps) {
  const titleId = useId();
  const subtitleId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const cancel = () => {
    setFailure(null);
    onCancel();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || confirmDisabled) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (err) {
      // Callers that map errors themselves pass `error`; otherwise the thrown message is shown.
      setFailure(err instanceof Error && err.message ? err.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : cancel}
      labelledBy={titleId}
      describedBy={subtitle ? subtitleId : undefined}
      className="confirm"
    >
      <form className="confirm__form" onSubmit={submit} noValidate>
        <h2 id={titleId} className="confirm__title">
          {title}
        </h2>
        {subtitle && (
          <div id={subtitleId} className="confirm__subtitle">
            {subtitle}
          </div>
        )}
        {children}
        {(error ?? failure) && (
          <p className="form-alert form-alert--error" role="alert">
            {error ?? failure}
          </p>
        )}
        <ConfirmActions
          positive={positive}
          negative={negative}
          danger={danger}
          busy={busy}
          confirmDisabled={confirmDisabled}
          hasFields={!!children}
          onCancel={cancel}
        />
      </form>
    </Modal>
  );
}

interface ConfirmActionsProps {
  positive: string;
  negative: string;
  danger: boolean;
  busy: boolean;
  confirmDisabled: boolean;
  /** The form has fields of its own: focus starts on the first of them. */
  hasFields: boolean;
  onCancel: () => void;
}

/**
 * Cancel and the confirming (submit) button. Focus starts on the confirming button, or on Cancel when confirming
 * destroys something: Enter pressed by habit then does no harm.
 */
function ConfirmActions({
  positive,
  negative,
  danger,
  busy,
  confirmDisabled,
  hasFields,
  onCancel,
}: ConfirmActionsProps) {
  return (
    <div className="confirm__actions">
      <button
        type="button"
        className="btn btn--secondary"
        onClick={onCancel}
        disabled={busy}
        data-autofocus={hasFields || !danger ? undefined : true}
      >
        {negative}
      </button>
      <button
        type="submit"
        className={danger ? 'btn btn--danger' : 'btn btn--primary'}
        disabled={busy || confirmDisabled}
        data-autofocus={hasFields || danger ? undefined : true}
      >
        {busy && <Spinner size="sm" label="Working" />}
        {positive}
      </button>
    </div>
  );
}
