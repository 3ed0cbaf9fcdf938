import { useId, useState } from 'react';
import { QUANTITY_MAX, QUANTITY_MIN } from '@mapnest/shared/constants';
import { parseQuantity } from './billing-format';

export interface QuantityInputProps {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  label?: string;
}

/**
 * The subscription quantity: a whole number from 1 to 1000. Every valid entry is taken at once (the
 * price follows as the user types); an invalid one is shown as typed and reverts to the last valid value on blur.
 * The minus button is disabled at 1 or less, the plus button at 1000.
 */
export function QuantityInput({ value, onChange, disabled = false, label = 'Number of maps' }: QuantityInputProps) {
  const id = useId();
  // null shows `value`; a string is what the user is typing.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(value);
  const invalid = draft !== null && parseQuantity(draft) === null;

  const step = (by: number) => {
    const next = Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, value + by));
    setDraft(null);
    if (next !== value) onChange(next);
  };

  return (
    <div className="quantity">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="quantity__row">
        <button
          type="button"
          className="quantity__step"
          onClick={() => step(-1)}
          disabled={disabled || value <= QUANTITY_MIN}
          aria-label="Fewer maps"
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          className="input quantity__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setDraft(event.target.value);
            const parsed = parseQuantity(event.target.value);
            if (parsed !== null && parsed !== value) onChange(parsed);
          }}
          onBlur={() => setDraft(null)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
              event.preventDefault();
              step(event.key === 'ArrowUp' ? 1 : -1);
            }
          }}
        />
        <button
          type="button"
          className="quantity__step"
          onClick={() => step(1)}
          disabled={disabled || value >= QUANTITY_MAX}
          aria-label="More maps"
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p id={`${id}-hint`} className={invalid ? 'quantity__hint is-invalid' : 'quantity__hint'}>
        {invalid
          ? `Enter a whole number from ${QUANTITY_MIN} to ${QUANTITY_MAX}.`
          : `${QUANTITY_MIN} to ${QUANTITY_MAX.toLocaleString('en')} maps`}
      </p>
    </div>
  );
}
