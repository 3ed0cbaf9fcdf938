import { useId } from 'react';
import { ChevronDownIcon } from './Icons';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
}

export interface SelectProps<T extends string> {
  label: string;
  value: T | '';
  onChange: (value: T) => void;
  options: readonly SelectOption<T>[];
  /** Shown as a first, unselectable option while nothing is chosen. */
  placeholder?: string;
  hint?: string;
  error?: string | null;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** Hides the label visually (it stays for screen readers). */
  hideLabel?: boolean;
}

/** The select dropdown: a styled native select, so keyboard and mobile pickers just work. */
export function Select<T extends string>({
  label,
  value,
  onChange,
  options,
  placeholder,
  hint,
  error,
  name,
  required,
  disabled,
  hideLabel,
}: SelectProps<T>) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
        {required && !hideLabel && <span className="field__required"> (required)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <div className="select">
        <select
          id={id}
          name={name}
          className="select__control"
          value={value}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value as T)}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon size={18} className="select__chevron" />
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
