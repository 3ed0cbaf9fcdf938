import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldChrome {
  label: string;
  hint?: string;
  error?: string | null;
}

function describedBy(id: string, hint?: string, error?: string | null) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function Chrome({
  id,
  label,
  hint,
  error,
  required,
  children,
}: FieldChrome & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && <span className="field__required"> (required)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled text input with hint and error text wired for assistive technology. */
export function TextField({ label, hint, error, required, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <Chrome id={id} label={label} hint={hint} error={error} required={required}>
      <input
        id={id}
        className={['input', className].filter(Boolean).join(' ')}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </Chrome>
  );
}

export type TextAreaFieldProps = FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** A labelled textarea with hint and error text. */
export function TextAreaField({ label, hint, error, required, className, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <Chrome id={id} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={id}
        className={['input', 'input--area', className].filter(Boolean).join(' ')}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textarea}
      />
    </Chrome>
  );
}
