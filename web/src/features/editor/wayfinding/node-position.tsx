/**
 * A wayfinding node moved without a drag (WCAG 2.2's Dragging Movements, ADR 104): the arrow keys nudge the selected
 * node as they nudge selected locations (1 map pixel a press, 10 with Shift, one undo step a press, a held key one
 * step), and the node card takes its X and Y typed, checked to be on the map. What is selected and where it went is
 * said in the editor's status line, for a screen reader.
 */
import { useEffect, useRef } from 'react';
import { useSetAtom } from 'jotai';
import type { MapDocument } from '@mapnest/shared/map-document';
import { isEditableElement } from '../../../components/shortcut';
import { placeWords, shownCoord } from '../canvas/canvas-keyboard';
import { nudgeOffset } from '../commands';
import { useEditor, useEditorState } from '../editor-context';
import { announcementAtom } from '../editor-state';
import { TextProp } from '../panels/fields';
import { layerNodes, moveNode, type Point } from './actions';
import type { NetworkSelection } from './network-layer';
import { floorName } from './network-names';

type NodeSelection = Extract<NonNullable<NetworkSelection>, { kind: 'node' }>;

/** The key of a node's card in the panel: the node it was first selected as, kept while it moves. */
export const nodeCardKey = (sel: NodeSelection): string => sel.card ?? JSON.stringify([sel.layer, sel.at]);

export const nodeSelectedText = (doc: MapDocument, sel: NodeSelection): string =>
  `Node selected on ${floorName(doc, sel.layer)} at ${placeWords(sel.at)}. The arrow keys on the map move it.`;

export const NODE_AT_EDGE = 'The node is at the edge of the map: it cannot go further that way.';

/** What a move says: where the node is now, and that it became one with the node it landed on. */
export function nodeMovedText(before: MapDocument, layer: string, to: Point): string {
  const joined = layerNodes(before, layer).some((p) => p[0] === to[0] && p[1] === to[1]);
  return joined
    ? `Node moved onto another node at ${placeWords(to)}: they are one node now.`
    : `Node moved to ${placeWords(to)}.`;
}

/** Why a typed coordinate cannot be taken (null when it can): it must be a number on the map, 0 to 1. */
export function nodeCoordProblem(axis: 'X' | 'Y', text: string): string | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) return `${axis} must be a number from 0 to 1.`;
  if (n < 0 || n > 1)
    return axis === 'X'
      ? 'That is off the map: X goes from 0 (the left edge) to 1 (the right edge).'
      : 'That is off the map: Y goes from 0 (the top edge) to 1 (the bottom edge).';
  return null;
}

/**
 * Moves the selected node to `to` (one undo step, or joining the held key's step under `coalesce`), says where it
 * went, and keeps it selected under the same card. False when the move was refused or went nowhere.
 */
function useMoveSelectedNode(onSelect: (selection: NetworkSelection) => void) {
  const { run, store } = useEditor();
  const announce = useAnnounce();
  return (sel: NodeSelection, to: Point, coalesce?: string): boolean => {
    const before = store.getState().doc;
    if (to[0] === sel.at[0] && to[1] === sel.at[1]) return false;
    if (!run(moveNode, { layer: sel.layer, from: sel.at, to }, coalesce ? { coalesce } : undefined)) return false;
    onSelect({ ...sel, at: to, card: nodeCardKey(sel) });
    announce(nodeMovedText(before, sel.layer, to));
    return true;
  };
}

/** Says a line in the editor's status region (the toolbar's, which also says what Undo did). */
export function useAnnounce(): (text: string) => void {
  const set = useSetAtom(announcementAtom);
  return (text) => set((a) => ({ text, n: a.n + 1 }));
}

/** Counts the nudge presses of this page (not of one panel: a step left by the panel before must not be joined). */
let nudgePress = 0;

/**
 * The arrow keys on the focused map move the selected node, before the editor's own nudge of selected locations
 * and the map's panning hear them (the node is what the Wayfinding tab is working on).
 */
export function useNodeNudgeKeys(selection: NetworkSelection, onSelect: (selection: NetworkSelection) => void): void {
  const { store } = useEditor();
  const announce = useAnnounce();
  const move = useMoveSelectedNode(onSelect);
  const latest = useRef({ selection, move, announce });
  useEffect(() => {
    latest.current = { selection, move, announce };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const { selection: sel, move: moveTo, announce: say } = latest.current;
      const active = document.activeElement as HTMLElement | null;
      if (sel?.kind !== 'node' || isEditableElement(active) || !active?.classList.contains('mn-viewport')) return;
      const by = nudgeOffset(e, store.getState().doc);
      if (!by) return;
      e.preventDefault();
      e.stopPropagation();
      // A held key repeats: its presses make one undo step; each new press is a step of its own.
      if (!e.repeat) nudgePress++;
      const to: Point = [clamp(sel.at[0] + by[0]), clamp(sel.at[1] + by[1])];
      if (!moveTo(sel, to, `wayfinding.node.nudge:${nudgePress}`) && !e.repeat) say(NODE_AT_EDGE);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [store]);
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** The node's X and Y, typed: a value off the map is refused with its reason and moves nothing. */
export function NodePositionFields({
  selection,
  onSelect,
}: {
  selection: NodeSelection;
  onSelect(selection: NetworkSelection): void;
}) {
  useEditorState();
  const move = useMoveSelectedNode(onSelect);
  const { at } = selection;
  const commit = (axis: 'X' | 'Y') => (text: string) => {
    const problem = nodeCoordProblem(axis, text);
    if (problem) return problem;
    const n = Number(text);
    move(selection, axis === 'X' ? [n, at[1]] : [at[0], n]);
    return null;
  };
  return (
    <div className="panel__row">
      <TextProp label="X (0-1)" value={shownCoord(at[0])} onBlurOnly commit={commit('X')} />
      <TextProp label="Y (0-1)" value={shownCoord(at[1])} onBlurOnly commit={commit('Y')} />
    </div>
  );
}
