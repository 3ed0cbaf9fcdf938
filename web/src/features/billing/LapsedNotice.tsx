import { useState } from 'react';
import type { RestoreLapsedResult } from '@mapnest/shared/billing';
import type { MapSummary } from '@mapnest/shared/maps';
import { reportError } from '../../lib/analytics';
import { Spinner } from '../../components/Spinner';
import { describeError } from '../maps/map-errors';
import { shortDate } from '../maps/map-format';
import { SubscribeLink } from '../maps/SlotLimitMessage';
import { billingApi } from './billing-api';
import './billing.css';

const maps = (n: number) => `${n} ${n === 1 ? 'map' : 'maps'}`;

/** A lapsed map as the notice reads it. */
export type LapsedMap = Pick<MapSummary, 'activeUntil' | 'published' | 'publication'>;

/** Whether visitors see the map now: a published version, within its test days. */
const isShown = (m: LapsedMap) => m.published && m.publication !== 'never' && m.publication !== 'offline';

/** Until when test maps visitors see stay public: 'until Dec 6, 2026' ('… at the latest' when their days differ). */
function publicUntil(shown: readonly LapsedMap[]): string {
  const dates = [...new Set(shown.map((m) => m.activeUntil ?? ''))].sort();
  return `until ${shortDate(dates.at(-1))}${dates.length > 1 ? ' at the latest' : ''}`;
}

/** Why maps visitors do not see are not public: never published, unpublished, or their test days are over. */
function notPublicText(hidden: readonly LapsedMap[]): string {
  const one = hidden.length === 1;
  const nothing = `so nothing of ${one ? 'it' : 'them'} is public.`;
  if (hidden.every((m) => m.publication === 'never'))
    return `${one ? 'It was' : 'They were'} never published, ${nothing}`;
  if (hidden.every((m) => m.publication === 'never' || m.publication === 'offline'))
    return `${one ? 'It is' : 'They are'} not published, ${nothing}`;
  return one ? 'It is not public now.' : 'None of them is public now.';
}

/**
 * The notice's sentences, true of each map: '2 maps went back to test when your slots ran out. They stay public until
 * Dec 6, 2026.' Only maps visitors see now (published, within their test days) are said to be public.
 */
export function lapsedText(lapsed: readonly LapsedMap[]): string {
  const shown = lapsed.filter(isShown);
  const hidden = lapsed.filter((m) => !isShown(m));
  const first = `${maps(lapsed.length)} went back to test when your slots ran out.`;
  if (hidden.length === 0)
    return `${first} ${shown.length === 1 ? 'It stays' : 'They stay'} public ${publicUntil(shown)}.`;
  if (shown.length === 0) return `${first} ${notPublicText(hidden)}`;
  const k = shown.length;
  const others = hidden.length === 1 ? 'the other is' : `the other ${hidden.length} are`;
  return `${first} ${k} of them ${k === 1 ? 'stays' : 'stay'} public ${publicUntil(shown)}; ${others} not public.`;
}

/**
 * Shown while maps have gone back to test because their slots ran out (quantity lowered, subscription or licence
 * ended): one click brings back as many as the free slots allow; if slots are still missing it says how many, with
 * the way to buy them.
 */
export function LapsedNotice({
  lapsed,
  onRestored,
}: {
  /** The maps that went back to test when slots ran out and are test maps still. */
  lapsed: readonly LapsedMap[];
  onRestored: (result: RestoreLapsedResult) => void;
}) {
  const count = lapsed.length;
  // 'Bring it back' for one map, 'Bring them back' for several.
  const them = count === 1 ? 'it' : 'them';
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
      setError(`Could not bring ${them} back. ${describeError(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="lapsed-notice" aria-label="Maps back in test">
      {count > 0 && (
        <>
          <p className="lapsed-notice__text">{lapsedText(lapsed)}</p>
          <button type="button" className="btn btn--primary btn--sm" onClick={() => void restore()} disabled={busy}>
            {busy && (
              <span aria-hidden="true">
                <Spinner size="sm" />
              </span>
            )}
            {busy ? `Bringing ${them} back…` : `Bring ${them} back`}
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
