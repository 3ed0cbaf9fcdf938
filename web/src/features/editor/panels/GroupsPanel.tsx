import { useId, useMemo, useState } from 'react';
import type { Group } from '@mapnest/shared/map-document';
import { uniqueId } from '@mapnest/shared/map-ids';
import {
  addFilter,
  addGroup,
  nextGroupColour,
  removeGroup,
  reorderFilter,
  reorderGroup,
  updateGroup,
  updateSettings,
} from '../actions/structure';
import { useEditor, useEditorState } from '../editor-context';
import { CheckProp, ColorProp, Section, TextProp } from './fields';
import { FilterCard } from './FilterCard';
import { fieldChoices, filterDisplayName, offeredSummary, suggestOptions } from './filter-edit';
import { useCardReorder, type CardReorder } from './Reorder';
import { useTry } from './use-try';

/** Groups (categories with a colour) and the filters the directory offers, in the order it offers them. */
export function GroupsPanel() {
  const inputId = useId();
  return (
    <div className="groups-panel">
      <GroupsSection inputId={inputId} />
      <FiltersSection fieldListId={`${inputId}-fields`} />
    </div>
  );
}

function GroupsSection({ inputId }: { inputId: string }) {
  const { doc } = useEditorState();
  const { run } = useEditor();
  const counts = useMemo(() => {
    const out = new Map<string, number>();
    for (const l of doc.locations) for (const g of l.groups ?? []) out.set(g, (out.get(g) ?? 0) + 1);
    return out;
  }, [doc.locations]);
  const groupOrder = useCardReorder(
    doc.groups,
    (g) => g.name,
    (id, to) => run(reorderGroup, { id, to }),
  );
  return (
    <Section title={`Groups (${doc.groups.length})`}>
      <AddGroupForm inputId={inputId} onAdded={(name) => groupOrder.announce(`Group “${name}” added.`)} />
      {doc.groups.length === 0 && (
        <p className="panel__empty">Groups sort locations into categories the directory can group and filter by.</p>
      )}
      <ol className="card-list" aria-label="Groups" {...groupOrder.listProps}>
        {doc.groups.map((g, i) => (
          <GroupCard key={g.id} group={g} count={counts.get(g.id) ?? 0} reorder={groupOrder} index={i} />
        ))}
      </ol>
      {groupOrder.region}
    </Section>
  );
}

/** The new group's name and Add; the group gets an id from its name and the palette's first colour no group has. */
function AddGroupForm({ inputId, onAdded }: { inputId: string; onAdded(name: string): void }) {
  const { doc } = useEditorState();
  const attempt = useTry();
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const add = () => {
    const n = name.trim();
    if (!n) return;
    const id = uniqueId(n.toLowerCase(), new Set(doc.groups.map((g) => g.id)), 'group');
    const problem = attempt(addGroup, {
      group: {
        id,
        name: n,
        color: nextGroupColour(
          doc.groups.map((g) => g.color),
          doc.settings.primaryColor,
        ),
      },
    });
    setAddError(problem);
    if (problem) return;
    setName('');
    // The new card is far below the field, out of sight of a screen reader: only the save status would speak.
    onAdded(n);
  };
  return (
    <>
      <form
        className="panel__row"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <input
          id={inputId}
          className="input"
          aria-label="New group name"
          placeholder="New group, e.g. Restaurants"
          value={name}
          aria-invalid={addError ? true : undefined}
          aria-describedby={addError ? `${inputId}-error` : undefined}
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
        <p id={`${inputId}-error`} className="field__error" role="alert">
          {addError}
        </p>
      )}
    </>
  );
}

