import { lazy, Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { sessionAtom } from '../../state/session';

const SubscribeDialog = lazy(() => import('./SubscribeDialog'));

/** The hash that opens the subscribe dialog on /maps. */
export const SUBSCRIBE_HASH = '#subscribe';

/**
 * Opens the subscribe dialog while the hash is '#subscribe'; closing removes the hash, replacing the
 * history entry. A signed-out visitor goes to /login. The dialog's code loads the first time it opens.
 */
export function SubscribeHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, init } = useAtomValue(sessionAtom);
  const wanted = location.hash === SUBSCRIBE_HASH;
  const open = wanted && user !== null;
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);

  if (wanted && init && !user) return <Navigate to="/login" replace />;
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SubscribeDialog
        open={open}
        onClose={() =>
          void navigate(
            { pathname: location.pathname, search: location.search, hash: '' },
            { replace: true, preventScrollReset: true },
          )
        }
      />
    </Suspense>
  );
}
