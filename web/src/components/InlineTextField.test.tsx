import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INLINE_SAVE_MIN_SPINNER_MS } from '@mapnest/shared/constants';
import { InlineTextField } from './InlineTextField';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const field = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
const validate = (v: string) => (v.length > 5 ? 'Too long' : null);

describe('InlineTextField', () => {
  it('commits the trimmed value on Enter and shows the spinner for at least 300 ms', async () => {
    const onSave = vi.fn(async () => {});
    render(<InlineTextField label="Name" value="Ada" onSave={onSave} />);
    fireEvent.change(field(), { target: { value: '  Grace ' } });
    await act(async () => {
      fireEvent.submit(field().form!);
    });
    expect(onSave).toHaveBeenCalledWith('Grace');
    expect(screen.getByRole('status').textContent).toBe('Saving');
    await act(async () => vi.advanceTimersByTime(INLINE_SAVE_MIN_SPINNER_MS - 1));
    expect(screen.queryByRole('status')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(field().value).toBe('Grace');
  });

  it('keeps the spinner until a slow save finishes', async () => {
    let finish!: () => void;
    render(<InlineTextField label="Name" value="Ada" onSave={() => new Promise<void>((r) => (finish = r))} />);
    fireEvent.change(field(), { target: { value: 'Grace' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Name' }));
    });
    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('status')).not.toBeNull();
    await act(async () => finish());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('commits with the check button, which only shows for a change', async () => {
    const onSave = vi.fn();
    render(<InlineTextField label="Name" value="Ada" onSave={onSave} />);
    expect(screen.queryByRole('button', { name: 'Save Name' })).toBeNull();
    fireEvent.change(field(), { target: { value: 'Ada ' } });
    expect(screen.queryByRole('button', { name: 'Save Name' })).toBeNull();
    fireEvent.change(field(), { target: { value: 'Alan' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Name' }));
    });
    expect(onSave).toHaveBeenCalledWith('Alan');
  });

  it('treats a value equal to the saved one as no change', async () => {
    const onSave = vi.fn();
    render(<InlineTextField label="Name" value="Ada" onSave={onSave} />);
    fireEvent.change(field(), { target: { value: '  Ada  ' } });
    await act(async () => {
      fireEvent.submit(field().form!);
    });
    expect(onSave).not.toHaveBeenCalled();
    expect(field().value).toBe('Ada');
  });

  it('shows the validation message and does not save', async () => {
    const onSave = vi.fn();
    render(<InlineTextField label="Name" value="Ada" onSave={onSave} validate={validate} />);
    fireEvent.change(field(), { target: { value: 'Augusta' } });
    await act(async () => {
      fireEvent.submit(field().form!);
    });
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Too long');
    expect(field().getAttribute('aria-invalid')).toBe('true');
  });

  it("shows a failed save's message and keeps the typed value", async () => {
    render(<InlineTextField label="Name" value="Ada" onSave={() => Promise.reject(new Error('Network down'))} />);
    fireEvent.change(field(), { target: { value: 'Grace' } });
    await act(async () => {
      fireEvent.submit(field().form!);
    });
    await act(async () => vi.advanceTimersByTime(INLINE_SAVE_MIN_SPINNER_MS));
    expect(screen.getByRole('alert').textContent).toBe('Network down');
    expect(field().value).toBe('Grace');
  });

  it('takes a new saved value from outside', () => {
    const { rerender } = render(<InlineTextField label="Name" value="Ada" onSave={() => {}} />);
    rerender(<InlineTextField label="Name" value="Grace" onSave={() => {}} />);
    expect(field().value).toBe('Grace');
  });

  it('saves a change when the field is left, with saveOnBlur, but not when its own check button takes the focus', async () => {
    const onSave = vi.fn(async () => {});
    render(
      <>
        <InlineTextField label="Name" value="Ada" onSave={onSave} saveOnBlur />
        <button type="button">Elsewhere</button>
      </>,
    );
    fireEvent.change(field(), { target: { value: 'Ada Lovelace' } });
    fireEvent.blur(field(), { relatedTarget: screen.getByRole('button', { name: 'Save Name' }) });
    expect(onSave).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.blur(field(), { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) });
    });
    expect(onSave).toHaveBeenCalledWith('Ada Lovelace');
  });

  it('says a change left unsaved under the field, without saveOnBlur, until it is saved, undone or back in focus', () => {
    const onSave = vi.fn();
    render(<InlineTextField label="Name" value="Ada" onSave={onSave} />);
    fireEvent.change(field(), { target: { value: 'Grace' } });
    fireEvent.blur(field());
    expect(onSave).not.toHaveBeenCalled();
    const note = 'Not saved yet: press Enter in the field or ✓ to save it, or Escape there to keep “Ada”.';
    expect(screen.getByText(note)).toBeTruthy();
    expect(field().getAttribute('aria-describedby')).toContain(screen.getByText(note).id);
    fireEvent.focus(field());
    expect(screen.queryByText(note)).toBeNull();
  });
});
