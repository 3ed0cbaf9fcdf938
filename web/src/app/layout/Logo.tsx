import { BRAND } from '@mapnest/shared/constants';

/** The Mapnest mark and wordmark. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M16 6.5c-4.1 0-7.5 3.2-7.5 7.3 0 5.3 7.5 11.7 7.5 11.7s7.5-6.4 7.5-11.7c0-4.1-3.4-7.3-7.5-7.3Z"
          fill="#fff"
        />
        <circle cx="16" cy="13.8" r="2.9" fill="currentColor" />
      </svg>
      <span className="logo__word">{BRAND}</span>
    </span>
  );
}
