import { useRef, useState, type ChangeEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { NAME_MAX } from '@mapnest/shared/constants';
import { displayNameProblem } from '@mapnest/shared/accounts';
import { CallError, MESSAGES } from '@mapnest/shared/errors';
import { sessionAtom } from '../../state/session';
import { appStore } from '../../state/store';
import { InlineTextField } from '../../components/InlineTextField';
import { Spinner } from '../../components/Spinner';
import { loadAuthService, refreshSession } from '../auth/session-bootstrap';
import { storedViewAsLabel } from '../auth/view-as';
import { Avatar } from './Avatar';
import { AvatarValidationError, clearAvatar, uploadAvatar } from './avatar-upload';
import { UploadNotStored } from '../../lib/upload-error';
import { EmailChangeDialog } from './EmailChangeDialog';
import { ViewAsField } from './ViewAsField';
import { SettingsRow } from './SettingsRow';
import { signOutToLanding } from './leave-to-landing';

/** Shows a new photo at once; the refreshed token that follows carries the same URL. */
function setPhoto(photoURL: string | null) {
  appStore.set(sessionAtom, (s) => (s.user ? { ...s, user: { ...s.user, photoURL } } : s));
  void refreshSession({ forceRefresh: true });
}

/** Uploading and clearing the avatar: which of them is running, and the error to show. */
function useAvatarChange() {
  const [busy, setBusy] = useState<'upload' | 'clear' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setBusy('upload');
    try {
      setPhoto(await uploadAvatar(file, appStore.get(sessionAtom).user !== null));
    } catch (err) {
      // A refused file (type, size, signed out) is told as is, the browser's refusal or the server's (which reads the
      // whole file: text named .png passes the browser's check, not the server's), and so is storage not taking the
      // upload (refused, or failing: nothing stored); anything else is a fault, logged.
      const told =
        err instanceof AvatarValidationError ||
        err instanceof UploadNotStored ||
        (err instanceof CallError && err.code === 'invalid-argument');
      if (!told) console.error('Avatar upload failed', err);
      setError(told ? err.message : MESSAGES.unknownError);
    } finally {
      setBusy(null);
    }
  };

  const onClear = async () => {
    setError(null);
    setBusy('clear');
    try {
      await clearAvatar();
      setPhoto(null);
    } catch (err) {
      console.error('Clearing the avatar failed', err);
      setError(MESSAGES.unknownError);
    } finally {
      setBusy(null);
    }
  };

  return { busy, error, onFile, onClear };
}

function AvatarSection() {
  const { user, admin, isUserSimulated } = useAtomValue(sessionAtom);
  const input = useRef<HTMLInputElement>(null);
  const { busy, error, onFile, onClear } = useAvatarChange();

  return (
    <SettingsRow label="Avatar" description="JPG, PNG or WEBP, up to 0.1 MB.">
      <div className="avatar-editor">
        <Avatar
          displayName={user?.displayName ?? null}
          photoURL={user?.photoURL ?? null}
          admin={admin}
          simulated={isUserSimulated}
          size="lg"
        />
        <div className="avatar-editor__actions">
          <input
            ref={input}
            type="file"
            accept="image/*"
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Avatar image"
            onChange={(e) => void onFile(e)}
          />
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => input.current?.click()}
            disabled={busy !== null}
          >
            {busy === 'upload' && <Spinner size="sm" label="Uploading" />}
            Upload
          </button>
          {user?.photoURL && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => void onClear()}
              disabled={busy !== null}
            >
              {busy === 'clear' && <Spinner size="sm" label="Clearing" />}
              Clear
            </button>
          )}
        </div>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </SettingsRow>
  );
}

async function saveName(name: string) {
  try {
    await (await loadAuthService()).updateDisplayName(name);
  } catch (err) {
    console.error('Saving the name failed', err);
    throw new Error(MESSAGES.unknownError);
  }
  await refreshSession({ forceRefresh: true });
}

/**
 * While an administrator views the app as a user, this tab still holds the administrator's own name, email address
 * and avatar (what its controls change): said in words, not only by the avatar's border.
 */
function OwnProfileNote() {
  return (
    <p className="settings-note">
      This is your own profile, not <strong>{storedViewAsLabel()}</strong>’s: the name, email address and avatar here
      are yours, and changing them changes your account, not theirs.
    </p>
  );
}

/** The Profile tab: name, email address, 'View as user' for administrators, avatar, log out. */
export function ProfileTab() {
  const { user, admin, isUserSimulated } = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const [editingEmail, setEditingEmail] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;

  const logOut = async () => {
    setSigningOut(true);
    // Signing out goes to /, never to /login?next=… (see signOutToLanding).
    if (!(await signOutToLanding(navigate))) setSigningOut(false);
  };

  return (
    <div className="settings-section">
      {isUserSimulated && <OwnProfileNote />}
      <div className="settings-row settings-row--field">
        <InlineTextField
          label="Name"
          value={user.displayName ?? ''}
          placeholder="Person or organization"
          maxLength={NAME_MAX}
          description="Shown to you in the app, in your avatar’s initials when it has no photo. Visitors to your maps never see it."
          validate={displayNameProblem}
          onSave={saveName}
          saveOnBlur
        />
      </div>
      <SettingsRow
        label="Email address"
        description={<span className="settings-email">{user.email ?? 'No email address'}</span>}
      >
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => setEditingEmail(true)}>
          Edit
        </button>
      </SettingsRow>
      <EmailChangeDialog open={editingEmail} onClose={() => setEditingEmail(false)} />
      {admin && (
        <div className="settings-row settings-row--field settings-row--admin">
          <ViewAsField />
        </div>
      )}
      <AvatarSection />
      <SettingsRow label="Log out" description="Sign out of Mapnest on this browser.">
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => void logOut()}
          disabled={signingOut}
        >
          {signingOut && <Spinner size="sm" label="Logging out" />}
          Log out
        </button>
      </SettingsRow>
    </div>
  );
}
