import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { MapStateValue } from '@mapnest/shared/constants';
import { isTestState, type MapSummary, type SlotCounters } from '@mapnest/shared/maps';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DropdownMenu, type DropdownMenuItem } from '../../components/DropdownMenu';
import { CloseIcon } from '../../components/Icons';
import { Spinner } from '../../components/Spinner';
import { PLAN_NAMES, type PlanId } from '@mapnest/shared/constants';
import { describeError, exhaustedCapacity, exhaustedSlot, OutcomeUnconfirmed, type SlotKind } from './map-errors';
import { shortDate, stateBadge, stateText } from './map-format';
import {
  backToTestText,
  plansShort,
  shortageText,
  slotShortage,
  stateMoves,
  type HeldMove,
  type SlotShortage,
  type StateMove,
} from './map-state-change';
import { SlotLimitMessage, SUBSCRIBE_PATH, SubscribeLink } from './SlotLimitMessage';
import '../billing/billing.css';

export interface MapStateProps {
  map: MapSummary;
  now?: Date;
  /**
   * Sets the state on the server and answers the updated map; a rejection is explained next to the controls. `done`
   * says what the move did ('“Airport” was made Pro'), for the page to tell once it resolves.
   */
  onSetState: (state: MapStateValue, done: string) => Promise<unknown>;
  /** Opens the licence dialog for this map. */
  onRegisterLicense?: () => void;
}

type Problem = { what: string; slot: SlotKind | null; capacity?: number; reason: string };

/** The state change logic shared by the card controls and the editor's menu: busy move, confirmation, problem. */
function useStateChange(map: MapSummary, onSetState: MapStateProps['onSetState']) {
  const [busy, setBusy] = useState<StateMove | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [confirming, setConfirming] = useState<StateMove | null>(null);

  const run = async (move: StateMove) => {
    setBusy(move);
    setProblem(null);
    try {
      await onSetState(move.to, `${move.done(map.title)}.`);
    } catch (error) {
      // A lost answer the list could not settle: the move may be done, so it is not called a failure.
      if (error instanceof OutcomeUnconfirmed) {
        setProblem({ what: `Could not confirm that ${move.done(map.title)}.`, slot: null, reason: error.message });
        return;
      }
      setProblem({
        what: `Could not ${move.what(map.title)}.`,
        slot: exhaustedSlot(error),
        capacity: exhaustedCapacity(error),
        reason: describeError(error),
      });
    } finally {
      setBusy(null);
    }
  };
  const start = (move: StateMove) => {
    if (busy) return;
    if (move.confirm) setConfirming(move);
    else void run(move);
  };
  const confirmDialog = (
    <ConfirmDialog
      open={confirming !== null}
      title="Move this map back to test?"
      subtitle={backToTestText(map)}
      positive="Back to test"
      negative="Keep it live"
      onCancel={() => setConfirming(null)}
      onConfirm={() => {
        const move = confirming;
        setConfirming(null);
        if (move) void run(move);
      }}
    />
  );
  return { busy, problem, clearProblem: () => setProblem(null), start, confirmDialog };
}

/**
 * Keeps the keyboard on the card's moves: the pressed move is disabled while it runs and is gone once it is done
 * (Make Pro leaves Move to Basic and Back to test), which dropped focus to the page's start. Once no move runs, focus
 * that was lost goes to the first move the card offers now. The move's end and the map's new state may come in two
 * renders (the pressed button still there after the first): it is looked at after each render until focus is placed,
 * or the author moved it elsewhere.
 */
function useFocusKept(busy: StateMove | null) {
  const group = useRef<HTMLDivElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (busy || !pressed.current) return;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) {
      pressed.current = false;
      group.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    } else if (!group.current?.contains(active)) pressed.current = false;
  });
  return { group, pressed: () => (pressed.current = true) };
}

