/**
 * The directory's filter controls: the filters a visitor is offered and the control for each (group tags,
 * a checkbox or a select), each reporting its value through the directory's callbacks.
 */
import type { Filter, Group } from '@mapnest/shared/map-document';
import type { FilterValue } from '../../map-core/conditions';
import { h } from '../dom';
import type { ViewerText } from '../i18n/messages';
import type { ViewerModel } from '../viewer-model';
import { BUILTIN_GROUP_FILTER } from '../viewer-model';

export interface OfferedFilter {
  id: string;
  name: string;
  filter: Filter | null;
  groups: readonly Group[];
}

/** The filters a visitor is offered: the document's own, or group tags when it defines none. */
export function offeredFilters(model: ViewerModel): OfferedFilter[] {
  if (!model.settings.filters.enabled) return [];
  const own = model.doc.filters.filter((f) => !f.disable);
  if (!own.length)
    return model.groups.length > 1
      ? [{ id: BUILTIN_GROUP_FILTER, name: model.text.t('categories'), filter: null, groups: model.groups }]
      : [];
  return own.map((f) => ({
    id: f.id,
    name: f.name,
    filter: f,
    groups:
      f.type !== 'groups'
        ? []
        : f.groups.length
          ? f.groups.map((g) => model.groupById.get(g)).filter((g): g is Group => !!g && !g.hide)
          : model.groups,
  }));
}

/** The control for one offered filter; `inputs` gets the function that shows a value in it. */
export function filterControl(
  o: OfferedFilter,
  cb: { onFilterValue(id: string, value: FilterValue): void },
  inputs: Map<string, (v: FilterValue | undefined) => void>,
  t: ViewerText,
): HTMLElement {
  const f = o.filter;
  if (!f || f.type === 'groups') {
    let picked: string[] = [];
    const buttons = o.groups.map((g) => {
      const b = h(
        'button',
        { type: 'button', class: 'mn-tag', 'aria-pressed': 'false' },
        g.color && h('span', { class: 'mn-tag-dot', 'aria-hidden': 'true' }),
        g.name,
      );
      if (g.color) b.style.setProperty('--mn-tag', g.color);
      b.addEventListener('click', () =>
        cb.onFilterValue(o.id, picked.includes(g.id) ? picked.filter((x) => x !== g.id) : [...picked, g.id]),
      );
      return b;
    });
    inputs.set(o.id, (v) => {
      picked = Array.isArray(v) ? [...v] : [];
      o.groups.forEach((g, i) => buttons[i]!.setAttribute('aria-pressed', String(picked.includes(g.id))));
    });
    return h('fieldset', { class: 'mn-filter-tags' }, h('legend', null, o.name || t.t('categories')), buttons);
  }
  if (f.type === 'checkbox') {
    const input = h('input', { type: 'checkbox' });
    input.addEventListener('change', () => cb.onFilterValue(o.id, input.checked));
    inputs.set(o.id, (v) => (input.checked = v === true));
    return h('label', { class: 'mn-filter-check' }, input, h('span', null, o.name));
  }
  const select = h(
    'select',
    null,
    h('option', { value: '' }, t.t('all')),
    f.options.map((opt) => h('option', { value: opt.value }, opt.label || opt.value)),
  );
  select.addEventListener('change', () => cb.onFilterValue(o.id, select.value));
  inputs.set(o.id, (v) => (select.value = typeof v === 'string' ? v : ''));
  return h('label', { class: 'mn-filter-select' }, h('span', null, o.name), select);
}
