// @vitest-environment jsdom
/**
 * A location's "Copy link" (./copy-link.ts): the link it copies, what it says when the clipboard takes it, and the
 * link shown selected in a field of its own when the clipboard refuses (a cross-origin iframe not allowed to write to
 * it, a browser's denial, no clipboard at all), never "Link copied" then. The whole viewer on jsdom for where it shows.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENGLISH } from '../i18n/messages';
import { stubResizeObserver, WAIT } from '../jsdom-page.fixtures';
import { addCopyLink, shareLink, type LinkClipboard } from './copy-link';

vi.mock('../stage/stage', () => import('../stage-stand-in.fixtures'));

const { mountTwoFloors, destroyViewers, twoFloors } = await import('../directions/two-floors.fixtures');
const LINK = 'https://maps.mapnest.example/m/riverside?location=harrow-finch';

/** Details as ./details.ts renders them: a body with the location's actions, "More" last. */
function details(): HTMLElement {
  const el = document.createElement('section');
  el.innerHTML = `<div class="mn-details-body"><h2>Harrow &amp; Finch</h2><div class="mn-details-actions">
    <button class="mn-chip-button">Phone</button><a class="mn-primary-button" href="https://example.com">More</a>
    </div><div class="mn-details-extra" hidden></div></div>`;
  document.body.append(el);
  return el;
}

/** Adds the button over `clipboard`, clicks it and waits for what it says. */
async function copy(clipboard: LinkClipboard) {
  const el = details();
  addCopyLink(el, LINK, ENGLISH, () => clipboard);
  const button = el.querySelector<HTMLButtonElement>('.mn-copy-link')!;
  button.click();
  const note = el.querySelector('.mn-copy-note')!;
  await vi.waitFor(() => expect(note.textContent).not.toBe(''), WAIT);
  return { el, button, note, field: el.querySelector<HTMLInputElement>('.mn-copy-field')! };
}

/** The document's copy command, as a browser answers it (jsdom has none): refused unless a test says otherwise. */
let execCommand = vi.fn((_command: string) => false);

beforeEach(() => {
  stubResizeObserver();
  execCommand = vi.fn((_command: string) => false);
  document.execCommand = execCommand;
});
afterEach(() => {
  destroyViewers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the link a location’s Copy link copies', () => {
  it('is the map’s own address (a frame’s: the hosted map) with the location, without this visit’s route or kiosk', () => {
    expect(shareLink('https://maps.mapnest.example/m/riverside', 'harrow-finch')).toBe(LINK);
    expect(
      shareLink(
        'https://maps.mapnest.example/m/riverside?location=old&from=a&to=b&stepfree=1&kiosk=1&fixedfrom=door',
        'harrow-finch',
      ),
    ).toBe(LINK);
  });

  it('is the customer’s page with the location in a script-tag embed, the page’s own query and fragment kept', () => {
    expect(shareLink('https://shop.example/visit?utm_source=news#map', 'b2')).toBe(
      'https://shop.example/visit?utm_source=news&location=b2#map',
    );
  });
});

describe('copying a location’s link', () => {
  it('puts the link on the clipboard and says so once the clipboard has taken it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const { el, button, note, field } = await copy({ writeText });
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(note.textContent).toBe('Link copied.');
    expect(note.getAttribute('role')).toBe('status');
    expect(field.hidden).toBe(true);
    // Among the chips, before the location's own link.
    expect(button.nextElementSibling?.classList.contains('mn-primary-button')).toBe(true);
    expect(el.querySelector('.mn-copy')!.previousElementSibling?.classList.contains('mn-details-actions')).toBe(true);
  });

  it.each([
    [
      'refuses (a cross-origin frame without clipboard-write)',
      { writeText: () => Promise.reject(new DOMException('blocked', 'NotAllowedError')) },
    ],
    [
      'throws at once',
      {
        writeText: () => {
          throw new TypeError('no');
        },
      },
    ],
    ['is missing (not a secure context)', undefined],
  ] as [string, LinkClipboard][])(
    'shows the link selected in a field with a sentence to copy it by hand when the clipboard %s',
    async (_, clipboard) => {
      const { note, field } = await copy(clipboard);
      expect(note.textContent).toBe(ENGLISH.t('copyRefused'));
      expect(note.textContent).not.toMatch(/copied\./i);
      expect(field.hidden).toBe(false);
      expect(field.value).toBe(LINK);
      expect(field.readOnly).toBe(true);
      expect(field.getAttribute('aria-label')).toBe('Link to this location');
      expect(document.activeElement).toBe(field);
      expect([field.selectionStart, field.selectionEnd]).toEqual([0, LINK.length]);
    },
  );

  it('copies by the document’s copy command on the link selected when the clipboard refuses, and says so', async () => {
    execCommand = vi.fn((command: string) => {
      // What is selected when it runs: the link, in its field.
      const field = document.activeElement as HTMLInputElement;
      return command === 'copy' && field.value.slice(field.selectionStart!, field.selectionEnd!) === LINK;
    });
    document.execCommand = execCommand;
    const { button, note, field } = await copy({ writeText: () => Promise.reject(new Error('blocked')) });
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(note.textContent).toBe('Link copied.');
    expect(field.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('asks no clipboard a frame’s element does not allow (no policy violation logged), trying the copy command', async () => {
    const allowsFeature = vi.fn(() => false);
    Object.defineProperty(document, 'featurePolicy', { configurable: true, value: { allowsFeature } });
    try {
      const writeText = vi.fn(() => Promise.resolve());
      const { note } = await copy({ writeText });
      expect(allowsFeature).toHaveBeenCalledWith('clipboard-write');
      expect(writeText).not.toHaveBeenCalled();
      expect(execCommand).toHaveBeenCalledWith('copy');
      expect(note.textContent).toBe(ENGLISH.t('copyRefused'));
    } finally {
      delete (document as { featurePolicy?: unknown }).featurePolicy;
    }
  });

  it('says "Link copied" after a refusal once a second try is taken', async () => {
    let allow = false;
    const { button, note, field } = await copy({
      writeText: () => (allow ? Promise.resolve() : Promise.reject(new Error('no'))),
    });
    expect(field.hidden).toBe(false);
    allow = true;
    button.click();
    await vi.waitFor(() => expect(note.textContent).toBe('Link copied.'), WAIT);
    expect(field.hidden).toBe(true);
  });
});

describe('where a location’s details offer Copy link', () => {
  it('is in the details of a map that deep-links, copying its own address with the location', async () => {
    history.replaceState(null, '', 'http://localhost:3000/m/two-floors?from=a&to=c');
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { clipboard: { writeText } }));
    const { viewer, $ } = mountTwoFloors(1280, 800);
    viewer.openLocation('b');
    const button = $<HTMLButtonElement>('.mn-details .mn-copy-link')!;
    expect(button.textContent).toBe('Copy link');
    button.click();
    await vi.waitFor(() => expect($('.mn-copy-note')!.textContent).toBe('Link copied.'), WAIT);
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/m/two-floors?location=b');
  });

  it('is not offered where the map does not deep-link: its address never names a location', () => {
    const doc = twoFloors();
    doc.settings.deepLinking = false;
    const { viewer, $ } = mountTwoFloors(1280, 800, { document: doc });
    viewer.openLocation('b');
    expect($('.mn-details')).not.toBe(null);
    expect($('.mn-copy-link')).toBe(null);
  });
});
