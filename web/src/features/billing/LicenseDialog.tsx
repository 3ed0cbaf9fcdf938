import { useId, useState, type FormEvent } from 'react';
import { purchaseCodeSchema, type RegisterLicenseResult } from '@mapnest/shared/billing';
import { CallError, type FieldIssue } from '@mapnest/shared/errors';
import { BILLING_TEXTS } from '@mapnest/shared/billing-texts';
import { LICENSE_BASIC_MONTHS, MapState } from '@mapnest/shared/constants';
import { reportError } from '../../lib/analytics';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { describeError } from '../maps/map-errors';
import { billingApi } from './billing-api';
import { shortDate } from './billing-format';
import './billing.css';

export interface LicenseDialogProps {
  /**
   * The map to register a licence for; null closes the dialog. `publishedVersion` null: nothing is published, so
   * visitors see the map only once its owner publishes it (ADR 018), which the success says.
   */
  map: {
    id: string;
    title: string;
    publishedVersion?: number | null;
    licenseEndsAt?: string | null;
    /** The map's state: what the months do depends on it (a test map goes live; a live or Pro one keeps its slot). */
    state?: number;
  } | null;
  onClose: () => void;
  /** Called once the server has registered the code. */
  onRegistered: (result: RegisterLicenseResult, mapId: string) => void;
}

/** The end of a licence still running now, or null. */
const runningUntil = (endsAt: string | null | undefined) =>
  endsAt && endsAt > new Date().toISOString() ? endsAt : null;

/** The format problem of a typed purchase code, or null when it looks right (the server checks it again). */
export function purchaseCodeProblem(code: string): string | null {
  if (!code.trim()) return 'Enter the purchase code of your license.';
  const parsed = purchaseCodeSchema.safeParse(code);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not a valid purchase code');
}

/** The server's words for a refused code: unknown, already used, marketplace unreachable, bad format. */
function refusal(error: unknown): string {
  if (error instanceof CallError && error.code === 'invalid-argument') {
    const issues = (error.details as { issues?: FieldIssue[] } | null | undefined)?.issues;
    if (issues?.[0]?.message) return issues[0].message;
  }
  return describeError(error);
}

/**
 * 'Register licence' for one map (a marketplace purchase code gives the map 6 months of Basic). The code's
 * format is checked before the call; the server's refusal (unknown code, already used, marketplace unreachable) is
 * shown as it says it; success says until when the map is licensed.
 */
