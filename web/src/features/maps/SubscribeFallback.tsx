import { Navigate, useLocation } from 'react-router';

/**
 * Until the billing work's subscribe dialog handles '#subscribe' on /maps (spec §2), the hash takes the user
 * to the plans on the pricing page, so every "buy slots" link leads somewhere useful. The billing work
 * replaces this component with its dialog.
 */
export function SubscribeFallback() {
  const { hash } = useLocation();
  return hash === '#subscribe' ? <Navigate to="/pricing" replace /> : null;
}
