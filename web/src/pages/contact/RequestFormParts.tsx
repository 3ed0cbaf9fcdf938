import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../components/Field';
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

interface RequesterNameEmailProps {
  values: { name: string; email: string };
  errors: Partial<Record<'name' | 'email', string>>;
  set: (field: 'name' | 'email', value: string) => void;
}

/** Who is asking: the Name and Email fields both request forms start with. */
export function RequesterNameEmail({ values, errors, set }: RequesterNameEmailProps) {
  return (
    <>
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        value={values.name}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        error={errors.email}
        onChange={(e) => set('email', e.target.value)}
      />
    </>
  );
}
