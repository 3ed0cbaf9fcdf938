import { lazy, Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import { OpensAlone } from '../../components/Modal';
import { sessionAtom } from '../../state/session';
import { parseSettingsHash, settingsHash, type SettingsTab } from './settings-hash';

const SettingsDialog = lazy(() => import('./SettingsDialog'));

/**
 * Opens the settings dialog while the location hash is '#settings[/tab]' and a user is signed in. Changing tabs and
 * closing rewrite the hash in place (no history entries). The dialog's code loads the first time it opens; opening it
 * closes any other modal dialog open on the page (`OpensAlone`).
 */
export function SettingsHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAtomValue(sessionAtom);
  const tab = parseSettingsHash(location.hash);
  const open = tab !== null && user !== null;
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  if (!shown) return null;

  const go = (hash: string) =>
    navigate(
      { pathname: location.pathname, search: location.search, hash },
      { replace: true, preventScrollReset: true },
    );
  return (
    <Suspense fallback={null}>
      <OpensAlone>
        <SettingsDialog
          open={open}
          tab={tab ?? 'Profile'}
          onTab={(next: SettingsTab) => go(settingsHash(next))}
          onClose={() => go('')}
        />
      </OpensAlone>
    </Suspense>
  );
}
