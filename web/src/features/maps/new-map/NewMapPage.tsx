import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FREE_TEST_MAPS, TEST_MAP_ACTIVE_DAYS } from '@mapnest/shared/constants';
import { TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { titleProblem } from '../MapCard';
import { sessionAtom } from '../../../state/session';
import { createMapAtom, loadSlotsAtom, slotsAtom } from '../maps-state';
import { SlotLimitMessage } from '../SlotLimitMessage';
import { errorNotice, Notice, type NoticeValue } from '../Notice';
import { OutcomeUnconfirmed } from '../map-errors';
import { STARTING_POINTS, startFromAddress } from './starting-points';
import '../maps.css';

/** What a failed create says; a lost answer that the list could not settle may have made the map: not a failure. */
function createFailed(title: string, error: unknown): NoticeValue {
  return error instanceof OutcomeUnconfirmed
    ? { tone: 'error', message: `Could not confirm that “${title}” was created. ${error.message}` }
    : errorNotice('Could not create the map.', error);
}

/**
 * The title field's value and problem. A title the options bring (a Mapplic export's, an example's) fills it while it
 * is empty or holds the last such title; a title the author typed stays.
 */
function useTitle(initial: string) {
  const [title, setTitle] = useState(initial);
  const [titleError, setTitleError] = useState<string | null>(null);
  const suggestedLast = useRef(initial);
  const suggest = (suggested: string | null | undefined) => {
    if (!suggested || (title.trim() && title !== suggestedLast.current)) return;
    suggestedLast.current = suggested;
    setTitle(suggested);
    setTitleError(null);
  };
  return { title, setTitle, titleError, setTitleError, suggest };
}

/** /maps/new: a title and a starting point; creates the map and opens it. */
export default function NewMapPage() {
  const createMap = useSetAtom(createMapAtom);
  const navigate = useNavigate();
  // An address may ask for a starting point and its options (`?example=demo`, a case study's "Build one like this").
  const [searchParams] = useSearchParams();
  const [start] = useState(() => startFromAddress(searchParams));
  const { title, setTitle, titleError, setTitleError, suggest } = useTitle(start?.title ?? '');
  const [pointId, setPointId] = useState(start?.id ?? STARTING_POINTS[0]!.id);
  // Each starting point keeps its own options while the user looks at others.
  const [options, setOptions] = useState<Readonly<Record<string, unknown>>>(start ? { [start.id]: start.value } : {});
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const point = STARTING_POINTS.find((p) => p.id === pointId) ?? STARTING_POINTS[0]!;
  const value = pointId in options ? options[pointId] : point.initial;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (creating) return;
    setNotice(null);
    const problem = titleProblem(title);
    setTitleError(problem);
    if (problem) {
      form.current?.querySelector<HTMLInputElement>('input[name="title"]')?.focus();
      return;
    }
    const missing = point.missing?.(value) ?? null;
    if (missing) {
      setNotice({ tone: 'error', message: missing });
      return;
    }
    setCreating(true);
    try {
      const mapData = await point.build(value);
      const id = await createMap({ title: title.trim(), mapData });
      void navigate(`/maps/${encodeURIComponent(id)}`);
    } catch (error) {
      const recovered = point.recover?.(value, error);
      if (recovered) setOptions((o) => ({ ...o, [point.id]: recovered }));
      setNotice(createFailed(title.trim(), error));
      setCreating(false);
    }
  };

  return (
    <div className="container new-map">
      <NewMapHeading />
      {/* A refused Create says the limit by the button: not twice on the page. */}
      {notice?.slot !== 'test' && <TestMapLimit />}

      <form ref={form} className="new-map__form" onSubmit={submit} noValidate aria-busy={creating || undefined}>
        <TitleField
          value={title}
          error={titleError}
          disabled={creating}
          onChange={(next, problem) => {
            setTitle(next);
            setTitleError(problem);
          }}
        />

        <StartingPointPicker
          pointId={pointId}
          onPick={setPointId}
          value={value}
          disabled={creating}
          onOptionsChange={(next) => {
            setOptions((o) => ({ ...o, [point.id]: next }));
            suggest(point.suggestedTitle?.(next));
            // The notice was about the options as they were (a file that could not be used): they have changed.
            setNotice(null);
          }}
        />

        <Notice notice={notice} onDismiss={() => setNotice(null)} />

        <div className="new-map__actions">
          <Link to="/maps" className="btn btn--secondary">
            Cancel
          </Link>
          <button type="submit" className="btn btn--primary" disabled={creating}>
            {creating && <Spinner size="sm" label="Creating the map" />}
            {creating ? 'Creating…' : 'Create map'}
          </button>
        </div>
      </form>
    </div>
  );
}

