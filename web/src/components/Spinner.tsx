export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Read by screen readers; the spinner is a live status region. */
  label?: string;
  className?: string;
}

/** An indeterminate progress indicator. */
export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" className={['spinner', `spinner--${size}`, className].filter(Boolean).join(' ')}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle className="spinner__track" cx="12" cy="12" r="9" />
        <path className="spinner__arc" d="M21 12a9 9 0 0 0-9-9" />
      </svg>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A spinner centred in the page area, for routes whose code or data is loading. */
export function PageLoading({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className="page-loading">
      <Spinner size="lg" label={label} />
    </div>
  );
}
