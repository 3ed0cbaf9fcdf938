import type { ReactNode } from 'react';
import { AdminIcon, LockIcon } from './SettingsIcons';

export interface SettingsRowProps {
  label: string;
  description?: ReactNode;
  /** Marks a row only administrators see. */
  admin?: boolean;
  /** Marks a row whose setting cannot be changed here. */
  locked?: boolean;
  children?: ReactNode;
  tone?: 'danger';
}

/** One row of the settings dialog: label, description, optional admin and locked icons, and its control. */
export function SettingsRow({ label, description, admin, locked, children, tone }: SettingsRowProps) {
  return (
    <div className={['settings-row', tone ? `settings-row--${tone}` : ''].filter(Boolean).join(' ')}>
      <div className="settings-row__text">
        <h3 className="settings-row__label">
          {label}
          {admin && (
            <span className="settings-row__icon settings-row__icon--admin" title="Administrators only">
              <AdminIcon />
              <span className="visually-hidden">(administrators only)</span>
            </span>
          )}
          {locked && (
            <span className="settings-row__icon" title="Locked">
              <LockIcon />
              <span className="visually-hidden">(locked)</span>
            </span>
          )}
        </h3>
        {description && <div className="settings-row__description">{description}</div>}
      </div>
      {children && <div className="settings-row__control">{children}</div>}
    </div>
  );
}