/** How the directory offers filters, the buttons that add one of each kind, and the filters in order. */
function FiltersSection({ fieldListId }: { fieldListId: string }) {
  const { doc } = useEditorState();
  const { run } = useEditor();
  const attempt = useTry();
  const filterOrder = useCardReorder(doc.filters, filterDisplayName, (id, to) => run(reorderFilter, { id, to }));
  const fields = useMemo(() => fieldChoices(doc), [doc]);
  return (
    <Section title={`Filters (${doc.filters.length})`}>
      <CheckProp
        label="Offer filters in the directory"
        checked={doc.settings.filters.enabled}
        commit={(v) => attempt(updateSettings, { patch: { filters: { enabled: v } } })}
      />
      <CheckProp
        label="Always show the filters (no toggle)"
        checked={doc.settings.filters.alwaysVisible}
        commit={(v) => attempt(updateSettings, { patch: { filters: { alwaysVisible: v } } })}
      />
      {!doc.settings.filters.alwaysVisible && (
        <CheckProp
          label="Open the filters when the map loads"
          checked={doc.settings.filters.startOpen}
          commit={(v) => attempt(updateSettings, { patch: { filters: { startOpen: v } } })}
        />
      )}
      <p className="panel__hint filters-summary" role="note">
        {offeredSummary(doc)}
      </p>
      <AddFilterButtons firstCustomField={fields.find((f) => f.startsWith('fields.'))} />
      <datalist id={fieldListId}>
        {fields.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      <ol className="card-list" aria-label="Filters" {...filterOrder.listProps}>
        {doc.filters.map((f, i) => (
          <FilterCard key={f.id} filter={f} reorder={filterOrder} index={i} fieldListId={fieldListId} />
        ))}
      </ol>
      {filterOrder.region}
    </Section>
  );
}

/** + Group tags, + Checkbox, + Dropdown: each adds a filter of that kind with a working first setup. */
function AddFilterButtons({ firstCustomField }: { firstCustomField: string | undefined }) {
  const { doc } = useEditorState();
  const { run } = useEditor();
  const newFilterId = (base: string) => uniqueId(base, new Set(doc.filters.map((f) => f.id)), 'filter');
  return (
    <div className="panel__row">
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => run(addFilter, { filter: { id: newFilterId('categories'), type: 'groups', name: '' } })}
      >
        + Group tags
      </button>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() =>
          run(addFilter, {
            filter: {
              id: newFilterId('checkbox'),
              type: 'checkbox',
              name: 'Checkbox',
              condition: { field: firstCustomField ?? 'title', op: 'notEmpty' },
            },
          })
        }
      >
        + Checkbox
      </button>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() =>
          run(addFilter, {
            filter: {
              id: newFilterId('dropdown'),
              type: 'dropdown',
              name: 'Layer',
              field: 'layer',
              options: suggestOptions(doc, 'layer').options,
            },
          })
        }
      >
        + Dropdown
      </button>
    </div>
  );
}

function GroupCard({
  group: g,
  count,
  reorder,
  index,
}: {
  group: Group;
  count: number;
  reorder: CardReorder<Group>;
  index: number;
}) {
  const { run, notify, store } = useEditor();
  const primary = useEditorState().doc.settings.primaryColor;
  const attempt = useTry();
  const remove = () => {
    const inFilters = store
      .getState()
      .doc.filters.filter((f) => f.type === 'groups' && (f.groups.includes(g.id) || f.default.includes(g.id))).length;
    if (!run(removeGroup, { id: g.id })) return;
    const from = [
      count ? `${count} location${count === 1 ? '' : 's'}` : '',
      inFilters ? `${inFilters} filter${inFilters === 1 ? '' : 's'}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    notify(`Deleted the group “${g.name}”${from ? `, and took it off ${from}` : ''}. Undo brings it back.`, 'info');
  };
  return (
    <li className="card" aria-label={g.name} {...reorder.itemProps(g, index)}>
      <div className="card__row">
        {reorder.handle(g, index)}
        <div className="card__grow">
          <TextProp
            label="Name"
            value={g.name}
            commit={(v) => attempt(updateGroup, { id: g.id, patch: { name: v } }, `group:${g.id}:name`)}
          />
        </div>
      </div>
      <TextProp
        label="Id"
        value={g.id}
        onBlurOnly
        hint="Locations and filters refer to the group by this id; renaming it updates them."
        commit={(v) => attempt(updateGroup, { id: g.id, patch: { id: v.trim() } })}
      />
      <ColorProp
        label="Colour"
        value={g.color}
        fallback={primary}
        commit={(v) => attempt(updateGroup, { id: g.id, patch: { color: v } })}
      />
      <CheckProp
        label="Hidden (left out of the directory's grouping and filters)"
        checked={!!g.hide}
        commit={(v) => attempt(updateGroup, { id: g.id, patch: { hide: v || undefined } })}
      />
      <div className="panel__row">
        <span className="panel__hint">
          {count} location{count === 1 ? '' : 's'}
        </span>
        {reorder.buttons(g, index)}
        <button type="button" className="btn btn--ghost btn--sm" onClick={remove}>
          Delete
        </button>
      </div>
    </li>
  );
}
