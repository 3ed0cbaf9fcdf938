import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner';

/** What replaces a request form once it is sent: thanks, what happens next, and the way back home. */
export function RequestSent({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="form-success" role="status">
      <h2 className="form-success__title">{title}</h2>
      <p>{children}</p>
      <Link to="/" className="btn btn--secondary">
        Back to home
      </Link>
    </div>
  );
}

interface RequestFormEndProps {
  formError: string | null;
  sending: boolean;
  submitLabel: string;
  /** What the details are used for: 'answer you'. */
  purpose: string;
}

/** The end of a request form: its error, the submit button ('Sending...' while it sends) and the privacy note. */
export function RequestFormEnd({ formError, sending, submitLabel, purpose }: RequestFormEndProps) {
  return (
    <>
      {formError && (
        <p className="form-alert form-alert--error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--lg" disabled={sending}>
        {sending && <Spinner size="sm" label="Sending" />}
        {sending ? 'Sending...' : submitLabel}
      </button>
      <p className="form__fineprint">
        We use your details only to {purpose}. See our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </>
  );
}
