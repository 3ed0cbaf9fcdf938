import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { playerForLink } from '@mapnest/shared/video-players';
import { escapeHtml, sanitizeHtml } from '../../../viewer/sanitize';
import type { Commit } from './fields';
import { usePendingEdit } from '../save/save-controller';

/** Rich text as visitors will see it: the same sanitiser the viewer runs, applied before storing. */
export function cleanDescription(html: string): string {
  const box = document.createElement('div');
  box.append(sanitizeHtml(html));
  const out = box.innerHTML.trim();
  return out === '<br>' || out === '<p><br></p>' ? '' : out;
}

/** Each button's text, its name for a screen reader where the text is a letter ("B" is heard as "B"), and its tip. */
const COMMANDS = [
  { cmd: 'bold', label: 'B', name: 'Bold', keys: 'Control+B', title: 'Bold (Ctrl+B)' },
  { cmd: 'italic', label: 'I', name: 'Italic', keys: 'Control+I', title: 'Italic (Ctrl+I)' },
  { cmd: 'insertUnorderedList', label: '• List', name: 'Bulleted list', title: 'Bulleted list' },
  { cmd: 'createLink', label: 'Link', title: 'Link the selected text' },
  { cmd: 'insertVideo', label: 'Video', title: 'Add a YouTube or Vimeo video by its link' },
  { cmd: 'removeFormat', label: 'Clear', title: 'Remove formatting' },
] as const;

type FormatCommand = (typeof COMMANDS)[number]['cmd'];

export const NOT_A_VIDEO = 'That link is not a YouTube or Vimeo video.';

/**
 * Puts sanitised markup where the caret is in the box (at its end when the caret is elsewhere): what is inserted is
 * what visitors will see, a player sandboxed as in the viewer. Not through execCommand, which would insert the
 * markup as given.
 */
function insertAtCaret(box: HTMLElement, html: string): void {
  const fragment = sanitizeHtml(html);
  const last = fragment.lastChild;
  const sel = window.getSelection();
  const range = sel?.rangeCount ? sel.getRangeAt(0) : null;
  if (!range || !box.contains(range.commonAncestorContainer)) box.append(fragment);
  else {
    range.deleteContents();
    range.insertNode(fragment);
  }
  if (last && sel) sel.collapse(last.parentNode, Array.prototype.indexOf.call(last.parentNode!.childNodes, last) + 1);
}

/** The last leaf of a node, looking inside elements (an iframe is a leaf). */
function lastLeaf(node: Node | null): Node | null {
  while (node && node.nodeName !== 'IFRAME' && node.lastChild) node = node.lastChild;
  return node;
}

/**
 * The player just before a collapsed caret, across the start of its paragraph: Backspace there would otherwise merge
 * the paragraph up beside the player and never remove it (Chromium; Delete before a player does remove it).
 */
function playerBeforeCaret(box: HTMLElement): Element | null {
  const range = window.getSelection()?.rangeCount ? window.getSelection()!.getRangeAt(0) : null;
  if (!range?.collapsed || !box.contains(range.startContainer)) return null;
  let node: Node = range.startContainer;
  if (node.nodeType === Node.ELEMENT_NODE && range.startOffset > 0) {
    const before = lastLeaf(node.childNodes[range.startOffset - 1] ?? null);
    return before?.nodeName === 'IFRAME' ? (before as Element) : null;
  }
  if (node.nodeType === Node.TEXT_NODE && range.startOffset > 0) return null;
  while (node !== box && !node.previousSibling) node = node.parentNode!;
  const before = node === box ? null : lastLeaf(node.previousSibling);
  return before?.nodeName === 'IFRAME' ? (before as Element) : null;
}

/** The player selected in the box has this class: outlined, and never saved (the sanitiser sets a player's attributes). */
const SELECTED = 'rte__player--selected';

/** The player the box's selection holds, alone and whole (a click on it, Shift and an arrow key over it); else null. */
function selectedPlayer(box: HTMLElement): Element | null {
  const range = window.getSelection()?.rangeCount ? window.getSelection()!.getRangeAt(0) : null;
  if (!range || range.collapsed || range.startContainer !== range.endContainer) return null;
  if (range.endOffset - range.startOffset !== 1 || !box.contains(range.startContainer)) return null;
  const node = range.startContainer.childNodes[range.startOffset];
  return node?.nodeName === 'IFRAME' ? (node as Element) : null;
}

/** Outlines the selected player, and only it. */
function markSelectedPlayer(box: HTMLElement): void {
  const selected = selectedPlayer(box);
  for (const frame of Array.from(box.querySelectorAll('iframe'))) frame.classList.toggle(SELECTED, frame === selected);
}

/**
 * A press on a player selects it, as a press on an image would: in the box the author edits the description, the
 * viewer and the preview are where the video plays. The player takes no pointer events here (editor.css), so the
 * press comes to the box and is matched to the player by where it is.
 */
function selectPlayerAt(e: MouseEvent<HTMLElement>): void {
  const box = e.currentTarget;
  const frame = Array.from(box.querySelectorAll('iframe')).find((f) => {
    const r = f.getBoundingClientRect();
    return e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
  });
  if (!frame || e.button !== 0) return;
  e.preventDefault();
  box.focus({ preventScroll: true });
  const range = document.createRange();
  range.selectNode(frame);
  window.getSelection()?.removeAllRanges();
  window.getSelection()?.addRange(range);
  markSelectedPlayer(box);
}

/**
 * A player's markup for a video link (a page link as people copy it, or a player address); null for any other. The
 * title is the player's accessible name, what a screen reader announces before the visitor enters it.
 */
