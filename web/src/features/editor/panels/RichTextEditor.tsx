import { useEffect, useId, useRef, useState } from 'react';
import { sanitizeHtml } from '../../../viewer/sanitize';
import type { Commit } from './fields';
import { usePendingEdit } from '../save/save-controller';

/** Rich text as visitors will see it: the same sanitiser the viewer runs, applied before storing. */
export function cleanDescription(html: string): string {
  const box = document.createElement('div');
  box.append(sanitizeHtml(html));
  const out = box.innerHTML.trim();
  return out === '<br>' || out === '<p><br></p>' ? '' : out;
}

const COMMANDS = [
  { cmd: 'bold', label: 'B', title: 'Bold (Ctrl+B)' },
  { cmd: 'italic', label: 'I', title: 'Italic (Ctrl+I)' },
  { cmd: 'insertUnorderedList', label: '• List', title: 'Bulleted list' },
  { cmd: 'createLink', label: 'Link', title: 'Link the selected text' },
  { cmd: 'removeFormat', label: 'Clear', title: 'Remove formatting' },
] as const;

type FormatCommand = (typeof COMMANDS)[number]['cmd'];

/**
 * A small WYSIWYG editor (bold, italic, lists, links) over contentEditable. Its output is sanitised
 * on every commit, so what is stored is what visitors' browsers get after their own sanitising.
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
    return () => clearTimeout(timer.current);
  }, []);

  const typed = useRef(false);
  const flush = () => {
    clearTimeout(timer.current);
    typed.current = false;
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
  });
  const exec = (cmd: FormatCommand) => {
    box.current?.focus();
    if (cmd === 'createLink') {
      const url = window.prompt('Link address (https://…, mailto:… or tel:…)');
      if (!url) return;
      document.execCommand(cmd, false, url);
    } else document.execCommand(cmd);
    flush();
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
            clearTimeout(timer.current);
            timer.current = setTimeout(flush, 500);
          }}
          onBlur={flush}
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
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onCommand(c.cmd)}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}
