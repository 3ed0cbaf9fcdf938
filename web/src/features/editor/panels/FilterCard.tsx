import { useState, type ReactNode } from 'react';
import {
  CONDITION_OPS,
  type CheckboxFilter,
  type DropdownFilter,
  type Filter,
  type GroupsFilter,
} from '@mapnest/shared/map-document';
import { removeFilter, updateFilter } from '../actions/structure';
import { useEditor, useEditorState } from '../editor-context';
import { CheckProp, SelectProp, TextProp, type Commit } from './fields';
import {
  CONDITION_LABELS,
  conditionProblem,
  conditionTakesValue,
  FILTER_KIND_LABELS,
  filterDisplayName,
  filterNameProblem,
  optionsText,
  parseOptions,
  suggestOptions,
  unusedFieldHint,
} from './filter-edit';
import type { CardReorder } from './Reorder';
import { useTry } from './use-try';

/** One filter of the directory: its name, id and on/off, the fields of its kind, its place in the order. */
export function FilterCard({
  filter: f,
  reorder,
  index,
  fieldListId,
}: {
  filter: Filter;
  reorder: CardReorder<Filter>;
  index: number;
  fieldListId: string;
}) {
  const { run } = useEditor();
  const attempt = useTry();
  const change = (patch: Partial<Filter>, coalesce?: string) =>
    attempt(updateFilter, { id: f.id, filter: { ...f, ...patch } }, coalesce);
  const label = filterDisplayName(f);
  return (
    <li className="card" aria-label={`${label} (${FILTER_KIND_LABELS[f.type]})`} {...reorder.itemProps(f, index)}>
      <div className="card__row">
        {reorder.handle(f, index)}
        <p className="card__grow filter-kind">
          <strong>{FILTER_KIND_LABELS[f.type]}</strong>
          {f.disable && <span className="panel__hint"> · off</span>}
        </p>
      </div>
      <TextProp
        label="Name"
        value={f.name}
        placeholder={f.type === 'groups' ? 'Categories' : undefined}
        hint={f.type === 'groups' ? 'Shown above the tags; empty shows “Categories”.' : undefined}
        commit={(v) => filterNameProblem(f.type, v) ?? change({ name: v }, `filter:${f.id}:name`)}
      />
      <TextProp label="Id" value={f.id} onBlurOnly commit={(v) => change({ id: v.trim() })} />
      <CheckProp label="Off (not offered to visitors)" checked={f.disable} commit={(v) => change({ disable: v })} />
      {f.type === 'groups' && <GroupsFilterFields filter={f} change={change} />}
      {f.type === 'checkbox' && <CheckboxFilterFields filter={f} change={change} fieldListId={fieldListId} />}
      {f.type === 'dropdown' && <DropdownFilterFields filter={f} change={change} fieldListId={fieldListId} />}
      <div className="panel__row">
        {reorder.buttons(f, index)}
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => run(removeFilter, { id: f.id })}>
          Delete filter
        </button>
      </div>
    </li>
  );
}

type Change = (patch: Partial<Filter>, coalesce?: string) => string | null;

