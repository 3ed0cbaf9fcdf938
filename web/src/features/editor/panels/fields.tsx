/**
 * Small controlled inputs for the editor's forms. Text inputs keep a local draft while typing and
 * commit a moment later (or on blur/Enter), so typing never waits for the document, the canvas or
 * validation; a rejected value stays in the field with its message under it.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { COLOR_PATTERN } from '@mapnest/shared/map-document';
import { usePendingEdit } from '../save/save-controller';

/** Commits return an error message, or null when the value was taken. */
export type Commit<T> = (value: T) => string | null;

const TYPING_COMMIT_MS = 350;

interface TextProps {
  label: string;
  value: string;
  commit: Commit<string>;
  hint?: string;
  multiline?: boolean;
  /** Commit only on blur or Enter (ids: renaming rewrites references). */
  onBlurOnly?: boolean;
  placeholder?: string;
  // No maxLength, on purpose: a browser would cut a pasted value to it unseen. A value too long is refused by the
  // commit (the document schema's limit, in its words) and stays whole in the field with that message under it.
  type?: 'text' | 'url' | 'email' | 'tel';
  name?: string;
  /** Id of a <datalist> of suggestions. */
  list?: string;
  /** The single-line input, for a caller that focuses it. */
  inputRef?: Ref<HTMLInputElement>;
}

export function TextProp({
  label,
  value,
  commit,
  hint,
  multiline,
  onBlurOnly,
  placeholder,
  type = 'text',
  name,
  list,
  inputRef,
}: TextProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ commit, draft });
  useEffect(() => {
    latest.current = { commit, draft };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const flush = () => {
    clearTimeout(timer.current);
    const { draft: d, commit: c } = latest.current;
    if (d === null) return;
    const problem = d === value ? null : c(d);
    setError(problem);
    if (!problem) setDraft(null);
  };
  // A save, publish or leaving the editor commits what is typed here first; until then the status says so.
  usePendingEdit(flush, draft !== null && draft !== value);
  const change = (v: string) => {
    setDraft(v);
    latest.current.draft = v;
    if (onBlurOnly) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, TYPING_COMMIT_MS);
  };
  const common = {
    id,
    name,
    className: multiline ? 'input input--area' : 'input',
    value: draft ?? value,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
    onBlur: flush,
  } as const;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => change(e.target.value)} />
      ) : (
        <input
          {...common}
          ref={inputRef}
          type={type}
          list={list}
          onChange={(e) => change(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') flush();
            if (e.key === 'Escape' && draft !== null) {
              clearTimeout(timer.current);
              setDraft(null);
              setError(null);
            }
          }}
        />
      )}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

export function NumberProp({
  label,
  value,
  commit,
  min,
  max,
  step,
  placeholder,
}: {
  label: string;
  value: number | undefined;
  commit: Commit<number | undefined>;
  min?: number;
  max?: number;
  step?: number;
  placeholder?: string;
}) {
  return (
    <TextProp
      label={label}
      value={value === undefined ? '' : String(value)}
      placeholder={placeholder}
      onBlurOnly
      commit={(v) => {
        if (v.trim() === '') return commit(undefined);
        const n = Number(v);
        if (!Number.isFinite(n)) return 'Must be a number';
        if (min !== undefined && n < min) return `Must be at least ${min}`;
        if (max !== undefined && n > max) return `Must be at most ${max}`;
        return commit(step === 1 ? Math.round(n) : n);
      }}
    />
  );
}

export function SelectProp<T extends string>({
  label,
  value,
  options,
  commit,
  hint,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  commit: Commit<T>;
  hint?: string;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(e) => setError(commit(e.target.value as T))}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function CheckProp({
  label,
  checked,
  commit,
  hint,
}: {
  label: string;
  checked: boolean;
  commit: Commit<boolean>;
  hint?: string;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="field field--check">
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => setError(commit(e.target.checked))}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * What a colour input (which takes #rrggbb only) can show for a colour: #rgb doubled, #rrggbbaa without its alpha;
 * black only when there is no colour at all.
 */
export function swatchHex(color: string | null | undefined): string {
  if (color && /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(color)) return color.slice(0, 7).toLowerCase();
  if (color && /^#[0-9a-f]{3,4}$/i.test(color))
    return `#${[...color.slice(1, 4)].map((c) => c + c).join('')}`.toLowerCase();
  return '#000000';
}

/** A colour: picker plus hex text; empty clears it (when `optional`). */
export function ColorProp({
  label,
  value,
  commit,
  optional = true,
  hint,
  fallback,
  placeholder,
}: {
  label: string;
  value: string | undefined | null;
  commit: Commit<string | undefined>;
  optional?: boolean;
  hint?: string;
  /** The colour used while the field is empty (the default it stands for), so the swatch shows it, not black. */
  fallback?: string | null;
  /** What the empty field says instead of 'Default' (several locations of different colours: 'Mixed'). */
  placeholder?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const apply = (v: string) => {
    const t = v.trim();
    if (t === '' && optional) {
      setError(commit(undefined));
      setDraft(null);
      return;
    }
    if (!COLOR_PATTERN.test(t)) {
      setError('Must be a hex color: #rgb, #rrggbb or #rrggbbaa');
      return;
    }
    const problem = commit(t);
    setError(problem);
    if (!problem) setDraft(null);
  };
  usePendingEdit(() => {
    if (draft !== null) apply(draft);
  }, draft !== null);
  const six = swatchHex(value || fallback);
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="color-field">
        <input type="color" aria-label={`${label} picker`} value={six} onChange={(e) => apply(e.target.value)} />
        <input
          id={id}
          className="input"
          value={draft ?? value ?? ''}
          placeholder={placeholder ?? (optional ? 'Default' : '#rrggbb')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => draft !== null && apply(draft)}
          onKeyDown={(e) => e.key === 'Enter' && draft !== null && apply(draft)}
        />
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

export function Section({ title, children, open = true }: { title: string; children: ReactNode; open?: boolean }) {
  return (
    <details className="form-section" open={open}>
      <summary>{title}</summary>
      <div className="form-section__body">{children}</div>
    </details>
  );
}

/** A field's hint, or its error in its place; ids match the control's aria-describedby. */
function FieldMessages({ id, hint, error }: { id: string; hint?: string | undefined; error: string | null }) {
  if (error)
    return (
      <p id={`${id}-error`} className="field__error" role="alert">
        {error}
      </p>
    );
  return hint ? (
    <p id={`${id}-hint`} className="field__hint">
      {hint}
    </p>
  ) : null;
}
