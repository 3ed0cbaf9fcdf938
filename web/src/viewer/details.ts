/**
 * The content of an open location: image, title, about, description and action buttons. Shared
 * by the popup on the map, the bottom sheet on phones and the sidebar panel.
 */
import { h, icon, uid } from './dom';
import type { LinkTarget } from './link';
import { sanitizeHtml } from './sanitize';
import type { ResolvedLocation, ViewerModel } from './viewer-model';

export type DetailsVariant = 'popup' | 'sheet' | 'panel';

export interface DetailsOptions {
  resolveUrl: (url: string) => string;
  target: LinkTarget;
  onClose: () => void;
}

const list = (value: string | undefined, sep: RegExp) =>
  (value ?? '')
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);

/** Builds the details dialog of a location; the close button is `.mn-details-close`. */
export function renderDetails(
  model: ViewerModel,
  l: ResolvedLocation,
  variant: DetailsVariant,
  opts: DetailsOptions,
): HTMLElement {
  const titleId = uid('mn-title');
  const extraId = uid('mn-extra');
  const text = model.settings.text;
  const floor = l.layer && model.layers.length > 1 ? model.layers.find((x) => x.id === l.layer)?.name : null;
  const meta = [floor, ...l.groupNames].filter(Boolean).join(' · ');
  const extra = h('div', { id: extraId, class: 'mn-details-extra', hidden: true });
  const buttons: HTMLButtonElement[] = [];
  const detail = (label: string, name: 'phone' | 'email' | 'clock', items: string[], link?: (s: string) => string) => {
    if (!items.length) return null;
    const btn = h(
      'button',
      { type: 'button', class: 'mn-chip-button', 'aria-expanded': 'false', 'aria-controls': extraId },
      icon(name, 16),
      h('span', null, label),
    );
    btn.addEventListener('click', () => {
      const open = btn.getAttribute('aria-expanded') !== 'true';
      for (const b of buttons) b.setAttribute('aria-expanded', 'false');
      btn.setAttribute('aria-expanded', String(open));
      extra.hidden = !open;
      extra.replaceChildren(
        h(
          'ul',
          null,
          items.map((s) => h('li', null, link ? h('a', { href: link(s) }, s) : s)),
        ),
      );
    });
    buttons.push(btn);
    return btn;
  };
  const actions = [
    detail('Phone', 'phone', list(l.source.phone, /,/), (p) => `tel:${p.replace(/[^\d+]/g, '')}`),
    detail('Email', 'email', list(l.source.email, /,/), (e) => `mailto:${e}`),
    detail('Hours', 'clock', list(l.source.hours, /;/)),
    l.source.link
      ? h(
          'a',
          {
            class: 'mn-primary-button',
            href: l.source.link,
            target: opts.target,
            rel: opts.target === '_blank' ? 'noopener noreferrer' : null,
          },
          h('span', null, l.source.more || text.more),
          opts.target === '_blank' && icon('external', 14),
        )
      : null,
  ].filter(Boolean);
  const desc = l.desc ? h('div', { class: 'mn-details-desc' }) : null;
  desc?.append(sanitizeHtml(l.desc));
  return h(
    'section',
    { class: `mn-details mn-details-${variant}`, role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': titleId },
    h(
      'button',
      { type: 'button', class: 'mn-details-close', 'aria-label': 'Close', onclick: opts.onClose },
      icon(variant === 'panel' ? 'back' : 'close'),
      variant === 'panel' && h('span', null, 'Back'),
    ),
    l.source.image &&
      h('img', {
        class: 'mn-details-image',
        src: opts.resolveUrl(l.source.image),
        alt: '',
        loading: 'lazy',
        referrerpolicy: 'no-referrer',
      }),
    h(
      'div',
      { class: 'mn-details-body' },
      h('h2', { id: titleId, class: 'mn-details-title' }, l.title || l.id),
      meta && h('p', { class: 'mn-details-meta' }, meta),
      l.about && h('p', { class: 'mn-details-about' }, l.about),
      desc,
      actions.length > 0 && h('div', { class: 'mn-details-actions' }, actions),
      extra,
    ),
  );
}
