/**
 * The analytics page's range picker: 7, 30 and 90 days as toggle buttons, and Custom, a from–to form that is
 * checked when applied (real dates, from ≤ to, not after today, within what is kept, at most a year): a refused
 * range stays in the form with its reason under the field and asks the server nothing.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { daysBetween } from '@mapnest/shared/analytics';
import {
  earliestKept,
  PRESETS,
  rangeOfChoice,
  rangeProblem,
  type DayRange,
  type RangeChoice,
  type RangeProblem,
} from './analytics-range';

interface RangeControlsProps {
  choice: RangeChoice;
  /** Today in the map's analytics time zone, `zone`: the days of the range are that zone's days. */
  today: string;
  zone: string;
  /** The problem of the range the address asks for (a custom one typed or linked), shown in the form. */
  urlProblem: RangeProblem | null;
  onChoose(choice: RangeChoice): void;
  /** Shown beside the caption of the range: what the page offers about the zone (ZoneControl). */
  children?: ReactNode;
}

export function RangeControls({ choice, today, zone, urlProblem, onChoose, children }: RangeControlsProps) {
  const current = rangeOfChoice(choice, today);
  const [customOpen, setCustomOpen] = useState(choice.kind === 'custom');
  const [draft, setDraft] = useState<DayRange>(current);
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  const shownProblem = problem ?? (choice.kind === 'custom' ? urlProblem : null);
  const custom = customOpen || choice.kind === 'custom';
  const toggle = (on: boolean) => (on ? 'btn btn--secondary btn--sm is-active' : 'btn btn--ghost btn--sm');

  return (
    <div className="analytics-range">
      <div className="analytics-range__presets" role="group" aria-label="Date range">
        {PRESETS.map((n) => {
          const on = !custom && choice.kind === 'preset' && choice.days === n;
          return (
            <button
              key={n}
              type="button"
              className={toggle(on)}
              aria-pressed={on}
              onClick={() => {
                setCustomOpen(false);
                setProblem(null);
                onChoose({ kind: 'preset', days: n });
              }}
            >
              {n} days
            </button>
          );
        })}
        <button
          type="button"
          className={toggle(custom)}
          aria-pressed={custom}
          onClick={() => {
            setDraft(current);
            setCustomOpen(true);
          }}
        >
          Custom
        </button>
      </div>
      {custom && (
        <CustomRangeForm
          draft={draft}
          today={today}
          problem={shownProblem}
          onDraft={(next) => {
            setDraft(next);
            setProblem(null);
          }}
          onApply={() => {
            const p = rangeProblem(draft, today);
            setProblem(p);
            if (!p) onChoose({ kind: 'custom', ...draft });
            return p;
          }}
        />
      )}
      {/* The range of the figures below: a refused draft leaves them as they were, so the caption stays and says so. A
          range the address asks for that is refused shows no figures, and no caption. */}
      <div className="analytics-range__when">
        {!(choice.kind === 'custom' && urlProblem) && (
          <RangeCaption range={current} zone={zone} still={problem !== null} />
        )}
        {children}
      </div>
    </div>
  );
}

/** "2026-01-01 to 2026-01-30 (30 days, America/New_York)": the range shown and the zone its days are of. */
function RangeCaption({ range, zone, still }: { range: DayRange; zone: string; still: boolean }) {
  return (
    <p className="analytics-hint analytics-range__shown">
      {still ? 'Still showing ' : ''}
      {range.from} to {range.to} ({daysBetween(range.from, range.to) + 1} days, {zone})
    </p>
  );
}

/** From and To, and Apply: a refused range keeps focus on the field at fault, with its reason tied to it. */
function CustomRangeForm({
  draft,
  today,
  problem,
  onDraft,
  onApply,
}: {
  draft: DayRange;
  today: string;
  problem: RangeProblem | null;
  onDraft(range: DayRange): void;
  /** Applies the draft; answers its problem (nothing was asked for) or null. */
  onApply(): RangeProblem | null;
}) {
  const ids = { from: useId(), to: useId(), error: useId() };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const p = onApply();
    if (p) document.getElementById(ids[p.field])?.focus();
  };
  const field = (name: 'from' | 'to', label: string) => {
    const invalid = problem?.field === name;
    return (
      <div className="field analytics-range__field">
        <label htmlFor={ids[name]}>{label}</label>
        <input
          id={ids[name]}
          className="input"
          type="date"
          value={draft[name]}
          min={earliestKept(today)}
          max={today}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? ids.error : undefined}
          onChange={(e) => onDraft({ ...draft, [name]: e.target.value })}
        />
      </div>
    );
  };
  return (
    <form className="analytics-range__custom" onSubmit={apply} noValidate aria-label="Custom range">
      {field('from', 'From')}
      {field('to', 'To')}
      <button type="submit" className="btn btn--primary btn--sm">
        Apply
      </button>
      {problem && (
        <p id={ids.error} className="field__error analytics-range__error" role="alert">
          {problem.message}
        </p>
      )}
    </form>
  );
}
