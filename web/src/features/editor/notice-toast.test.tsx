import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noticeAtom } from './editor-state';
import { NoticeToast, noticeShownMs } from './EditorNotices';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** What another tab's restore brought in, as the editor says it. */
const LONG =
  'Version 12 was saved in another tab or device, restoring version 2 from History: “Paper Fox” added; 3 locations changed (“FreshMart”, “Voltage”, “Optika”); floors changed (“First floor” renamed “Level 1”); groups changed; settings changed; it is shown now.';

function setup(text: string, kind: 'error' | 'info' = 'info') {
  vi.useFakeTimers();
  const store = createStore();
  store.set(noticeAtom, { id: 1, text, kind });
  render(
    <Provider store={store}>
      <NoticeToast />
    </Provider>,
  );
  return store;
}

describe('the editor’s notice', () => {
  it('stays long enough to be read: 4 s for a few words, more for a long one, 8 s at least for an error', () => {
    expect(noticeShownMs({ text: 'Saved.', kind: 'info' })).toBe(4000);
    expect(noticeShownMs({ text: 'Saved.', kind: 'error' })).toBe(8000);
    // 38 words at 180 a minute, and a moment to notice it.
    expect(noticeShownMs({ text: LONG, kind: 'info' })).toBe(1500 + Math.ceil((38 * 60_000) / 180));
  });

  it('goes after its time, but not while the pointer rests on it or focus is in it', () => {
    const store = setup(LONG);
    const toast = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.queryByRole('status')).not.toBeNull();
    fireEvent.pointerEnter(toast);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByRole('status')).not.toBeNull();
    fireEvent.pointerLeave(toast);
    fireEvent.focus(screen.getByRole('button', { name: 'Dismiss' }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByRole('status')).not.toBeNull();
    fireEvent.blur(screen.getByRole('button', { name: 'Dismiss' }));
    act(() => vi.advanceTimersByTime(noticeShownMs({ text: LONG, kind: 'info' })));
    expect(store.get(noticeAtom)).toBeNull();
  });

  it('does not let what held one notice hold the next', () => {
    const store = setup('Floor added.');
    fireEvent.focus(screen.getByRole('button', { name: 'Dismiss' }));
    // Dismissed from the keyboard: the toast goes with focus in it, and no blur comes.
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    act(() => store.set(noticeAtom, { id: 2, text: 'Location added.', kind: 'info' }));
    act(() => vi.advanceTimersByTime(4000));
    expect(store.get(noticeAtom)).toBeNull();
  });
});
