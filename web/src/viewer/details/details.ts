/**
 * The content of an open location: image, title, about, description and action buttons. Shared
 * by the popup on the map, the bottom sheet on phones and the sidebar panel.
 */
import { h, icon, uid } from '../dom';
import type { ViewerText } from '../i18n/messages';
import type { LinkTarget } from '../link';
import { sanitizeHtml } from '../sanitize';
import { locationFloor, type ResolvedLocation, type ViewerModel } from '../viewer-model';

/** 'lightbox': large, in a modal dialog of its own (./lightbox.ts). */
export type DetailsVariant = 'popup' | 'sheet' | 'panel' | 'lightbox';

export interface DetailsOptions {
  resolveUrl: (url: string) => string;
  target: LinkTarget;
  onClose: () => void;
  /** A link in the description names location `id` (`#id`): the viewer opens it; false when it is none it can open. */
  openLocation: (id: string) => boolean;
  /**
   * The address of the map open at location `id` (its deep link), which a `#id` link in the description takes as its
   * href; null where the map does not deep-link or `id` names no location the viewer can open. Left out: none.
   */
  locationLink?: (id: string) => string | null;
}

const list = (value: string | undefined, sep: RegExp) =>
  (value ?? '')
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The contact buttons (phone, email, hours): each opens its list in the one shared `extra` area below
 * the actions and closes the others, like a disclosure group.
 */
class ContactDetails {
  readonly extra: HTMLElement;
  readonly #buttons: HTMLButtonElement[] = [];

  constructor(private readonly extraId: string) {
    this.extra = h('div', { id: extraId, class: 'mn-details-extra', hidden: true });
  }