function ProblemText({ problem }: { problem: Problem }) {
  return (
    <>
      {problem.what}{' '}
      {problem.slot ? <SlotLimitMessage slot={problem.slot} capacity={problem.capacity} /> : problem.reason}
    </>
  );
}

/** The answer to a refused move, in a live region that is always present so screen readers announce it. */
function ProblemAlert({
  problem,
  onDismiss,
  className,
}: {
  problem: Problem | null;
  onDismiss: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className="map-state__message">
      {problem && (
        <div className={className ? `alert alert--error ${className}` : 'alert alert--error'}>
          <p className="alert__text">
            <ProblemText problem={problem} />
          </p>
          <button type="button" className="alert__dismiss" onClick={onDismiss} aria-label="Dismiss message">
            <CloseIcon size={16} />
          </button>
        </div>
      )}
    </div>
  );
}

/** Which slot a lapsed map lost, in words: it went back to test, or (a Professional map still live) to Basic. */
function lapsedText(map: MapSummary): string | null {
  if (!map.lapsedFrom) return null;
  if (!isTestState(map.state)) return `Moved to ${PLAN_NAMES.basic} when your ${PLAN_NAMES.pro} slots ran out.`;
  return `Went back to test when your ${map.lapsedFrom === 3 ? PLAN_NAMES.pro : PLAN_NAMES.basic} slots ran out.`;
}

/** The moves held back for want of a slot. */
const heldMoves = (moves: readonly { move: StateMove; shortage: SlotShortage | null }[]): HeldMove[] =>
  moves.flatMap(({ move, shortage }) => (shortage ? [{ move, shortage }] : []));

/** The moves not held back. */
const openMoves = (moves: readonly { move: StateMove; shortage: SlotShortage | null }[]): StateMove[] =>
  moves.flatMap(({ move, shortage }) => (shortage ? [] : [move]));

/** The way to buy the missing slots: named after the plan when one is missing, else plain 'Buy slots'. */
const buyLabel = (plans: readonly PlanId[]) =>
  plans.length === 1 ? `Buy ${PLAN_NAMES[plans[0]!]} slots` : 'Buy slots';

/**
 * Why the card's moves are held back, before any click: the plans' slots in use and the ways to a free one, in one
 * note however many moves it holds back. Basic has two ways (slots, or this map's own licence), said in the shared
 * words with the licence one click away; Professional has one, which its link says.
 */
function ShortageNote({
  id,
  held,
  open,
  onRegisterLicense,
}: {
  id: string;
  held: readonly HeldMove[];
  open: readonly StateMove[];
  onRegisterLicense?: () => void;
}) {
  const plans = plansShort(held);
  return (
    <p id={id} className="map-state__short">
      {shortageText(held, open)}{' '}
      <span className="map-state__ways">
        <SubscribeLink className="alert__link">{buyLabel(plans)}</SubscribeLink>
        {plans.includes('basic') && onRegisterLicense && (
          <button type="button" className="map-state__license alert__link" onClick={onRegisterLicense}>
            Register license
          </button>
        )}
      </span>
    </p>
  );
}

/**
 * A map card's state moves (Go live, Make Pro, Back to test), with the slot check's answer. With the owner's slot
 * counters known, a move whose plan has no free slot is disabled and says why and what to do, before the click.
 */
