import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODAL_ANIMATION_MS } from '@mapnest/shared/constants';
import { ConfirmDialog } from './ConfirmDialog';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ConfirmDialog', () => {
  it('shows title, subtitle and both buttons in a modal dialog', () => {
    render(
      <ConfirmDialog
        open
        title="Delete map?"
        subtitle="This cannot be undone."
        positive="Delete"
        negative="Keep"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete map?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('This cannot be undone.').id);
    expect(screen.getByRole('button', { name: 'Delete' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('button', { name: 'Keep' }).getAttribute('type')).toBe('button');
  });

  it('confirms by submitting the form (Enter in a field submits too)', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog open title="Rename" positive="Save" onConfirm={onConfirm} onCancel={() => {}}>
        <input aria-label="Name" />
      </ConfirmDialog>,
    );
    await act(async () => {
      fireEvent.submit((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).form!);
    });
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('starts on the confirming button, or on Cancel when confirming destroys something', async () => {
    render(<ConfirmDialog open title="Publish?" positive="Publish" onConfirm={() => {}} onCancel={() => {}} />);
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Publish'));
    cleanup();
    render(
      <ConfirmDialog
        open
        danger
        title="Delete version 3?"
        positive="Delete version"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    // Enter pressed by habit cancels.
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
  });

  it('cancels with the negative button and with Escape', () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog open title="Leave?" positive="Leave" onConfirm={() => {}} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('disables both buttons while the confirmation runs and shows its error if it fails', async () => {
    let reject!: (e: Error) => void;
    const onConfirm = () => new Promise<void>((_, r) => (reject = r));
    render(<ConfirmDialog open title="Delete?" positive="Delete" onConfirm={onConfirm} onCancel={() => {}} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    expect((screen.getByRole('button', { name: /Delete/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => reject(new Error('Map is locked')));
    expect(screen.getByRole('alert').textContent).toBe('Map is locked');
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('does not confirm while confirmDisabled is set', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete account"
        positive="Delete"
        confirmDisabled
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    );
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Delete' }).closest('form')!);
    });
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('keeps focus inside and returns it to the opener after the closing animation', () => {
    vi.useFakeTimers();
    function Host({ open }: { open: boolean }) {
      return (
        <>
          <button type="button">Opener</button>
          <ConfirmDialog open={open} title="Sure?" positive="Yes" onConfirm={() => {}} onCancel={() => {}} />
        </>
      );
    }
    const { rerender } = render(<Host open={false} />);
    screen.getByRole('button', { name: 'Opener' }).focus();
    rerender(<Host open />);
    const yes = screen.getByRole('button', { name: 'Yes' });
    expect(document.activeElement).toBe(yes);
    fireEvent.keyDown(yes, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    rerender(<Host open={false} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Opener' }));
    expect(screen.getByRole('dialog', { hidden: true })).toBeTruthy();
    act(() => vi.advanceTimersByTime(MODAL_ANIMATION_MS));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });
});