function playerMarkup(link: string, title = 'Video'): string | null {
  const src = playerForLink(link);
  return src && `<iframe src="${escapeHtml(src)}" title="${escapeHtml(title.trim() || 'Video')}"></iframe><p><br></p>`;
}

/** Runs a toolbar command on the box; answers what went wrong, for the field to show, or null. */
function runCommand(cmd: FormatCommand, box: HTMLElement): string | null {
  box.focus();
  if (cmd === 'insertVideo') {
    const link = window.prompt('Video link (YouTube or Vimeo)');
    if (!link) return null;
    if (!playerForLink(link)) return NOT_A_VIDEO;
    // Cancelled here, nothing is added; left empty, the player is called "Video".
    const title = window.prompt('Video title, read out by screen readers (for example "Tour of unit 4")', 'Video');
    const player = title === null ? null : playerMarkup(link, title);
    if (player) insertAtCaret(box, player);
  } else if (cmd === 'createLink') {
    const url = window.prompt('Link address (https://…, mailto:… or tel:…)');
    if (url) document.execCommand(cmd, false, url);
  } else document.execCommand(cmd);
  return null;
}

/**
 * A small WYSIWYG editor (bold, italic, lists, links, video players) over contentEditable. Its output is sanitised
 * on every commit, so what is stored is what visitors' browsers get after their own sanitising. A player shows as
 * in the viewer, one block the caret passes over; Backspace or Delete next to it removes it (ADR 073). A click on it
 * selects it (outlined) rather than playing it; Backspace or Delete then removes it.
 */
export function RichTextEditor({ label, value, commit }: { label: string; value: string; commit: Commit<string> }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const last = useRef(value);

  // Only outside changes (undo, another location) replace the content; typing keeps the caret.
  useEffect(() => {
    const el = box.current;
    if (!el || value === last.current) return;
    last.current = value;
    el.replaceChildren(sanitizeHtml(value));
  }, [value]);
  useEffect(() => {
    box.current?.replaceChildren(sanitizeHtml(last.current));
    const onSelection = () => box.current && markSelectedPlayer(box.current);
    document.addEventListener('selectionchange', onSelection);
    return () => {
      clearTimeout(timer.current);
      document.removeEventListener('selectionchange', onSelection);
    };
  }, []);

  const typed = useRef(false);
  // Typed text not committed yet, for the save status (a state, set only when it changes: not each key).
  const [typing, setTyping] = useState(false);
  const flush = () => {
    clearTimeout(timer.current);
    typed.current = false;
    setTyping(false);
    const el = box.current;
    if (!el) return;
    const html = cleanDescription(el.innerHTML);
    if (html === last.current) return;
    last.current = html;
    setError(commit(html));
  };
  // A save, publish or leaving the editor commits what is typed here first (only typed text: the
  // stored HTML is not rewritten by merely reading it back).
  usePendingEdit(() => {
    if (typed.current) flush();
  }, typing);
  const exec = (cmd: FormatCommand) => {
    const el = box.current;
    if (!el) return;
    const problem = runCommand(cmd, el);
    if (problem) setError(problem);
    else flush();
  };
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      <div className="rte">
        <FormatBar label={label} onCommand={exec} />
        <div
          ref={box}
          className="rte__area input"
          contentEditable
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          tabIndex={0}
          suppressContentEditableWarning
          onInput={() => {
            typed.current = true;
            setTyping(true);
            clearTimeout(timer.current);
            timer.current = setTimeout(flush, 500);
          }}
          onBlur={flush}
          onMouseDown={selectPlayerAt}
          onKeyDown={(e) => removePlayerOnBackspace(e, flush)}
          onPaste={(e) => pasteInto(e, flush)}
        />
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Backspace removes the player before the caret; Backspace or Delete, the selected one (the caret stays where it was). */
function removePlayerOnBackspace(e: KeyboardEvent<HTMLElement>, then: () => void): void {
  const selected = e.key === 'Backspace' || e.key === 'Delete' ? selectedPlayer(e.currentTarget) : null;
  const player = selected ?? (e.key === 'Backspace' ? playerBeforeCaret(e.currentTarget) : null);
  if (!player) return;
  e.preventDefault();
  const [parent, at] = [player.parentNode!, Array.prototype.indexOf.call(player.parentNode!.childNodes, player)];
  player.remove();
  if (selected) window.getSelection()?.collapse(parent, at);
  then();
}

function pasteInto(e: ClipboardEvent<HTMLElement>, then: () => void): void {
  const html = pasted(e);
  if (html === null) return;
  e.preventDefault();
  insertAtCaret(e.currentTarget, html);
  then();
}

/**
 * What a paste puts in the box when it is not the browser's own paste: a player for a lone video link, and markup that
 * holds frames or players sanitised first (the browser's paste would show them unsandboxed until the box is saved).
 */
function pasted(e: ClipboardEvent): string | null {
  const text = e.clipboardData.getData('text/plain').trim();
  const player = /^\S+$/.test(text) ? playerMarkup(text) : null;
  if (player) return player;
  const html = e.clipboardData.getData('text/html');
  return /<(?:iframe|embed|object|frame)/i.test(html) ? html : null;
}

/** The formatting buttons; they keep the text's selection (no focus on mouse down). */
function FormatBar({ label, onCommand }: { label: string; onCommand(cmd: FormatCommand): void }) {
  return (
    <div className="rte__bar" role="toolbar" aria-label={`${label} formatting`}>
      {COMMANDS.map((c) => (
        <button
          key={c.cmd}
          type="button"
          className="rte__btn"
          title={c.title}
          aria-label={'name' in c ? c.name : undefined}
          aria-keyshortcuts={'keys' in c ? c.keys : undefined}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onCommand(c.cmd)}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}
