import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { Modal, OpensAlone } from './Modal';

afterEach(() => cleanup());

/**
 * What Chromium does to a focused control that becomes disabled: focus goes to <body>, with a focusout. The test DOM
 * neither does it nor blurs a disabled control, so it is blurred while enabled for a moment
 * (test/maps/dialogs-browser.test.ts sees Chromium do it).
 */
function dropFocusLikeChromium(control: HTMLButtonElement) {
  act(() => {
    control.disabled = false;
    control.blur();
    control.disabled = true;
  });
  expect(document.activeElement).toBe(document.body);
}

function Dialog({ name, onClose }: { name: string; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} labelledBy={`${name}-title`}>
      <h2 id={`${name}-title`}>{name}</h2>
      <button type="button">Inside {name}</button>
    </Modal>
  );
}

describe('Modal', () => {
  it('keeps focus inside while its focused button is disabled, and gives it back to the button after a failure', async () => {
    let fail: (error: Error) => void = () => {};
    render(
      <ConfirmDialog
        open
        title="Delete map?"
        positive="Delete"
        onConfirm={() => new Promise((_, reject) => (fail = reject))}
        onCancel={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete map?' });
    const button = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    button.focus();
    await act(async () => fireEvent.click(button));
    expect(button.disabled).toBe(true);
    dropFocusLikeChromium(button);
    // The panel takes it, so Escape and Tab still reach the dialog.
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    await act(async () => fail(new Error('The server cannot be reached right now.')));
    expect(screen.getByText('The server cannot be reached right now.')).toBeTruthy();
    expect(document.activeElement).toBe(button);
  });

  it('stays open when the second click of a double click lands on its backdrop, and closes on a click there', () => {
    let closed = 0;
    render(<Dialog name="Publish" onClose={() => closed++} />);
    const backdrop = document.querySelector('.modal__backdrop')!;
    // Where the second click of a double click on the button that opened it lands: the backdrop now under the pointer.
    fireEvent.click(backdrop, { detail: 2 });
    expect(closed).toBe(0);
    fireEvent.click(backdrop, { detail: 1 });
    expect(closed).toBe(1);
  });

  it('closes the open modal when one the address opens (OpensAlone) opens, and gives focus back to where it was', async () => {
    function Page() {
      const [first, setFirst] = useState(false);
      const [second, setSecond] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setFirst(true)}>
            Open first
          </button>
          <button type="button" onClick={() => setSecond(true)}>
            Follow the address
          </button>
          {first && <Dialog name="First" onClose={() => setFirst(false)} />}
          {second && (
            <OpensAlone>
              <Dialog name="Second" onClose={() => setSecond(false)} />
            </OpensAlone>
          )}
        </>
      );
    }
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open first' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside First' }));
    // The address changes while the first is open (the page's own buttons are behind it).
    act(() => screen.getByRole('button', { name: 'Follow the address', hidden: true }).click());
    expect(screen.queryByRole('dialog', { name: 'First' })).toBeNull();
    expect(screen.getAllByRole('dialog').map((d) => d.getAttribute('aria-labelledby'))).toEqual(['Second-title']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside Second' }));
    expect(document.body.style.overflow).toBe('hidden');

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  describe('keeps Tab inside', () => {
    /** A dialog whose markup ends with controls Tab cannot reach, as the map preview's viewer does. */
    function Trap({ children }: { children?: ReactNode }) {
      return (
        <Modal open onClose={() => {}} labelledBy="trap-title">
          <h2 id="trap-title" tabIndex={-1} data-autofocus>
            Preview
          </h2>
          <label>
            <input type="radio" name="width" value="desktop" defaultChecked /> Desktop
          </label>
          <label>
            <input type="radio" name="width" value="phone" /> Phone
          </label>
          <button type="button">Close</button>
          <button type="button">Taxi rank</button>
          <button type="button" tabIndex={-1}>
            Bus stop
          </button>
          <div style={{ display: 'none' }}>
            <button type="button">Try again</button>
          </div>
          {children}
        </Modal>
      );
    }
    const button = (name: string) => screen.getByRole('button', { name });
    const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey });

    it('from the last stop to the first, past controls hidden or out of the tab order', () => {
      render(<Trap />);
      button('Taxi rank').focus();
      tab();
      expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Desktop' }));
    });

    it('from the first stop, and from the title before it, to the last stop on Shift+Tab', () => {
      render(<Trap />);
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Preview' }));
      tab(true);
      expect(document.activeElement).toBe(button('Taxi rank'));
      screen.getByRole('radio', { name: 'Desktop' }).focus();
      tab(true);
      expect(document.activeElement).toBe(button('Taxi rank'));
    });

    it('moves between stops inside in the order of the markup', () => {
      render(<Trap />);
      button('Close').focus();
      tab();
      expect(document.activeElement).toBe(button('Taxi rank'));
      tab(true);
      expect(document.activeElement).toBe(button('Close'));
      tab(true);
      expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Desktop' }));
    });

    it('leaves Tab to a dialog opened over it', () => {
      render(
        <Trap>
          <Dialog name="Confirm" onClose={() => {}} />
        </Trap>,
      );
      const inner = screen.getByRole('button', { name: 'Inside Confirm' });
      inner.focus();
      tab();
      expect(document.activeElement).toBe(inner);
    });
  });
});