export function LicenseDialog({ map, onClose, onRegistered }: LicenseDialogProps) {
  const titleId = useId();
  const [shown, setShown] = useState(map);
  if (map && map !== shown) setShown(map);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<RegisterLicenseResult | null>(null);
  const open = map !== null;

  const close = () => {
    if (busy) return;
    onClose();
    // Cleared after the closing animation so the text does not jump.
    setTimeout(() => {
      setCode('');
      setProblem(null);
      setDone(null);
    }, 300);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !map) return;
    const formatProblem = purchaseCodeProblem(code);
    setProblem(formatProblem);
    if (formatProblem) return;
    setBusy(true);
    try {
      const result = await billingApi.registerLicense(code.trim().toLowerCase(), map.id);
      setDone(result);
      onRegistered(result, map.id);
    } catch (error) {
      reportError(error, 'billing:license');
      setProblem(refusal(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={close} labelledBy={titleId} className="license-dialog">
      {done ? (
        <LicenseRegistered
          titleId={titleId}
          mapTitle={shown?.title}
          published={shown?.publishedVersion !== null}
          done={done}
          onClose={close}
        />
      ) : (
        <LicenseCodeForm
          titleId={titleId}
          mapTitle={shown?.title}
          state={shown?.state}
          licensedUntil={runningUntil(shown?.licenseEndsAt)}
          code={code}
          onCode={(next) => {
            setCode(next);
            setProblem(null);
          }}
          problem={problem}
          busy={busy}
          onSubmit={submit}
          onCancel={close}
        />
      )}
    </Modal>
  );
}

/** The registered licence: until when the map is licensed, and whether it went live. */
function LicenseRegistered({
  titleId,
  mapTitle,
  published,
  done,
  onClose,
}: {
  titleId: string;
  mapTitle: string | undefined;
  /** Whether visitors see a published version (a map stored before drafts existed counts as published). */
  published: boolean;
  done: RegisterLicenseResult;
  onClose: () => void;
}) {
  return (
    <div className="confirm__form">
      <h2 id={titleId} className="confirm__title">
        License registered
      </h2>
      <p className="form-alert form-alert--success license-dialog__success" role="status">
        “{mapTitle}” is licensed for Basic until {shortDate(done.license.endsAt)}
        {done.license.startsAt > done.license.registeredAt
          ? `: ${LICENSE_BASIC_MONTHS} more months after its current license ends on ${shortDate(done.license.startsAt)}`
          : ''}
        {done.state >= 1 ? ', and it is live.' : '.'}
        {done.state >= 1 && !published ? ' Visitors see it once you publish it.' : ''} Code {done.license.code}.
      </p>
      <div className="confirm__actions">
        <button type="button" className="btn btn--primary" onClick={onClose} data-autofocus>
          Done
        </button>
      </div>
    </div>
  );
}

interface LicenseCodeFormProps {
  titleId: string;
  mapTitle: string | undefined;
  state: number | undefined;
  /** The end of the map's running licence (a code then adds its months after it), or null. */
  licensedUntil: string | null;
  code: string;
  onCode: (code: string) => void;
  /** The code's format problem or the server's refusal. */
  problem: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}

/**
 * What the months do for a map in `state`: a test map goes live on them; a live one stays live on them and gives its
 * Basic slot back (a Basic map on its licence holds none); a Professional one keeps its Professional slot (the
 * licence serves it once moved to Basic).
 */
function licenseGives(state: number | undefined): string {
  if (state === MapState.LIVE)
    return 'it stays live on the license instead of its Basic subscription slot, which another map can then use.';
  if (state === MapState.PRO)
    return 'it stays Professional on its Professional slot meanwhile; Move to Basic then keeps it live on the license, without a slot.';
  return 'it goes live without a subscription slot.';
}

/** What a purchase code gives, the code field with where to find it, and Register licence. */
function LicenseCodeForm(props: LicenseCodeFormProps) {
  const { titleId, mapTitle, state, licensedUntil, code, onCode, problem, busy, onSubmit, onCancel } = props;
  const fieldId = useId();
  return (
    <form className="confirm__form" onSubmit={onSubmit} noValidate>
      <h2 id={titleId} className="confirm__title">
        Register license
      </h2>
      <div className="confirm__subtitle">
        {licensedUntil ? (
          <p>
            “{mapTitle}” is licensed until {shortDate(licensedUntil)}. A new purchase code adds {LICENSE_BASIC_MONTHS}{' '}
            months of Basic after that date. Each code works once.
          </p>
        ) : (
          <p>
            A purchase code from the Envato marketplace gives “{mapTitle}” {LICENSE_BASIC_MONTHS} months of Basic:{' '}
            {licenseGives(state)} Each code works once.
          </p>
        )}
        <p>{BILLING_TEXTS.licensePurpose}</p>
        <p>
          {BILLING_TEXTS.goLiveWays} {BILLING_TEXTS.licenseEnd}
        </p>
      </div>
      <div className={problem ? 'field field--invalid' : 'field'}>
        <label htmlFor={fieldId} className="field__label">
          Purchase code
        </label>
        <input
          id={fieldId}
          className="input license-dialog__code"
          value={code}
          onChange={(e) => onCode(e.target.value)}
          placeholder="1a2b3c4d-1a2b-1a2b-1a2b-1a2b3c4d5e6f"
          autoComplete="off"
          spellCheck={false}
          disabled={busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${fieldId}-hint${problem ? ` ${fieldId}-error` : ''}`}
          data-autofocus
        />
        <p id={`${fieldId}-hint`} className="field__hint">
          Find it on your Envato downloads page, under “License certificate &amp; purchase code”.
        </p>
        {problem && (
          <p id={`${fieldId}-error`} className="field__error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy && (
            <span aria-hidden="true">
              <Spinner size="sm" />
            </span>
          )}
          {busy ? 'Registering…' : 'Register license'}
        </button>
      </div>
    </form>
  );
}
