/**
 * A location's "Copy link", in its details where the map deep-links: the link to the map open at that location, put on
 * the clipboard. Its address is the page's own with `?location=` (`shareLink`): on the map's own page and in an iframe
 * embed that is the hosted map's `/m/{id}` address, which works anywhere (the frame's address is not the customer's
 * page, and the visitor cannot see it to copy it); in a script-tag embed it is the customer's page, whose loader reads
 * `?location=` back. A cross-origin iframe may write to the clipboard only where its element allows it
 * (`allow="clipboard-write"`, which the editor's iframe snippet carries); an older snippet, a browser that refuses or
 * has no clipboard: the link is selected in a field of its own and the document's copy command tried on it; where that
 * fails too, the field stays, with a sentence saying to copy it by hand. "Link copied" is said only once the clipboard
 * (or the copy command) said it took it.
 */
import { FIXED_FROM_PARAM, FROM_PARAM, KIOSK_PARAM, STEP_FREE_PARAM, TO_PARAM, withLocationParam } from '../deep-link';
import { h, icon } from '../dom';
import type { ViewerText } from '../i18n/messages';

/** What copying needs of the browser's clipboard (`navigator.clipboard`; absent outside secure contexts). */
export type LinkClipboard = Pick<Clipboard, 'writeText'> | undefined;

/**
 * The link to share for location `id` from a page at `href`: its address with `?location=id`, without what is this
 * visit's own (a route, a kiosk's mode and fixed start), so that whoever opens it sees the location.
 */
export function shareLink(href: string, id: string): string {
  const url = new URL(withLocationParam(href, id));
  for (const name of [FROM_PARAM, TO_PARAM, STEP_FREE_PARAM, FIXED_FROM_PARAM, KIOSK_PARAM])
    url.searchParams.delete(name);
  return url.toString();
}

/** Adds the "Copy link" button for `link` to the details' actions (before "More"), with what it says under them. */
export function addCopyLink(
  details: HTMLElement,
  link: string,
  t: ViewerText,
  clipboard: () => LinkClipboard = () => navigator.clipboard,
): void {
  const body = details.querySelector('.mn-details-body') ?? details;
  let actions = body.querySelector('.mn-details-actions');
  // None yet (no contact, link or directions): a row of its own, where details.ts puts it (before the contact area).
  if (!actions) body.querySelector('.mn-details-extra')!.before((actions = h('div', { class: 'mn-details-actions' })));
  const button = h(
    'button',
    { type: 'button', class: 'mn-chip-button mn-copy-link' },
    icon('link', 16),
    h('span', null, t.t('copyLink')),
  );
  // A live region from the start, so that what it says is announced.
  const note = h('p', { class: 'mn-copy-note', role: 'status' });
  const field = h('input', {
    type: 'text',
    class: 'mn-copy-field',
    readonly: true,
    value: link,
    'aria-label': t.t('linkToLocation'),
    hidden: true,
  });
  field.addEventListener('focus', () => field.select());
  const area = h('div', { class: 'mn-copy' }, note, field);
  let asked = 0;
  const say = (copied: boolean) => {
    field.hidden = copied;
    note.textContent = t.t(copied ? 'linkCopied' : 'copyRefused');
    // In view in the details' scrolling body (a popup's or a sheet's), which the button's row may end: that body only,
    // as scrollIntoView would also scroll the customer's page around a script-tag embed.
    const below = area.getBoundingClientRect().bottom - body.getBoundingClientRect().bottom;
    if (below > 0) body.scrollTop += below;
  };
  button.addEventListener('click', () => {
    const ask = ++asked;
    note.textContent = '';
    void written(link, clipboard()).then((ok) => {
      // Closed meanwhile, or asked again: the later answer says it.
      if (ask !== asked || !button.isConnected) return;
      if (ok) return say(true);
      // Refused: the link selected in its field, for the older copy command (a frame's own, which the page's policy
      // does not stop) and, where that fails too, for the visitor to copy.
      field.hidden = false;
      field.focus({ preventScroll: true });
      field.setSelectionRange(0, link.length);
      const copied = copySelection();
      if (copied) button.focus({ preventScroll: true });
      say(copied);
    });
  });
  // Among the chips, before the location's own link ("More"), which keeps the row's end.
  const more = actions.querySelector(':scope > .mn-primary-button');
  if (more) more.before(button);
  else actions.append(button);
  actions.after(area);
}

/**
 * Whether the clipboard took `text`: false when there is none, the frame's element does not allow it (asked anyway,
 * the browser would log a policy violation on the customer's page) or it refused.
 */
async function written(text: string, clipboard: LinkClipboard): Promise<boolean> {
  const policy = (document as { featurePolicy?: { allowsFeature(feature: string): boolean } }).featurePolicy;
  if (!clipboard || policy?.allowsFeature('clipboard-write') === false) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Copies the selection by the document's copy command: true only when the browser says it did. */
function copySelection(): boolean {
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
