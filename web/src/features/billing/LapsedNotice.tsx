import { useState } from 'react';
import type { RestoreLapsedResult } from '@mapnest/shared/billing';
import { TEST_MAP_ACTIVE_DAYS } from '@mapnest/shared/constants';
import { reportError } from '../../lib/analytics';
import { Spinner } from '../../components/Spinner';
import { describeError } from '../maps/map-errors';
import { SubscribeLink } from '../maps/SlotLimitMessage';
import { billingApi } from './billing-api';
import './billing.css';

const maps = (n: number) => `${n} ${n === 1 ? 'map' : 'maps'}`;

/** The notice's sentence: '2 maps went back to test when your slots ran out. They stay visible for 7 days.' */
export function lapsedText(count: number): string {
  return `${maps(count)} went back to test when your slots ran out. ${count === 1 ? 'It stays' : 'They stay'} visible for ${TEST_MAP_ACTIVE_DAYS} days.`;
}

/**
 * Shown while maps have gone back to test because their slots ran out (quantity lowered, subscription or licence
 * ended): one click brings back as many as the free slots allow; if slots are still missing it says how many, with
 * the way to buy them.
 */
export function LapsedNotice({
  count,
  onRestored,
}: {
  count: number;
  onRestored: (result: RestoreLapsedResult) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RestoreLapsedResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (count === 0 && !result) return null;

  const restore = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await billingApi.restoreLapsedMaps();
      setResult(answer);
      onRestored(answer);
    } catch (e) {
      reportError(e, 'billing:restore');
      setError(`Could not bring them back. ${describeError(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="lapsed-notice" aria-label="Maps back in test">
      {count > 0 && (
        <>
          <p className="lapsed-notice__text">{lapsedText(count)}</p>
          <button type="button" className="btn btn--primary btn--sm" onClick={() => void restore()} disabled={busy}>
            {busy && (
              <span aria-hidden="true">
                <Spinner size="sm" />
              </span>
            )}
            {busy ? 'Bringing them back…' : 'Bring them back'}
          </button>
        </>
      )}
      <div role="status" className="lapsed-notice__result">
        {result &&
          (result.remaining > 0 ? (
            <>
              {result.restored > 0 ? `${maps(result.restored)} ${result.restored === 1 ? 'is' : 'are'} back. ` : ''}
              {maps(result.remaining)} still {result.remaining === 1 ? 'needs' : 'need'} a free slot.{' '}
              <SubscribeLink className="alert__link">
                Buy {result.remaining === 1 ? 'a slot' : `${result.remaining} slots`}
              </SubscribeLink>
            </>
          ) : (
            `${maps(result.restored)} ${result.restored === 1 ? 'is' : 'are'} back.`
          ))}
      </div>
      <div role="alert" className="lapsed-notice__result">
        {error}
      </div>
    </section>
  );
}
