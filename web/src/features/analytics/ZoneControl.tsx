/**
 * The time zone of a map's analytics days (docs/adr/072-analytics-time-zone.md): which zone the days are, the last
 * change of it, and, for its owner or an administrator, the way to change it: a labelled native select of every zone
 * the browser knows (typing a name jumps to it; arrows and Enter work as in any select) with Save, and, while the map
 * still counts UTC days, a one-press "Use my time zone (…)" with the browser's own zone. A change applies from then
 * on: days already counted keep theirs, which the page says.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_ANALYTICS_ZONE } from '@mapnest/shared/analytics';
import type { MapSummary } from '@mapnest/shared/maps';
import { call } from '../../lib/api';
import { loadErrorText } from './analytics-errors';

/** The browser's own zone, or null when it has none to offer (or it is UTC, which the map has already). */
export function browserZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zone !== DEFAULT_ANALYTICS_ZONE && zone !== 'Etc/UTC' ? zone : null;
}

/**
 * UTC, then every zone the browser knows, alphabetically, with `current` among them even when the browser's list
 * lacks it (a zone chosen on another browser, or an older name the server's database knows).
 */
export function zoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set(known.filter((z) => z !== DEFAULT_ANALYTICS_ZONE));
  if (current !== DEFAULT_ANALYTICS_ZONE) zones.add(current);
  return [DEFAULT_ANALYTICS_ZONE, ...[...zones].sort()];
}

export function ZoneControl({ map, onChanged }: { map: MapSummary; onChanged(map: MapSummary): void }) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const mine = map.analyticsZone === DEFAULT_ANALYTICS_ZONE ? browserZone() : null;
  // The form replaces the button that opened it: once it closes (saved or cancelled), focus goes back to that button
  // rather than to the page's start.
  const changeButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open && wasOpen.current) changeButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const save = async (zone: string) => {
    setSaving(true);
    setError(null);
    try {
      const updated = await call('setMapAnalyticsZone', { id: map.id, zone });
      setOpen(false);
      onChanged(updated);
    } catch (err) {
      setError(`The time zone was not changed. ${loadErrorText(err)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="analytics-zone">
      <div className="analytics-zone__row">
        {!open && (
          <button
            ref={changeButton}
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => {
              setError(null);
              setOpen(true);
            }}
          >
            Change time zone
          </button>
        )}
        {mine && (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={saving}
            onClick={() => void save(mine)}
          >
            Use my time zone ({mine})
          </button>
        )}
      </div>
      {open && (
        <ZoneForm
          current={map.analyticsZone}
          saving={saving}
          errorId={error ? errorId : undefined}
          onSave={(zone) => void save(zone)}
          onCancel={() => setOpen(false)}
        />
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The labelled select of zones and Save (nothing is saved on a change of the select alone), and Cancel. */
function ZoneForm({
  current,
  saving,
  errorId,
  onSave,
  onCancel,
}: {
  current: string;
  saving: boolean;
  /** The id of the refusal shown for the last Save, if any. */
  errorId: string | undefined;
  onSave(zone: string): void;
  onCancel(): void;
}) {
  const [draft, setDraft] = useState(current);
  const ids = { select: useId(), hint: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(draft);
  };
  return (
    <form className="analytics-zone__form" onSubmit={submit} aria-label="Analytics time zone">
      <div className="field">
        <label htmlFor={ids.select}>Time zone of the days</label>
        {/* Focused when the form opens: the button that opened it is gone. */}
        <select
          autoFocus
          id={ids.select}
          className="input analytics-zone__select"
          value={draft}
          aria-describedby={errorId ? `${ids.hint} ${errorId}` : ids.hint}
          onChange={(e) => setDraft(e.target.value)}
        >
          {zoneOptions(current).map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </div>
      <div className="analytics-zone__actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={saving || draft === current}>
          {saving ? 'Saving…' : 'Save time zone'}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p id={ids.hint} className="analytics-hint analytics-zone__hint">
        Visits are counted in this zone’s days from now on; days already counted keep their zone.
      </p>
    </form>
  );
}
