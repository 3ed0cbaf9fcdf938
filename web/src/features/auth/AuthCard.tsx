import type { ReactNode } from 'react';
import './auth.css';

/** The frame of every auth page: a centred card with a title and an optional subtitle. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <section className="auth-page" aria-labelledby="auth-title">
      <div className="auth-card">
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </div>
    </section>
  );
}

/** A message under a form: errors are announced at once, confirmations and notices politely. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'notice'; children: ReactNode }) {
  return (
    <p className={`form-alert form-alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
