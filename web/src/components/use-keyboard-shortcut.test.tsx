import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Shortcut } from './shortcut';
import { useKeyboardShortcut, type ShortcutOptions } from './use-keyboard-shortcut';

afterEach(cleanup);

function Host({ shortcut, handler, options }: { shortcut: Shortcut; handler: () => void; options?: ShortcutOptions }) {
  useKeyboardShortcut(shortcut, handler, options);
  return <input aria-label="Field" />;
}

describe('useKeyboardShortcut', () => {
  it('fires on the combination and prevents the default action', () => {
    const handler = vi.fn();
    render(<Host shortcut={{ key: 's', mod: true }} handler={handler} />);
    const event = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it('fires for ctrl, meta, shift and alt combinations only when they match exactly', () => {
    const handler = vi.fn();
    render(<Host shortcut={{ key: 'z', ctrl: true, shift: true, alt: true }} handler={handler} />);
    fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true, altKey: true, metaKey: true });
    expect(handler).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true, altKey: true });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('leaves single keys to the input being typed in, but fires chords there', () => {
    const single = vi.fn();
    const chord = vi.fn();
    render(
      <>
        <Host shortcut={{ key: 'k' }} handler={single} />
        <Host shortcut={{ key: 'k', meta: true }} handler={chord} />
      </>,
    );
    const field = screen.getAllByRole('textbox')[0]!;
    field.focus();
    fireEvent.keyDown(field, { key: 'k' });
    fireEvent.keyDown(field, { key: 'k', metaKey: true });
    expect(single).not.toHaveBeenCalled();
    expect(chord).toHaveBeenCalledTimes(1);
  });

  it('does nothing when disabled, and stops on unmount', () => {
    const handler = vi.fn();
    const { rerender, unmount } = render(
      <Host shortcut={{ key: 'x' }} handler={handler} options={{ enabled: false }} />,
    );
    fireEvent.keyDown(document.body, { key: 'x' });
    expect(handler).not.toHaveBeenCalled();
    rerender(<Host shortcut={{ key: 'x' }} handler={handler} />);
    fireEvent.keyDown(document.body, { key: 'x' });
    expect(handler).toHaveBeenCalledTimes(1);
    unmount();
    fireEvent.keyDown(document.body, { key: 'x' });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
