import { useState } from 'react';
import { BUILTIN_FIELDS, CONDITION_OPS, type Filter, type Group } from '@mapnest/shared/map-document';
import { uniqueId } from '@mapnest/shared/map-ids';
import { addFilter, addGroup, removeFilter, removeGroup, reorderGroup, updateFilter, updateGroup, updateSettings } from '../actions/structure';
import { useEditor, useEditorState } from '../editor-context';
import { CheckProp, ColorProp, SelectProp, Section, TextProp } from './fields';
import { useTry } from './Inspector';

const PALETTE = ['#2563eb', '#16a34a', '#dc2626', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777'];

/** Groups (categories with a colour) and the filters the directory offers. */
export function GroupsPanel() {
  const { doc } = useEditorState();
  const { run } = useEditor();
  const attempt = useTry();
  const [name, setName] = useState('');
  const counts = new Map<string, number>();
  for (const l of doc.locations) for (const g of l.groups ?? []) counts.set(g, (counts.get(g) ?? 0) + 1);

  const add = () => {
    const n = name.trim();
    if (!n) return;
    const id = uniqueId(n.toLowerCase(), new Set(doc.groups.map((g) => g.id)), 'group');
    if (run(addGroup, { group: { id, name: n, color: PALETTE[doc.groups.length % PALETTE.length] } })) setName('');
  };

  return (
    <div className="groups-panel">
      <Section title={`Groups (${doc.groups.length})`}>
        <form
          className="panel__row"
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <input className="input" aria-label="New group name" placeholder="New group, e.g. Restaurants" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
          <button type="submit" className="btn btn--primary btn--sm" disabled={!name.trim()}>
            Add
          </button>
        </form>
        {doc.groups.length === 0 && <p className="panel__empty">Groups sort locations into categories the directory can filter by.</p>}
        <ol className="card-list">
          {doc.groups.map((g: Group, i) => (
            <li key={g.id} className="card">
              <TextProp label="Name" value={g.name} commit={(v) => attempt(updateGroup, { id: g.id, patch: { name: v } }, `group:${g.id}:name`)} />
              <ColorProp label="Colour" value={g.color} commit={(v) => attempt(updateGroup, { id: g.id, patch: { color: v } })} />
              <CheckProp label="Hidden (not offered as a filter)" checked={!!g.hide} commit={(v) => attempt(updateGroup, { id: g.id, patch: { hide: v || undefined } })} />
              <div className="panel__row">
                <span className="panel__hint">
                  {counts.get(g.id) ?? 0} locations · id {g.id}
                </span>
                <button type="button" className="icon-btn" aria-label="Move up" disabled={i === 0} onClick={() => run(reorderGroup, { id: g.id, to: i - 1 })}>
                  ↑
                </button>
                <button type="button" className="icon-btn" aria-label="Move down" disabled={i === doc.groups.length - 1} onClick={() => run(reorderGroup, { id: g.id, to: i + 1 })}>
                  ↓
                </button>
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => run(removeGroup, { id: g.id })}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <Section title={`Filters (${doc.filters.length})`}>
        <CheckProp label="Offer filters in the directory" checked={doc.settings.filters.enabled} commit={(v) => attempt(updateSettings, { patch: { filters: { enabled: v } } })} />
        <CheckProp label="Always show the filters (no toggle)" checked={doc.settings.filters.alwaysVisible} commit={(v) => attempt(updateSettings, { patch: { filters: { alwaysVisible: v } } })} />
        {doc.filters.length === 0 && <p className="panel__hint">Without filters of its own, the directory offers every visible group as a tag.</p>}
        <div className="panel__row">
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => run(addFilter, { filter: { id: uniqueId('categories', new Set(doc.filters.map((f) => f.id))), type: 'groups', name: 'Categories' } })}>
            + Group filter
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => run(addFilter, { filter: { id: uniqueId('checkbox', new Set(doc.filters.map((f) => f.id))), type: 'checkbox', name: 'Open now', condition: { field: 'title', op: 'notEmpty' } } })}
          >
            + Checkbox
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => run(addFilter, { filter: { id: uniqueId('dropdown', new Set(doc.filters.map((f) => f.id))), type: 'dropdown', name: 'Layer', field: 'layer', options: doc.layers.map((l) => ({ value: l.id, label: l.name })) } })}
          >
            + Dropdown
          </button>
        </div>
        <ol className="card-list">
          {doc.filters.map((f) => (
            <FilterCard key={f.id} filter={f} />
          ))}
        </ol>
      </Section>
    </div>
  );
}

