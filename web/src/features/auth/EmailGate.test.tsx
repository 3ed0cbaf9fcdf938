import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailGate } from './EmailGate';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('EmailGate', () => {
  it('asks to verify the address and hides Resend once the email is sent', async () => {
    let finish: () => void = () => undefined;
    const onResend = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<EmailGate email="ada@example.com" onResend={onResend} />);
    expect(screen.getByRole('heading', { name: 'Verify your email address' })).toBeTruthy();
    expect(screen.getByText(/Check your inbox, click the link, then refresh this page/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect((screen.getByRole('button', { name: /Resend/ }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    expect(screen.getByText('Verification email sent, please check your inbox and spam folder.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it('shows the resend failure messages, and lets the user try again', async () => {
    const onResend = vi
      .fn()
      .mockRejectedValueOnce(Object.assign(new Error('limit'), { name: 'LimitExceededException' }))
      .mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<EmailGate email="ada@example.com" onResend={onResend} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend' })));
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Try again later.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend' })));
    expect(screen.getByRole('alert').textContent).toBe('Unknown error. Please contact us.');
  });
});
