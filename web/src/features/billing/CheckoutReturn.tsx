import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import { CHECKOUT_RETURN_PARAM, PLAN_NAMES } from '@mapnest/shared/constants';
import { sessionAtom } from '../../state/session';
import { CloseIcon } from '../../components/Icons';
import { Spinner } from '../../components/Spinner';
import { loadMapsAtom, loadSlotsAtom } from '../maps/maps-state';
import { forgetPendingCheckout, readPendingCheckout, type PendingCheckout } from './checkout-pending';
import { loadSubscriptionsAtom } from './subscriptions-state';
import './billing.css';

export const CONFIRM_POLL_MS = 1000;
export const CONFIRM_TIMEOUT_MS = 30_000;

type Phase =
  | { kind: 'idle' }
  | { kind: 'waiting' }
  | { kind: 'confirmed'; pending: PendingCheckout; slots: number }
  | { kind: 'slow' };

/**
 * Takes the paid session's id out of the address once read: a reload, a bookmark or Back must not take the page for
 * a return from Checkout again.
 */
function useStripCheckoutReturn(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has(CHECKOUT_RETURN_PARAM)) return;
    params.delete(CHECKOUT_RETURN_PARAM);
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
  }, [pathname, search, hash, navigate]);
}

/**
 * The confirmation of a remembered checkout the page came back from, paid: polls until the subscription shows or the
 * time is up.
 */
function useCheckoutConfirmation(pollMs: number, timeoutMs: number) {
  const { userId } = useAtomValue(sessionAtom);
  const loadSubscriptions = useSetAtom(loadSubscriptionsAtom);
  const loadSlots = useSetAtom(loadSlotsAtom);
  const loadMaps = useSetAtom(loadMapsAtom);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const location = useLocation();
  // How the page was opened: Checkout's cancel URL is /maps#subscribe, its success URL /maps?checkout=<session id>.
  const opened = useRef({ hash: location.hash, paid: new URLSearchParams(location.search).get(CHECKOUT_RETURN_PARAM) });
  useStripCheckoutReturn();

  useEffect(() => {
    if (!userId) return;
    const pending = readPendingCheckout(userId);
    if (!pending) return;
    if (opened.current.hash === '#subscribe') {
      forgetPendingCheckout();
      return;
    }
    // Not back from paying that checkout (typed in, or a link, after a declined card): nothing to wait for. The
    // checkout stays remembered: its page may still be paid, and return here with its id.
    if (opened.current.paid !== pending.sessionId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = Date.now() + timeoutMs;
    setPhase({ kind: 'waiting' });

    const check = async () => {
      let held = 0;
      try {
        const subscriptions = await loadSubscriptions();
        held = subscriptions.filter((s) => s.plan === pending.plan).reduce((sum, s) => sum + s.quantity, 0);
      } catch {
        /* reported by the loader; the next round tries again */
      }
      if (stopped) return;
      if (held > pending.quantityBefore) {
        forgetPendingCheckout();
        setPhase({ kind: 'confirmed', pending, slots: held });
        void loadSlots();
        void loadMaps();
        return;
      }
      if (Date.now() + pollMs > deadline) {
        forgetPendingCheckout();
        setPhase({ kind: 'slow' });
        return;
      }
      timer = setTimeout(() => void check(), pollMs);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [userId, pollMs, timeoutMs, loadSubscriptions, loadSlots, loadMaps]);

  const dismiss = () => setPhase({ kind: 'idle' });
  return { phase, dismiss };
}

/**
 * After a paid checkout the browser comes back to /maps?checkout=<session id>, sometimes before Stripe's webhook has
 * arrived. When that id is the pending checkout's, this polls the subscriptions and slots every second for up to
 * 30 s, saying so, until the new subscription shows; then the maps list, the slots and the session's plans are fresh.
 * A return through Cancel (to /maps#subscribe) forgets the pending checkout; /maps opened any other way (after a
 * declined card, say) says nothing of it.
 */
export function CheckoutReturn({
  pollMs = CONFIRM_POLL_MS,
  timeoutMs = CONFIRM_TIMEOUT_MS,
  mapsFailed = false,
}: {
  pollMs?: number;
  timeoutMs?: number;
  /**
   * The page says its maps could not load: the confirmation keeps checking but shows no spinner beside that error
   * (the page would say two things at once); it shows again once the maps load, or when it has an outcome.
   */
  mapsFailed?: boolean;
}) {
  const { phase, dismiss } = useCheckoutConfirmation(pollMs, timeoutMs);
  if (phase.kind === 'idle' || (phase.kind === 'waiting' && mapsFailed)) return null;
  return (
    <div role="status" className="notice-slot checkout-return">
      {phase.kind === 'waiting' && (
        <div className="alert alert--info">
          <span aria-hidden="true">
            <Spinner size="sm" />
          </span>
          <p className="alert__text">Confirming your payment… Your new slots appear here in a moment.</p>
        </div>
      )}
      {phase.kind === 'confirmed' && (
        <div className="alert alert--success">
          <p className="alert__text">
            Payment confirmed. Your {PLAN_NAMES[phase.pending.plan]} subscription is active with {phase.slots}{' '}
            {phase.slots === 1 ? 'slot' : 'slots'}.{' '}
            <strong>{phase.pending.plan === 'basic' ? 'Go live' : 'Make Pro'}</strong> on a map's card puts it on a
            slot; visitors see the map once you publish it with <strong>Publish</strong> in the editor.
          </p>
          <button type="button" className="alert__dismiss" onClick={dismiss} aria-label="Dismiss message">
            <CloseIcon size={16} />
          </button>
        </div>
      )}
      {phase.kind === 'slow' && (
        <div className="alert alert--info">
          <p className="alert__text">
            Your payment is still being confirmed. This can take a few minutes: reload this page in a moment. If you
            were charged, your slots will appear; no second payment is needed.
          </p>
          <button type="button" className="alert__dismiss" onClick={dismiss} aria-label="Dismiss message">
            <CloseIcon size={16} />
          </button>
        </div>
      )}
    </div>
  );
}