/**
 * The map's title. Nothing cuts it (a pasted title too long would be created cut, unseen): its problem shows as it is
 * typed, and Create waits for a title that fits. A missing title is said only on Create.
 */
function TitleField(props: {
  value: string;
  error: string | null;
  disabled: boolean;
  onChange(title: string, problem: string | null): void;
}) {
  return (
    <TextField
      label="Title"
      required
      name="title"
      autoComplete="off"
      placeholder="e.g. Riverside Mall directory"
      value={props.value}
      disabled={props.disabled}
      error={props.error}
      hint="Visitors see it as the map's name. You can rename the map later."
      onChange={(event) =>
        props.onChange(event.target.value, event.target.value.trim() ? titleProblem(event.target.value) : null)
      }
    />
  );
}

/**
 * The test-map limit, said as the page opens when it is already reached (not after the form is filled). An
 * administrator, as themselves, has no such limit (the maps list says so), so is not told of one.
 */
function TestMapLimit() {
  const slots = useAtomValue(slotsAtom);
  const session = useAtomValue(sessionAtom);
  const loadSlots = useSetAtom(loadSlotsAtom);
  useEffect(() => {
    void loadSlots();
  }, [loadSlots]);
  if (!slots || slots.testMaps < FREE_TEST_MAPS || (session.admin && !session.isUserSimulated)) return null;
  return (
    <p className="form-alert form-alert--warning" role="status">
      <SlotLimitMessage slot="test" testMaps={slots.testMaps} />
    </p>
  );
}

/** The breadcrumb back to the maps list, the title and what a new map is. */
function NewMapHeading() {
  return (
    <>
      <nav aria-label="Breadcrumb" className="new-map__crumbs">
        <Link to="/maps">Maps</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">New map</span>
      </nav>
      <h1 className="maps-page__title">New map</h1>
      <p className="maps-page__lead">
        Give your map a title and pick where to start. New maps are free test maps: once you publish one, visitors see
        it until {TEST_MAP_ACTIVE_DAYS} days after you created it.
      </p>
    </>
  );
}

interface StartingPointPickerProps {
  pointId: string;
  onPick: (id: string) => void;
  /** The chosen point's options. */
  value: unknown;
  disabled: boolean;
  onOptionsChange: (value: unknown) => void;
}

/** The starting points as radio cards, and the chosen one's own inputs below them. */
function StartingPointPicker({ pointId, onPick, value, disabled, onOptionsChange }: StartingPointPickerProps) {
  const point = STARTING_POINTS.find((p) => p.id === pointId) ?? STARTING_POINTS[0]!;
  const details = useRef<HTMLDivElement>(null);
  const picked = useRef(pointId);
  // A point picked by the author brings its own inputs into view: on a phone they come below every card, out of sight
  // (the file input of "Upload a floor plan" appeared 300 px under the screen's edge, and nothing said so).
  useEffect(() => {
    if (picked.current === pointId) return;
    picked.current = pointId;
    details.current?.scrollIntoView?.({ block: 'nearest' });
  }, [pointId]);
  return (
    <fieldset className="start-options" disabled={disabled}>
      <legend className="field__label">Starting point</legend>
      <div className="start-options__grid">
        {STARTING_POINTS.map((p) => (
          <label
            key={p.id}
            className={['start-option', p.id === pointId ? 'is-selected' : ''].filter(Boolean).join(' ')}
          >
            <input
              type="radio"
              name="start"
              value={p.id}
              checked={p.id === pointId}
              onChange={() => onPick(p.id)}
              className="start-option__input"
            />
            <span className="start-option__icon" aria-hidden="true">
              <p.Icon size={22} />
            </span>
            <span className="start-option__text">
              <span className="start-option__title">{p.title}</span>
              <span className="start-option__description">{p.description}</span>
            </span>
          </label>
        ))}
      </div>
      {point.renderOptions && (
        <div className="start-options__details" ref={details}>
          {point.renderOptions({
            value,
            disabled,
            onChange: onOptionsChange,
          })}
        </div>
      )}
    </fieldset>
  );
}
