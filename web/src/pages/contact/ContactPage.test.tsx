import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError, MESSAGES } from '@mapnest/shared/errors';
import { call } from '../../lib/api';
import { signedIn } from '../../app/testing.fixtures';
import { sessionAtom } from '../../state/session';
import ContactPage from './ContactPage';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockedCall = vi.mocked(call);

// Braces matter: a function returned from beforeEach runs as its teardown.
beforeEach(() => {
  mockedCall.mockReset();
});
afterEach(cleanup);

function renderPage(session?: typeof signedIn) {
  const store = createStore();
  if (session) store.set(sessionAtom, session);
  render(
    <Provider store={store}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <ContactPage /> }])} />
    </Provider>,
  );
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

function fillValid() {
  fireEvent.change(field('Name'), { target: { value: ' Ada Lovelace ' } });
  fireEvent.change(field('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByRole('combobox', { name: /^Topic/ }), { target: { value: 'sales' } });
  fireEvent.change(field('Message'), { target: { value: 'How do volume discounts work for 60 maps?' } });
}

const send = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
  });

describe('ContactPage', () => {
  it('validates in the browser, shows each problem and focuses the first', async () => {
    renderPage();
    fireEvent.change(field('Email'), { target: { value: 'not an email' } });
    await send();
    expect(mockedCall).not.toHaveBeenCalled();
    expect(screen.getByText('Enter your name.')).toBeTruthy();
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(screen.getByText('Choose a topic.')).toBeTruthy();
    expect(screen.getByText('Tell us a little more (at least 10 characters).')).toBeTruthy();
    expect(document.activeElement).toBe(field('Name'));
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it("clears a field's error as soon as it is edited", async () => {
    renderPage();
    await send();
    fireEvent.change(field('Name'), { target: { value: 'A' } });
    expect(screen.queryByText('Enter your name.')).toBeNull();
  });

  it('posts submitContact with the trimmed fields and thanks the sender', async () => {
    mockedCall.mockResolvedValue({ id: 'msg-1' });
    renderPage();
    fillValid();
    await send();
    expect(mockedCall).toHaveBeenCalledWith('submitContact', {
      kind: 'contact',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      topic: 'sales',
      message: 'How do volume discounts work for 60 maps?',
    });
    expect(screen.getByRole('status').textContent).toContain('Thanks, Ada Lovelace.');
    expect(screen.getByText('We will reply to ada@example.com as soon as we can.')).toBeTruthy();
  });

  it('sends it signed in when the visitor is (priority support for Professional plans), else as anyone', async () => {
    mockedCall.mockResolvedValue({ id: 'msg-2' });
    renderPage(signedIn);
    fillValid();
    await send();
    expect(mockedCall.mock.calls.map(([name]) => name)).toEqual(['submitSupportRequest']);
    expect(screen.getByRole('status').textContent).toContain('Thanks, Ada Lovelace.');
  });

  it('starts a signed-in visitor with the account’s name and email, and sends them unless changed', async () => {
    mockedCall.mockResolvedValue({ id: 'msg-4' });
    renderPage(signedIn);
    expect([field('Name').value, field('Email').value]).toEqual(['Ada Lovelace', 'ada@example.com']);
    fireEvent.change(screen.getByRole('combobox', { name: /^Topic/ }), { target: { value: 'support' } });
    fireEvent.change(field('Message'), { target: { value: 'The map on our site shows the old floor plan.' } });
    await send();
    expect(mockedCall.mock.calls[0]).toEqual([
      'submitSupportRequest',
      expect.objectContaining({ name: 'Ada Lovelace', email: 'ada@example.com' }),
    ]);
  });

  it('sends it as anyone when the session turned out to have ended, once', async () => {
    mockedCall.mockRejectedValueOnce(new CallError('unauthenticated', MESSAGES.unauthenticated));
    mockedCall.mockResolvedValueOnce({ id: 'msg-3' });
    renderPage(signedIn);
    fillValid();
    await send();
    expect(mockedCall.mock.calls.map(([name]) => name)).toEqual(['submitSupportRequest', 'submitContact']);
    expect(screen.getByRole('status').textContent).toContain('Thanks, Ada Lovelace.');
  });

  it("shows the call's error message when it fails and keeps the form", async () => {
    mockedCall.mockRejectedValue(
      new CallError('resource-exhausted', 'You have sent several messages already. Try again in an hour.'),
    );
    renderPage();
    fillValid();
    await send();
    expect(screen.getByRole('alert').textContent).toBe('You have sent several messages already. Try again in an hour.');
    expect(field('Name').value).toBe(' Ada Lovelace ');
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('puts server field issues next to their fields', async () => {
    mockedCall.mockRejectedValue(
      new CallError('invalid-argument', 'Invalid input', [{ path: 'email', message: 'This address bounces.' }]),
    );
    renderPage();
    fillValid();
    await send();
    expect(screen.getByText('This address bounces.')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('disables the button while sending', async () => {
    let resolve!: (v: { id: string }) => void;
    mockedCall.mockReturnValue(new Promise((r) => (resolve = r)));
    renderPage();
    fillValid();
    await send();
    const button = screen.getByRole('button', { name: /Sending/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => resolve({ id: 'msg-3' }));
    expect(screen.getByRole('status').textContent).toContain('Thanks');
  });
});
