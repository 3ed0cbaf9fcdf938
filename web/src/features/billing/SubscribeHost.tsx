import { lazy, Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { OpensAlone } from '../../components/Modal';
import { sessionAtom } from '../../state/session';
import { periodCarried } from './plans';

const SubscribeDialog = lazy(() => import('./SubscribeDialog'));

/** The hash that opens the subscribe dialog on /maps. */
export const SUBSCRIBE_HASH = '#subscribe';

/**
 * Opens the subscribe dialog while the hash is '#subscribe'; closing removes the hash, replacing the
 * history entry. A signed-out visitor goes to /login. The dialog's code loads the first time it opens, on the billing
 * period carried from the pricing page if any; opening it closes any other modal dialog open on the page.
 */
export function SubscribeHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, init } = useAtomValue(sessionAtom);
  const wanted = location.hash === SUBSCRIBE_HASH;
  const open = wanted && user !== null;
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  // The period chosen on the pricing page, when its 'Choose …' link brought the visitor here; kept while the dialog
  // closes (closing drops the location's state).
  const carried = open ? periodCarried(location.state) : null;
  const [period, setPeriod] = useState(carried);
  if (carried && carried !== period) setPeriod(carried);

  if (wanted && init && !user) return <Navigate to="/login" replace />;
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <OpensAlone>
        <SubscribeDialog
          open={open}
          period={period}
          onClose={() =>
            void navigate(
              { pathname: location.pathname, search: location.search, hash: '' },
              { replace: true, preventScrollReset: true },
            )
          }
        />
      </OpensAlone>
    </Suspense>
  );
}
