import { useId, type ReactNode } from 'react';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
  disabled?: boolean;
}

export interface SegmentedToggleProps<T extends string> {
  /** Names the group for assistive technology. */
  label: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** The segmented toggle (sizes sm, md, lg), built on radio inputs for native keyboard use. */
export function SegmentedToggle<T extends string>({
  label,
  options,
  value,
  onChange,
  size = 'md',
  className,
}: SegmentedToggleProps<T>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={['segmented', `segmented--${size}`, className].filter(Boolean).join(' ')}
    >
      {options.map((option) => (
        <label
          key={option.value}
          className={option.value === value ? 'segmented__option is-selected' : 'segmented__option'}
        >
          <input
            type="radio"
            className="segmented__input"
            name={name}
            value={option.value}
            checked={option.value === value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          <span className="segmented__label">{option.label}</span>
        </label>
      ))}
    </div>
  );
}