/** A fieldset of checkboxes whose commit can be refused (its message shows under the boxes). */
function CheckList({
  legend,
  hint,
  children,
  error,
}: {
  legend: string;
  hint?: string;
  children: ReactNode;
  error: string | null;
}) {
  return (
    <fieldset className="field check-list">
      <legend className="field__label">{legend}</legend>
      {hint && <p className="field__hint">{hint}</p>}
      {children}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function GroupsFilterFields({ filter: f, change }: { filter: GroupsFilter; change: Change }) {
  const { doc } = useEditorState();
  const [offerError, setOfferError] = useState<string | null>(null);
  const [defaultError, setDefaultError] = useState<string | null>(null);
  // Visitors never see hidden groups; one still preselected stays listed so it can be unticked.
  const pickable = doc.groups.filter(
    (g) => ((f.groups.length === 0 || f.groups.includes(g.id)) && !g.hide) || f.default.includes(g.id),
  );
  const toggleOffered = (id: string, on: boolean) => {
    const groups = on
      ? doc.groups.filter((g) => g.id === id || f.groups.includes(g.id)).map((g) => g.id)
      : f.groups.filter((x) => x !== id);
    // A preselected group the filter no longer offers could never be unticked by a visitor.
    const keep = groups.length ? f.default.filter((x) => groups.includes(x)) : f.default;
    setOfferError(change({ groups, default: keep }));
  };
  if (doc.groups.length === 0) return <p className="panel__hint">Add groups above: this filter offers them as tags.</p>;
  return (
    <>
      <CheckList
        legend="Groups offered"
        hint="None ticked: every group that is not hidden, in the groups' order."
        error={offerError}
      >
        {doc.groups.map((g) => (
          <label key={g.id} className="check">
            <input
              type="checkbox"
              checked={f.groups.includes(g.id)}
              onChange={(e) => toggleOffered(g.id, e.target.checked)}
            />
            {g.name}
            {g.hide && <span className="panel__hint"> (hidden: never offered)</span>}
          </label>
        ))}
      </CheckList>
      <CheckList legend="Picked when the map opens" error={defaultError}>
        {pickable.map((g) => (
          <label key={g.id} className="check">
            <input
              type="checkbox"
              checked={f.default.includes(g.id)}
              onChange={(e) =>
                setDefaultError(
                  change({ default: e.target.checked ? [...f.default, g.id] : f.default.filter((x) => x !== g.id) }),
                )
              }
            />
            {g.name}
          </label>
        ))}
      </CheckList>
      <SelectProp
        label="A location passes when it is in"
        value={f.match}
        options={[
          { value: 'any', label: 'any picked group' },
          { value: 'all', label: 'every picked group' },
        ]}
        commit={(v) => change({ match: v })}
      />
    </>
  );
}

function FieldRefProp({
  value,
  commit,
  fieldListId,
  label,
}: {
  value: string;
  commit: Commit<string>;
  fieldListId: string;
  label: string;
}) {
  const { doc } = useEditorState();
  return (
    <TextProp
      label={label}
      value={value}
      onBlurOnly
      list={fieldListId}
      hint={
        unusedFieldHint(doc, value) ?? 'A built-in field (title, layer, groups…) or fields.<key> for a custom field.'
      }
      commit={(v) => commit(v.trim())}
    />
  );
}

function CheckboxFilterFields({
  filter: f,
  change,
  fieldListId,
}: {
  filter: CheckboxFilter;
  change: Change;
  fieldListId: string;
}) {
  const setCondition = (patch: Partial<CheckboxFilter['condition']>) => {
    const condition = { ...f.condition, ...patch };
    return conditionProblem(condition) ?? change({ condition });
  };
  return (
    <>
      <FieldRefProp
        label="When ticked, show locations whose field"
        value={f.condition.field}
        fieldListId={fieldListId}
        commit={(field) => setCondition({ field })}
      />
      <SelectProp
        label="Condition"
        value={f.condition.op}
        options={CONDITION_OPS.map((o) => ({ value: o, label: CONDITION_LABELS[o] }))}
        commit={(op) => setCondition({ op })}
      />
      {conditionTakesValue(f.condition.op) && (
        <TextProp
          label="Value"
          value={f.condition.value}
          onBlurOnly
          commit={(value) => setCondition({ value })}
          hint="Text is compared without regard to case."
        />
      )}
      <CheckProp label="Ticked when the map opens" checked={f.default} commit={(v) => change({ default: v })} />
    </>
  );
}

function DropdownFilterFields({
  filter: f,
  change,
  fieldListId,
}: {
  filter: DropdownFilter;
  change: Change;
  fieldListId: string;
}) {
  const { doc } = useEditorState();
  const [suggestNote, setSuggestNote] = useState<string | null>(null);
  const setOptions = (options: DropdownFilter['options']) =>
    // The preselected option goes only if it is gone from the list.
    change({ options, default: options.some((o) => o.value === f.default) ? f.default : '' });
  const suggest = () => {
    const { options, more } = suggestOptions(doc, f.field);
    if (options.length === 0) return setSuggestNote(`No location has a value for ${f.field} yet.`);
    const problem = setOptions(options);
    setSuggestNote(
      problem ??
        `Filled ${options.length} option${options.length === 1 ? '' : 's'} from the map${more ? `; ${more} more values were left out (at most 200)` : ''}. Undo puts the old list back.`,
    );
  };
  return (
    <>
      <FieldRefProp label="Field" value={f.field} fieldListId={fieldListId} commit={(field) => change({ field })} />
      <TextProp
        label="Options (value or value=Label, one per line)"
        multiline
        onBlurOnly
        value={optionsText(f.options)}
        commit={(v) => {
          const parsed = parseOptions(v);
          return 'error' in parsed ? parsed.error : setOptions(parsed.options);
        }}
      />
      <div className="panel__row">
        <button type="button" className="btn btn--ghost btn--sm" onClick={suggest}>
          Fill options from the map
        </button>
      </div>
      {suggestNote && (
        <p className="panel__hint" role="status">
          {suggestNote}
        </p>
      )}
      <SelectProp
        label="Chosen when the map opens"
        value={f.default}
        options={[
          { value: '', label: 'Nothing (every location)' },
          ...f.options.map((o) => ({ value: o.value, label: o.label || o.value })),
        ]}
        commit={(v) => change({ default: v })}
      />
      <SelectProp
        label="A location passes when its field"
        value={f.match}
        options={[
          { value: 'equals', label: 'equals the choice' },
          { value: 'contains', label: 'contains the choice' },
        ]}
        commit={(v) => change({ match: v })}
        hint={f.field === 'groups' ? 'For groups: the location is in the chosen group.' : undefined}
      />
    </>
  );
}
