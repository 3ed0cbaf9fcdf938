// @vitest-environment jsdom
// jsdom, not happy-dom, for contenteditable, Selection and pasted markup (docs/adr/106-happy-dom.md).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_A_VIDEO, RichTextEditor } from './RichTextEditor';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const YT = 'dQw4w9WgXcQ';
const NOCOOKIE = `https://www.youtube-nocookie.com/embed/${YT}`;

function editor(value: string) {
  const commit = vi.fn<(html: string) => string | null>(() => null);
  render(<RichTextEditor label="Description" value={value} commit={commit} />);
  return { commit, box: screen.getByRole('textbox', { name: 'Description' }) };
}

/** The players in stored markup, as [src, sandbox] pairs. */
function players(html: string): string[][] {
  const div = document.createElement('div');
  div.innerHTML = html;
  return Array.from(div.querySelectorAll('iframe'), (f) => [f.getAttribute('src')!, f.getAttribute('sandbox')!]);
}

const SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox';

describe('RichTextEditor with video players', () => {
  it('shows a stored player as visitors get it, and keeps it when the text around it is edited', () => {
    const { box, commit } = editor(
      `<p>Tour</p><iframe src="https://www.youtube.com/embed/${YT}" title="Unit 4"></iframe>`,
    );
    const frame = box.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(NOCOOKIE);
    expect(frame.getAttribute('sandbox')).toBe(SANDBOX);
    expect(frame.getAttribute('title')).toBe('Unit 4');

    box.querySelector('p')!.textContent = 'Tour of unit 4';
    fireEvent.input(box);
    fireEvent.blur(box);
    expect(commit).toHaveBeenCalledTimes(1);
    const saved = commit.mock.calls[0]![0];
    expect(saved).toContain('<p>Tour of unit 4</p>');
    expect(players(saved)).toEqual([[NOCOOKIE, SANDBOX]]);
    // What is stored comes back the same when opened again (nothing to commit on the next blur).
    cleanup();
    const again = editor(saved);
    fireEvent.blur(again.box);
    expect(again.commit).not.toHaveBeenCalled();
    expect(again.box.innerHTML).toBe(saved);
  });

  it('adds a player for a video page link given to the Video button, named by the title the author gives', () => {
    const { box, commit } = editor('<p>Tour</p>');
    vi.spyOn(window, 'prompt')
      .mockReturnValueOnce(`https://youtu.be/${YT}?t=42`)
      .mockReturnValueOnce('Tour of <unit> 4');
    fireEvent.click(screen.getByRole('button', { name: 'Video' }));
    expect(players(commit.mock.calls[0]![0])).toEqual([[`${NOCOOKIE}?start=42`, SANDBOX]]);
    expect(box.querySelector('iframe')?.getAttribute('sandbox')).toBe(SANDBOX);
    expect(box.querySelector('iframe')?.getAttribute('title')).toBe('Tour of <unit> 4');
  });

  it('adds no player when the title is cancelled, and calls it "Video" when the title is left empty', () => {
    const { box, commit } = editor('<p>Tour</p>');
    const prompt = vi.spyOn(window, 'prompt').mockReturnValueOnce(`https://youtu.be/${YT}`).mockReturnValueOnce(null);
    fireEvent.click(screen.getByRole('button', { name: 'Video' }));
    expect(commit).not.toHaveBeenCalled();
    expect(box.querySelector('iframe')).toBeNull();
    prompt.mockReturnValueOnce(`https://youtu.be/${YT}`).mockReturnValueOnce('  ');
    fireEvent.click(screen.getByRole('button', { name: 'Video' }));
    expect(box.querySelector('iframe')?.getAttribute('title')).toBe('Video');
  });

  it('says so when the Video button is given a link that is not a video, and changes nothing', () => {
    const { commit } = editor('<p>Tour</p>');
    vi.spyOn(window, 'prompt').mockReturnValue('https://example.com/tour.mp4');
    fireEvent.click(screen.getByRole('button', { name: 'Video' }));
    expect(screen.getByRole('alert').textContent).toBe(NOT_A_VIDEO);
    expect(commit).not.toHaveBeenCalled();
  });

  it('makes a pasted video link a player, and sanitises pasted markup that holds frames', () => {
    const { box, commit } = editor('<p>Tour</p>');
    const paste = (data: Record<string, string>) =>
      fireEvent.paste(box, { clipboardData: { getData: (type: string) => data[type] ?? '' } });
    paste({ 'text/plain': 'https://vimeo.com/76979871' });
    expect(players(commit.mock.lastCall![0])).toEqual([['https://player.vimeo.com/video/76979871?dnt=1', SANDBOX]]);

    paste({
      'text/plain': 'x',
      'text/html': `<p>More</p><iframe src="https://evil.example/x"></iframe><iframe src="https://www.youtube.com/embed/${YT}" sandbox="allow-top-navigation"></iframe>`,
    });
    expect(box.innerHTML).not.toContain('evil.example');
    expect(box.innerHTML).not.toContain('allow-top-navigation');
    expect(players(commit.mock.lastCall![0])).toEqual([
      ['https://player.vimeo.com/video/76979871?dnt=1', SANDBOX],
      [NOCOOKIE, SANDBOX],
    ]);
  });

  it('removes the player before the caret on Backspace, from the start of the next paragraph or right after it', () => {
    const { box, commit } = editor(
      `<p>Tour</p><iframe src="https://www.youtube.com/embed/${YT}"></iframe><p>After</p><p>x<iframe src="https://player.vimeo.com/video/1"></iframe></p>`,
    );
    const caret = (node: Node, offset: number) => {
      const range = document.createRange();
      range.setStart(node, offset);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
    };
    caret(box.querySelectorAll('p')[1]!.firstChild!, 2);
    expect(fireEvent.keyDown(box, { key: 'Backspace' })).toBe(true);
    caret(box.querySelectorAll('p')[1]!.firstChild!, 0);
    expect(fireEvent.keyDown(box, { key: 'Backspace' })).toBe(false);
    expect(players(commit.mock.lastCall![0])).toEqual([['https://player.vimeo.com/video/1?dnt=1', SANDBOX]]);
    caret(box.querySelectorAll('p')[2]!, 2);
    fireEvent.keyDown(box, { key: 'Backspace' });
    expect(box.innerHTML).toBe('<p>Tour</p><p>After</p><p>x</p>');
    expect(commit.mock.lastCall![0]).toBe('<p>Tour</p><p>After</p><p>x</p>');
  });

  it('selects a player on a click, outlined, saves it unchanged, and removes it on Delete', () => {
    const stored = `<p>Tour</p><iframe src="${NOCOOKIE}" title="Unit 4" ${Object.entries({
      sandbox: SANDBOX,
      allow: 'picture-in-picture; encrypted-media',
      allowfullscreen: '',
      loading: 'lazy',
      referrerpolicy: 'strict-origin-when-cross-origin',
    })
      .map(([k, v]) => `${k}="${v}"`)
      .join(' ')}></iframe><p>After</p>`;
    const { box, commit } = editor(stored);
    expect(box.innerHTML).toBe(stored);
    const frame = box.querySelector('iframe')!;
    vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue(new DOMRect(10, 40, 300, 169));
    expect(fireEvent.mouseDown(box, { clientX: 5, clientY: 50 })).toBe(true);
    expect(frame.classList).not.toContain('rte__player--selected');

    expect(fireEvent.mouseDown(box, { clientX: 150, clientY: 100 })).toBe(false);
    expect(frame.classList).toContain('rte__player--selected');
    expect(document.activeElement).toBe(box);
    const range = window.getSelection()!.getRangeAt(0);
    expect([range.startContainer, range.startOffset, range.endOffset]).toEqual([box, 1, 2]);
    expect(frame.getAttribute('title')).toBe('Unit 4');
    // Selected, it is saved byte for byte as it was stored.
    fireEvent.input(box);
    fireEvent.blur(box);
    expect(commit).not.toHaveBeenCalled();

    expect(fireEvent.keyDown(box, { key: 'Delete' })).toBe(false);
    expect(box.querySelector('iframe')).toBeNull();
    expect(commit.mock.lastCall![0]).toBe('<p>Tour</p><p>After</p>');
  });

  it('leaves an ordinary paste to the browser', () => {
    const { box, commit } = editor('<p>Tour</p>');
    const event = fireEvent.paste(box, {
      clipboardData: { getData: (type: string) => (type === 'text/plain' ? 'https://example.com/page' : '') },
    });
    expect(event).toBe(true);
    expect(commit).not.toHaveBeenCalled();
  });
});

describe('RichTextEditor formatting bar', () => {
  it('names each button as a screen reader should say it, not by its letter', () => {
    editor('<p>Open daily</p>');
    const bar = screen.getByRole('toolbar', { name: 'Description formatting' });
    const names = Array.from(bar.querySelectorAll('button'), (b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(names).toEqual(['Bold', 'Italic', 'Bulleted list', 'Link', 'Video', 'Clear']);
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-keyshortcuts')).toBe('Control+B');
  });
});
