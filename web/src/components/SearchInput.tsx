import { useId, useRef } from 'react';
import { CloseIcon, SearchIcon } from './Icons';
import { useKeyboardShortcut } from './use-keyboard-shortcut';

export interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Visible to screen readers only; the placeholder is not a label. */
  label: string;
  placeholder?: string;
  /** A single key ('/', 's') that focuses the field when no modifier is held and no input is focused. */
  shortcutKey?: string;
  error?: string | null;
  className?: string;
}

/** The search input: a single-key shortcut (no modifier held, no field focused), clear button, error text. */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder = 'Search',
  shortcutKey,
  error,
  className,
}: SearchInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-error`;

  // A bare key: useKeyboardShortcut ignores it while a modifier is held or a text input has focus.
  useKeyboardShortcut(
    { key: shortcutKey ?? '' },
    () => {
      input.current?.focus();
      input.current?.select();
    },
    { enabled: !!shortcutKey },
  );

  return (
    <div className={['search', error ? 'search--invalid' : '', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="search__box">
        <SearchIcon size={18} className="search__icon" />
        <input
          ref={input}
          id={id}
          type="search"
          className="search__input"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-keyshortcuts={shortcutKey}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && value) {
              event.preventDefault();
              onChange('');
            }
          }}
        />
        {value ? (
          <button
            type="button"
            className="search__clear"
            aria-label="Clear search"
            onClick={() => {
              onChange('');
              input.current?.focus();
            }}
          >
            <CloseIcon size={16} />
          </button>
        ) : (
          shortcutKey && (
            <kbd className="search__hint" aria-hidden="true">
              {shortcutKey}
            </kbd>
          )
        )}
      </div>
      {error && (
        <p id={errorId} className="search__error">
          {error}
        </p>
      )}
    </div>
  );
}