const FIELD_OPTIONS = BUILTIN_FIELDS.map((f) => ({ value: f as string, label: f as string }));

function FilterCard({ filter: f }: { filter: Filter }) {
  const { doc } = useEditorState();
  const { run } = useEditor();
  const attempt = useTry();
  const change = (patch: Partial<Filter>) => attempt(updateFilter, { id: f.id, filter: { ...f, ...patch } });
  return (
    <li className="card">
      <p className="panel__hint">
        {f.type === 'groups' ? 'Group filter' : f.type === 'checkbox' ? 'Checkbox' : 'Dropdown'} · id {f.id}
      </p>
      <TextProp label="Name" value={f.name} commit={(v) => change({ name: v })} />
      <CheckProp label="Off" checked={f.disable} commit={(v) => change({ disable: v })} />
      {f.type === 'groups' && (
        <fieldset className="field">
          <legend className="field__label">Groups offered (none ticked: all visible groups)</legend>
          {doc.groups.map((g) => (
            <label key={g.id} className="check">
              <input
                type="checkbox"
                checked={f.groups.includes(g.id)}
                onChange={(e) => change({ groups: e.target.checked ? [...f.groups, g.id] : f.groups.filter((x) => x !== g.id), default: f.default.filter((x) => x !== g.id || e.target.checked) } as Partial<Filter>)}
              />
              {g.name}
            </label>
          ))}
          <SelectProp label="A location passes when it is in" value={f.match} options={[{ value: 'any', label: 'any picked group' }, { value: 'all', label: 'all picked groups' }]} commit={(v) => change({ match: v } as Partial<Filter>)} />
        </fieldset>
      )}
      {f.type === 'checkbox' && (
        <>
          <TextProp label="Field (a built-in name or fields.<key>)" value={f.condition.field} onBlurOnly commit={(v) => change({ condition: { ...f.condition, field: v.trim() } } as Partial<Filter>)} hint={`Built-in: ${FIELD_OPTIONS.map((o) => o.value).join(', ')}`} />
          <SelectProp label="Condition" value={f.condition.op} options={CONDITION_OPS.map((o) => ({ value: o, label: o }))} commit={(v) => change({ condition: { ...f.condition, op: v } } as Partial<Filter>)} />
          <TextProp label="Value" value={f.condition.value} commit={(v) => change({ condition: { ...f.condition, value: v } } as Partial<Filter>)} />
        </>
      )}
      {f.type === 'dropdown' && (
        <>
          <TextProp label="Field (a built-in name or fields.<key>)" value={f.field} onBlurOnly commit={(v) => change({ field: v.trim() } as Partial<Filter>)} />
          <TextProp
            label="Options (value or value=Label, one per line)"
            multiline
            onBlurOnly
            value={f.options.map((o) => (o.label ? `${o.value}=${o.label}` : o.value)).join('\n')}
            commit={(v) => {
              const options = v.split('\n').map((line) => line.trim()).filter(Boolean).map((line) => {
                const [value, ...label] = line.split('=');
                return label.length ? { value: value!.trim(), label: label.join('=').trim() } : { value: value!.trim() };
              });
              return change({ options, default: '' } as Partial<Filter>);
            }}
          />
        </>
      )}
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => run(removeFilter, { id: f.id })}>
        Delete filter
      </button>
    </li>
  );
}
