import { useState } from 'react';
import { avatarInitials } from '@mapnest/shared/accounts';
import { AdminIcon } from './SettingsIcons';
import './avatar.css';

export interface AvatarProps {
  displayName: string | null;
  photoURL: string | null;
  /** Administrators get a badge. */
  admin?: boolean;
  /** A purple border while an administrator views the app as another user. */
  simulated?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** The avatar: the photo, else up to 2 initials of the display name, else 'M'. */
export function Avatar({ displayName, photoURL, admin = false, simulated = false, size = 'md' }: AvatarProps) {
  // A photo that fails to load falls back to the initials; a new URL gets a new chance.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPhoto = Boolean(photoURL) && failedUrl !== photoURL;
  const label = [
    displayName ? `Avatar of ${displayName}` : 'Avatar',
    admin ? 'administrator' : '',
    simulated ? 'viewing as another user' : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <span
      role="img"
      aria-label={label}
      className={['avatar', `avatar--${size}`, simulated ? 'avatar--simulated' : ''].filter(Boolean).join(' ')}
      data-simulated={simulated || undefined}
    >
      {showPhoto ? (
        <img className="avatar__photo" src={photoURL!} alt="" onError={() => setFailedUrl(photoURL)} />
      ) : (
        <span className="avatar__initials" aria-hidden="true">
          {avatarInitials(displayName)}
        </span>
      )}
      {admin && (
        <span className="avatar__badge" aria-hidden="true" title="Administrator">
          <AdminIcon size={size === 'lg' ? 14 : 11} />
        </span>
      )}
    </span>
  );
}
