import { useId, useState, type FormEvent } from 'react';
import { INLINE_SAVE_MIN_SPINNER_MS } from '@mapnest/shared/constants';
import { CheckIcon } from './Icons';
import { Spinner } from './Spinner';

export interface InlineTextFieldProps {
  label: string;
  /** The saved value. */
  value: string;
  /** Saves a trimmed, validated, changed value; a rejection's message is shown under the field. */
  onSave: (value: string) => void | Promise<void>;
  /** Returns an error message for a trimmed value, or null when it is valid. */
  validate?: (value: string) => string | null;
  /** Validate as the author types too (an emptied field is told only when saved: it is often retyped). */
  checkAsTyped?: boolean;
  placeholder?: string;
  maxLength?: number;
  description?: string;
  disabled?: boolean;
  type?: 'text' | 'email' | 'url';
  /**
   * Save a change when the field is left too (a profile's name, "saved on change"), so closing the dialog keeps it;
   * without it a change left unsaved is said under the field (a rename with its own Cancel saves on Enter only).
   */
  saveOnBlur?: boolean;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The draft of an inline field and its save: a new saved value from outside replaces the draft, an unchanged value
 * is no change, a rejected save keeps the draft and shows the error.
 */
function useInlineSave(
  value: string,
  onSave: InlineTextFieldProps['onSave'],
  validate: InlineTextFieldProps['validate'],
  checkAsTyped = false,
) {
  const [draft, setDraft] = useState(value);
  const [saved, setSaved] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // A new saved value from outside replaces the draft.
  if (value !== saved) {
    setSaved(value);
    setDraft(value);
  }

  const dirty = draft.trim() !== value.trim();

  const revert = () => {
    setDraft(value);
    setError(null);
  };

  const commit = async () => {
    if (saving) return;
    const next = draft.trim();
    if (next === value.trim()) {
      revert();
      return;
    }
    const problem = validate?.(next) ?? null;
    setError(problem);
    if (problem) return;
    setSaving(true);
    const [result] = await Promise.allSettled([
      Promise.resolve().then(() => onSave(next)),
      wait(INLINE_SAVE_MIN_SPINNER_MS),
    ]);
    setSaving(false);
    if (result.status === 'rejected') {
      const reason: unknown = result.reason;
      setError(reason instanceof Error && reason.message ? reason.message : 'Could not save.');
    } else {
      setDraft(next);
    }
  };

  const change = (next: string) => {
    setDraft(next);
    const typed = next.trim();
    setError(checkAsTyped && typed !== '' && typed !== value.trim() ? (validate?.(typed) ?? null) : null);
  };
  return { draft, error, saving, dirty, commit, change, revert };
}

/**
 * The text field with inline save: commits on Enter or the check button, trims
 * before validating, treats a value equal to the saved one as no change, and shows the spinner for
 * at least 300 ms so a fast save does not flicker.
 */
export function InlineTextField({
  label,
  value,
  onSave,
  validate,
  checkAsTyped,
  placeholder,
  maxLength,
  description,
  disabled,
  type = 'text',
  saveOnBlur = false,
}: InlineTextFieldProps) {
  const id = useId();
  const { draft, error, saving, dirty, commit, change, revert } = useInlineSave(value, onSave, validate, checkAsTyped);
  // Left with a change not saved (focus gone elsewhere than the field's own check button).
  const [left, setLeft] = useState(false);
  const unsaved = left && dirty && !saving && !error;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void commit();
  };

  const describedBy = describedByOf(id, !!description, !!error, unsaved);

  return (
    <form
      className={['inline-field', error ? 'inline-field--invalid' : ''].filter(Boolean).join(' ')}
      onSubmit={onSubmit}
      noValidate
    >
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {description && (
        <p id={`${id}-desc`} className="field__hint">
          {description}
        </p>
      )}
      <div className="inline-field__row">
        <input
          id={id}
          type={type}
          className="input"
          value={draft}
          placeholder={placeholder}
          maxLength={maxLength}
          disabled={disabled}
          readOnly={saving}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') revert();
          }}
          onFocus={() => setLeft(false)}
          onBlur={(event) => {
            if (!dirty || event.currentTarget.form?.contains(event.relatedTarget as Node | null)) return;
            if (saveOnBlur) void commit();
            else setLeft(true);
          }}
        />
        {saving ? (
          <span className="inline-field__action">
            <Spinner size="sm" label="Saving" />
          </span>
        ) : (
          dirty && (
            <button
              type="submit"
              className="inline-field__action inline-field__save"
              aria-label={`Save ${label}`}
              disabled={disabled}
            >
              <CheckIcon size={18} />
            </button>
          )
        )}
      </div>
      <FieldNotes id={id} error={error} unsaved={unsaved} value={value} />
    </form>
  );
}

/** The ids of the texts that describe the field: its description, its error, its unsaved change. */
const describedByOf = (id: string, description: boolean, error: boolean, unsaved: boolean) =>
  [description && `${id}-desc`, error && `${id}-error`, unsaved && `${id}-unsaved`].filter(Boolean).join(' ') ||
  undefined;

/** Under the field: why a change is refused, or that one was left unsaved (ids the input names as its description). */
function FieldNotes({
  id,
  error,
  unsaved,
  value,
}: {
  id: string;
  error: string | null;
  unsaved: boolean;
  value: string;
}) {
  if (error)
    return (
      <p id={`${id}-error`} className="field__error" role="alert">
        {error}
      </p>
    );
  return unsaved ? (
    <p id={`${id}-unsaved`} className="field__hint">
      Not saved yet: press Enter in the field or ✓ to save it, or Escape there to keep “{value}”.
    </p>
  ) : null;
}
