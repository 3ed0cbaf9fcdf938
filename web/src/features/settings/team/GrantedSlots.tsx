import { useId, useState, type FormEvent } from 'react';
import { PLAN_NAMES } from '@mapnest/shared/constants';
import { GRANTED_SLOTS_MAX as MAX_GRANTED, type SlotCounters } from '@mapnest/shared/maps';
import { call } from '../../../lib/api';
import { Spinner } from '../../../components/Spinner';
import { describeError } from '../../maps/map-errors';
import { SettingsRow } from '../SettingsRow';

/** The typed count as a whole number within the bounds, or null. */
function grantedCount(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n <= MAX_GRANTED ? n : null;
}

/** The two typed counts, and saving them: refused here when not whole numbers within bounds, else setUserSlots. */
function useGrantForm(uid: string, slots: SlotCounters, onSaved: (slots: SlotCounters) => void) {
  const [basic, setBasic] = useState(String(slots.basicGranted));
  const [pro, setPro] = useState(String(slots.proGranted));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const b = grantedCount(basic);
    const p = grantedCount(pro);
    if (b === null || p === null) {
      setOutcome({
        ok: false,
        text: `Granted slots are whole numbers from 0 to ${MAX_GRANTED.toLocaleString('en-US')}.`,
      });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const after = await call('setUserSlots', { uid, basic: b, pro: p });
      onSaved(after);
      setBasic(String(after.basicGranted));
      setPro(String(after.proGranted));
      setOutcome({ ok: true, text: 'Granted slots saved.' });
    } catch (error) {
      console.error('[settings:granted-slots]', error);
      setOutcome({ ok: false, text: describeError(error) });
    } finally {
      setBusy(false);
    }
  };
  return { basic, setBasic, pro, setPro, busy, outcome, submit };
}

/**
 * Administrators viewing as a user: the Basic and Professional slots granted to that user outside any subscription,
 * changed here (setUserSlots). The counts shown are the user's own; the answer is the user's slots afterwards, so
 * the tab's meters follow, and lowering a grant below what is in use sends maps back to test as the server decides.
 */
export function GrantedSlotsRow({
  uid,
  slots,
  onSaved,
}: {
  uid: string;
  slots: SlotCounters;
  onSaved: (slots: SlotCounters) => void;
}) {
  const basicId = useId();
  const proId = useId();
  const { basic, setBasic, pro, setPro, busy, outcome, submit } = useGrantForm(uid, slots, onSaved);

  return (
    <SettingsRow
      label="Granted slots"
      admin
      description="Slots this user holds free of charge, outside any subscription. Fewer than are in use sends their most recently promoted maps back to test."
    >
      <form className="granted-slots" onSubmit={(e) => void submit(e)}>
        <label htmlFor={basicId} className="field__label">
          {PLAN_NAMES.basic}
        </label>
        <input
          id={basicId}
          className="field__input"
          inputMode="numeric"
          value={basic}
          onChange={(e) => setBasic(e.target.value)}
          disabled={busy}
        />
        <label htmlFor={proId} className="field__label">
          {PLAN_NAMES.pro}
        </label>
        <input
          id={proId}
          className="field__input"
          inputMode="numeric"
          value={pro}
          onChange={(e) => setPro(e.target.value)}
          disabled={busy}
        />
        <button type="submit" className="btn btn--secondary btn--sm" disabled={busy}>
          {busy ? <Spinner size="sm" label="Saving" /> : 'Save'}
        </button>
        {outcome && (
          <p className={outcome.ok ? 'granted-slots__saved' : 'field__error'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </p>
        )}
      </form>
    </SettingsRow>
  );
}