  /** A button showing `items` (each a link through `link` when given), or null when there are none. */
  button(
    label: string,
    name: 'phone' | 'email' | 'clock',
    items: string[],
    link?: (s: string) => string,
  ): HTMLButtonElement | null {
    if (!items.length) return null;
    const btn = h(
      'button',
      { type: 'button', class: 'mn-chip-button', 'aria-expanded': 'false', 'aria-controls': this.extraId },
      icon(name, 16),
      h('span', null, label),
    );
    btn.addEventListener('click', () => {
      const open = btn.getAttribute('aria-expanded') !== 'true';
      for (const b of this.#buttons) b.setAttribute('aria-expanded', 'false');
      btn.setAttribute('aria-expanded', String(open));
      this.extra.hidden = !open;
      this.extra.replaceChildren(
        // Named by its button ("Hours"): a screen reader entering the list hears what it lists.
        h(
          'ul',
          { 'aria-label': label },
          items.map((s) => h('li', null, link ? h('a', { href: link(s) }, s) : s)),
        ),
      );
      // The details' own scroll box (never the page: an embed's page is the customer's) scrolls down the least that
      // shows the list: a phone's sheet is a short box, the list lands under its bottom edge, and without this the
      // visitor taps Hours and sees nothing change.
      const box = this.extra.parentElement!;
      if (open)
        box.scrollTop += Math.max(0, this.extra.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom);
    });
    this.#buttons.push(btn);
    return btn;
  }
}

/** The details' actions: the contact buttons, then the location's link ("More"). */
function detailActions(l: ResolvedLocation, contact: ContactDetails, t: ViewerText, target: LinkTarget): HTMLElement[] {
  const actions: (HTMLElement | null)[] = [
    contact.button(t.t('phone'), 'phone', list(l.source.phone, /,/), (p) => `tel:${p.replace(/[^\d+]/g, '')}`),
    contact.button(t.t('email'), 'email', list(l.source.email, /,/), (e) => `mailto:${e}`),
    contact.button(t.t('hours'), 'clock', list(l.source.hours, /;/)),
    l.source.link
      ? h(
          'a',
          {
            class: 'mn-primary-button',
            href: l.source.link,
            target,
            rel: target === '_blank' ? 'noopener noreferrer' : null,
          },
          h('span', null, l.source.more || t.t('more')),
          target === '_blank' && icon('external', 14),
        )
      : null,
  ];
  return actions.filter((a): a is HTMLElement => a !== null);
}

/**
 * Links to a fragment in a description (`#`, `#top`, `#<location id>`: common in descriptions imported from Mapplic,
 * `<a href="#">Book a viewing</a>`) are never followed: followed, they would open the map again in a new tab (the
 * sanitiser sends links out) or change the page's hash, which in an embed is the customer's and on the map's own page
 * is a history entry. One naming a location of the map opens it, as `?location=` does; any other does nothing (the
 * sanitiser keeps no `id` in a description, so there is no anchor in it to scroll to). Enter on a link is a click too.
 * Where the map deep-links, a link naming a location has the location's deep link as its address (set here, not by the
 * sanitiser, whose output stays what is stored): a middle-click, Ctrl/Cmd- or Shift-click opens the map at that
 * location in a new tab or window, and a copied link works. Any other fragment link's middle-click does nothing, where
 * it would open the same page again in a tab.
 */
function keepFragmentLinks(
  desc: HTMLElement,
  openLocation: (id: string) => boolean,
  locationLink: (id: string) => string | null,
): void {
  const fragments = new Map<Element, { id: string; linked: boolean }>();
  for (const link of Array.from(desc.querySelectorAll('a[href]'))) {
    const href = link.getAttribute('href')!.trim();
    if (!href.startsWith('#')) continue;
    const id = href.slice(1);
    const address = id ? locationLink(id) : null;
    if (address) link.setAttribute('href', address);
    fragments.set(link, { id, linked: !!address });
  }
  const fragmentOf = (e: Event) => {
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    return link ? fragments.get(link) : undefined;
  };
  desc.addEventListener('click', (e) => {
    const fragment = fragmentOf(e);
    if (!fragment || (fragment.linked && (e.ctrlKey || e.metaKey || e.shiftKey))) return;
    e.preventDefault();
    if (fragment.id) openLocation(fragment.id);
  });
  desc.addEventListener('auxclick', (e) => {
    const fragment = fragmentOf(e);
    if (fragment && !fragment.linked) e.preventDefault();
  });
}

/** Builds the details dialog of a location; the close button is `.mn-details-close`. */
export function renderDetails(
  model: ViewerModel,
  l: ResolvedLocation,
  variant: DetailsVariant,
  opts: DetailsOptions,
): HTMLElement {
  const titleId = uid('mn-title');
  const contact = new ContactDetails(uid('mn-extra'));
  const floor = locationFloor(model, l);
  // The floor and the groups, each in a <bdi>: in a right-to-left viewer, an author's "Home & Gifts" next to "كل الطوابق"
  // was torn apart and its dots doubled, as their directions ran into each other.
  const meta = [floor, ...l.groupNames].filter(Boolean);
  const actions = detailActions(l, contact, model.text, opts.target);
  const desc = l.desc ? h('div', { class: 'mn-details-desc', dir: 'auto' }) : null;
  if (desc) {
    desc.append(sanitizeHtml(l.desc));
    keepFragmentLinks(desc, opts.openLocation, opts.locationLink ?? (() => null));
  }
  return h(
    'section',
    { class: `mn-details mn-details-${variant}`, role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': titleId },
    h(
      'button',
      { type: 'button', class: 'mn-details-close', 'aria-label': model.text.t('close'), onclick: opts.onClose },
      icon(variant === 'panel' ? 'back' : 'close'),
      variant === 'panel' && h('span', null, model.text.t('back')),
    ),
    l.source.image &&
      h('img', {
        class: 'mn-details-image',
        src: opts.resolveUrl(l.source.image),
        alt: '',
        loading: 'lazy',
        referrerpolicy: 'no-referrer',
        // An image that cannot be loaded (moved, deleted, offline) leaves no broken-image icon in a grey band.
        onerror: (e: Event) => (e.target as Element).remove(),
      }),
    h(
      'div',
      { class: 'mn-details-body' },
      // The author's words keep their own direction in a page of the other (the directory's entries do too): the
      // title by its style (unicode-bidi: plaintext), so that its room for the close button stays on the viewer's end.
      h('h2', { id: titleId, class: 'mn-details-title' }, l.title || l.id),
      meta.length > 0 &&
        h('p', { class: 'mn-details-meta' }, ...meta.flatMap((p, i) => [i ? ' · ' : '', h('bdi', null, p)])),
      l.about && h('p', { class: 'mn-details-about', dir: 'auto' }, l.about),
      desc,
      actions.length > 0 && h('div', { class: 'mn-details-actions' }, actions),
      contact.extra,
    ),
  );
}