export function MapStateControls({
  map,
  now = new Date(),
  onSetState,
  slots = null,
  onRegisterLicense,
}: MapStateProps & { slots?: SlotCounters | null }) {
  const { busy, problem, clearProblem, start, confirmDialog } = useStateChange(map, onSetState);
  const { group, pressed } = useFocusKept(busy);
  const noteId = useId();
  const moves = stateMoves(map.state).map((move) => ({ move, shortage: slotShortage(move, map, slots) }));
  const held = heldMoves(moves);
  const lapsed = lapsedText(map);
  // The badge counts the days; the date is said here.
  const expires = stateBadge(map, now).tone === 'test' ? `Expires ${shortDate(map.activeUntil)}` : null;
  if (moves.length === 0 && !lapsed) return null;
  return (
    <div className="map-state">
      <div className="map-state__line">
        {expires && <span className="map-state__label map-state__label--test">{expires}</span>}
        {moves.length > 0 && (
          <div ref={group} className="map-state__buttons" role="group" aria-label={`State of ${map.title}`}>
            {moves.map(({ move, shortage }) => (
              <button
                key={move.label}
                type="button"
                className="btn btn--secondary btn--sm"
                disabled={busy !== null || shortage !== null}
                aria-describedby={shortage ? noteId : undefined}
                onClick={() => {
                  pressed();
                  start(move);
                }}
              >
                {busy === move ? (
                  <>
                    <span aria-hidden="true">
                      <Spinner size="sm" />
                    </span>
                    {move.busy}
                  </>
                ) : (
                  move.label
                )}
              </button>
            ))}
          </div>
        )}
      </div>
      {held.length > 0 && (
        <ShortageNote id={noteId} held={held} open={openMoves(moves)} onRegisterLicense={onRegisterLicense} />
      )}
      {lapsed && <p className="map-state__lapsed">{lapsed}</p>}
      <ProblemAlert problem={problem} onDismiss={clearProblem} />
      {confirmDialog}
    </div>
  );
}

/**
 * The editor's top-bar version: the state as a menu button with the moves and 'Register license'. With the owner's
 * slot counters known, a move whose plan has no free slot is disabled as on the card, the same note says why, and the
 * ways to a slot are items of the menu (a link cannot be one).
 */
export function MapStateMenu({
  map,
  now = new Date(),
  onSetState,
  onRegisterLicense,
  slots = null,
}: MapStateProps & { slots?: SlotCounters | null }) {
  const { busy, problem, clearProblem, start, confirmDialog } = useStateChange(map, onSetState);
  const navigate = useNavigate();
  const line = stateBadge(map, now);
  const text = stateText(map, now);
  // The bar is narrow: the trigger names the state in a word, the menu opens with the whole line.
  const word = line.tone === 'live' && map.licenseEndsAt ? 'Licensed' : line.tone === 'test' ? 'Test' : line.label;
  const moves = stateMoves(map.state).map((move) => ({ move, shortage: slotShortage(move, map, slots) }));
  const held = heldMoves(moves);
  const items: DropdownMenuItem[] = [
    { id: 'state', title: text, disabled: true, onSelect: () => {} },
    ...moves.map(({ move, shortage }) => ({
      id: move.label,
      title: move.label,
      disabled: busy !== null || shortage !== null,
      // The reason line below says why a held move cannot be chosen.
      describedBy: shortage !== null ? 'short' : undefined,
      onSelect: () => start(move),
    })),
  ];
  if (held.length > 0) {
    items.push(
      { id: 'short', title: shortageText(held, openMoves(moves)), disabled: true, note: true, onSelect: () => {} },
      { id: 'buy', title: buyLabel(plansShort(held)), onSelect: () => void navigate(SUBSCRIBE_PATH) },
    );
  }
  if (onRegisterLicense)
    items.push({ id: 'license', title: 'Register license', disabled: busy !== null, onSelect: onRegisterLicense });
  return (
    <div className="map-state-menu">
      {items.length > 1 ? (
        <DropdownMenu
          align="end"
          label={`Map state: ${text}`}
          triggerClassName={`btn btn--ghost btn--sm map-state-menu__trigger map-state__label--${line.tone}`}
          trigger={
            <>
              {busy ? busy.busy : word}
              <span aria-hidden="true" className="map-state-menu__caret">
                ▾
              </span>
            </>
          }
          items={items}
        />
      ) : (
        <span className={`map-state__label map-state__label--${line.tone}`}>{text}</span>
      )}
      <ProblemAlert problem={problem} onDismiss={clearProblem} className="map-state-menu__popover" />
      {confirmDialog}
    </div>
  );
}
