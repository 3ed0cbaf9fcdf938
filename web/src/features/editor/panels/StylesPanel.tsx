import { useId, useState } from 'react';
import { parseHex, primaryTextOnWhite } from '@mapnest/shared/contrast';
import { contrastText } from '../../../viewer/markers/sprites';
import type { Style, StyleState } from '@mapnest/shared/map-document';
import { uniqueId } from '@mapnest/shared/map-ids';
import { addStyle, removeStyle, reorderStyle, updateStyle } from '../actions/structure';
import { useEditor, useEditorState } from '../editor-context';
import { CheckProp, ColorProp, NumberProp, Section, TextProp } from './fields';
import { useTry } from './Inspector';
import { useCardReorder, type CardReorder } from './Reorder';

type StateKey = 'normal' | 'hover' | 'active';
type StyleDefaults = Record<StateKey, { fill: string; stroke: string; text: string }>;

/** The primary colour mixed with white as the viewer's CSS `color-mix(in srgb, primary share%, #fff)` does. */
function tint(color: string, share: number): string {
  const rgb = parseHex(color) ?? [0, 0, 0];
  return `#${rgb
    .map((c) =>
      Math.round(c * share + 255 * (1 - share))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * The colours the viewer draws while a style leaves one empty, so an empty field shows what is used, not black: the
 * normal fill is the location's own (else its group's, else the primary colour: the primary shows), a marker's edge
 * is white and its text reads on its fill; a hovered or opened shape takes the primary colour's light tint
 * (`viewer.css`), the opened one outlined in the primary colour as links show it, and hovering keeps the stroke.
 */
export function styleDefaults(style: Style, primary: string): StyleDefaults {
  const fill = style.normal.fill ?? primary;
  const stroke = style.normal.stroke ?? '#ffffff';
  const text = contrastText(fill);
  return {
    normal: { fill, stroke, text },
    hover: { fill: tint(primary, 0.3), stroke, text },
    active: { fill: tint(primary, 0.4), stroke: primaryTextOnWhite(primary), text },
  };
}

/** Reusable styles: colours and strokes for the normal, hover and active states. */
export function StylesPanel() {
  const { doc } = useEditorState();
  const { run } = useEditor();
  const attempt = useTry();
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const errorId = useId();
  const reorder = useCardReorder(
    doc.styles,
    (s) => s.name || s.id,
    (id, to) => run(reorderStyle, { id, to }),
  );
  const used = new Map<string, number>();
  for (const l of doc.locations) if (l.style) used.set(l.style, (used.get(l.style) ?? 0) + 1);
  return (
    <div className="styles-panel">
      <form
        className="panel__row"
        onSubmit={(e) => {
          e.preventDefault();
          const n = name.trim();
          if (!n) return;
          const id = uniqueId(n.toLowerCase(), new Set(doc.styles.map((s) => s.id)), 'style');
          const problem = attempt(addStyle, {
            style: {
              id,
              name: n,
              normal: { fill: '#94a3b8' },
              hover: { fill: '#64748b' },
              active: { fill: doc.settings.primaryColor },
            },
          });
          setAddError(problem);
          if (!problem) setName('');
        }}
      >
        <input
          className="input"
          aria-label="New style name"
          placeholder="New style, e.g. Available"
          value={name}
          aria-invalid={addError ? true : undefined}
          aria-describedby={addError ? errorId : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setAddError(null);
          }}
        />
        <button type="submit" className="btn btn--primary btn--sm" disabled={!name.trim()}>
          Add
        </button>
      </form>
      {addError && (
        <p id={errorId} className="field__error" role="alert">
          {addError}
        </p>
      )}
      {doc.styles.length === 0 && (
        <p className="panel__empty">
          A style gives many locations the same colours (e.g. Available, Reserved, Sold); change the style and they all
          follow.
        </p>
      )}
      <ol className="card-list" aria-label="Styles" {...reorder.listProps}>
        {doc.styles.map((s, i) => (
          <StyleCard
            key={s.id}
            style={s}
            count={used.get(s.id) ?? 0}
            reorder={reorder}
            index={i}
            primary={doc.settings.primaryColor}
          />
        ))}
      </ol>
      {reorder.region}
    </div>
  );
}

function StyleCard({
  style: s,
  count,
  reorder,
  index,
  primary,
}: {
  style: Style;
  count: number;
  reorder: CardReorder<Style>;
  index: number;
  primary: string;
}) {
  const attempt = useTry();
  const defaults = styleDefaults(s, primary);
  const { run } = useEditor();
  const set = (patch: Partial<Style>) => attempt(updateStyle, { id: s.id, patch });
  const state = (key: StateKey, label: string) => {
    const v: StyleState = s[key];
    const put = (p: Partial<StyleState>) => {
      const next: Record<string, unknown> = { ...v, ...p };
      for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
      return set({ [key]: next } as Partial<Style>);
    };
    return (
      <Section title={label} open={key === 'normal'}>
        <ColorProp label="Fill" value={v.fill} fallback={defaults[key].fill} commit={(c) => put({ fill: c })} />
        <ColorProp label="Stroke" value={v.stroke} fallback={defaults[key].stroke} commit={(c) => put({ stroke: c })} />
        {key === 'normal' && (
          <NumberProp
            label="Stroke width"
            value={v.strokeWidth}
            min={0}
            max={50}
            commit={(n) => put({ strokeWidth: n })}
          />
        )}
        {key === 'normal' && (
          <ColorProp label="Text" value={v.text} fallback={defaults.normal.text} commit={(c) => put({ text: c })} />
        )}
      </Section>
    );
  };
  return (
    <li className="card" aria-label={s.name || s.id} {...reorder.itemProps(s, index)}>
      <div className="card__row">
        {reorder.handle(s, index)}
        <div className="style-swatches" aria-hidden="true">
          {(['normal', 'hover', 'active'] as const).map((k) => (
            <span
              key={k}
              className="style-swatch"
              style={{ background: s[k].fill ?? defaults[k].fill, borderColor: s[k].stroke ?? '#cbd5e1' }}
              title={k}
            />
          ))}
        </div>
      </div>
      <TextProp label="Name" value={s.name ?? ''} commit={(v) => set({ name: v || undefined })} />
      <TextProp label="Id" value={s.id} onBlurOnly commit={(v) => set({ id: v.trim() })} />
      <CheckProp label="Applies to markers" checked={s.markers} commit={(v) => set({ markers: v })} />
      <CheckProp label="Applies to SVG shapes" checked={s.svg} commit={(v) => set({ svg: v })} />
      {state('normal', 'Normal')}
      {state('hover', 'Hover')}
      {state('active', 'Active (opened)')}
      <div className="panel__row">
        <span className="panel__hint">Used by {count} locations</span>
        {reorder.buttons(s, index)}
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => run(removeStyle, { id: s.id })}>
          Delete
        </button>
      </div>
    </li>
  );
}
