import { HONEYPOT_FIELD } from '@mapnest/shared/contact';

/**
 * The contact forms' honeypot field (shared/src/calls/contact.ts): off-screen, hidden from assistive technology, out of
 * the Tab order and autofill. People leave it empty; the server quietly drops requests that fill it.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div
      aria-hidden="true"
      style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}
    >
      <label>
        Website
        <input
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}
