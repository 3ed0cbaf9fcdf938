import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhoneNote } from './EditorNotices';

const NOTE = 'Quick edits work here; for a full editing session, a larger screen is easier.';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the phone’s note', () => {
  it('says a larger screen is easier until the author dismisses it, and stays dismissed in this browser', () => {
    render(<PhoneNote />);
    expect(screen.getByText(NOTE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss this note' }));
    expect(screen.queryByText(NOTE)).toBeNull();
    cleanup();
    // The next visit.
    render(<PhoneNote />);
    expect(screen.queryByText(NOTE)).toBeNull();
  });

  it('is shown, and dismissed for this visit, where the browser keeps nothing (a private window)', () => {
    const refused = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refused);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refused);
    render(<PhoneNote />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss this note' }));
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
