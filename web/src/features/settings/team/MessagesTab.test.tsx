import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactInboxEntry, ContactInboxPage } from '@mapnest/shared/contact';
import { CallError } from '@mapnest/shared/errors';
import { call } from '../../../lib/api';
import { deferred } from '../../maps/maps.fixtures';
import { DELIVERY_TEXT, MessagesTab } from './MessagesTab';

vi.mock('../../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

/** Every listContactRequests call waits for the test to answer it; `asked` holds what each asked for. */
let answers: ReturnType<typeof deferred<ContactInboxPage>>[];
let asked: unknown[];

beforeEach(() => {
  answers = [];
  asked = [];
  mockCall.mockReset();
  mockCall.mockImplementation((name: string, input: unknown) => {
    if (name !== 'listContactRequests') throw new Error(`unexpected call ${name}`);
    asked.push(input);
    const answer = deferred<ContactInboxPage>();
    answers.push(answer);
    return answer.promise;
  });
});
afterEach(cleanup);

const entry = (n: number, delivery: ContactInboxEntry['delivery']): ContactInboxEntry => ({
  id: `id-${n}`,
  received: `2026-11-29T09:${String(n).padStart(2, '0')}:00.000Z`,
  delivery,
  uid: null,
  request: { kind: 'contact', name: `Sender ${n}`, email: `s${n}@example.com`, topic: 'billing', message: `Hi ${n}` },
});
const shownNames = () =>
  within(screen.getByRole('list', { name: 'Messages, newest first' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.team-inbox__name')!.textContent);

describe("the team's inbox tab", () => {
  it('shows each request with how the team heard of it, and a reply link to its sender', async () => {
    render(<MessagesTab />);
    await act(async () => answers[0]!.resolve({ requests: [entry(2, 'held'), entry(1, 'sent')], more: null }));
    expect(shownNames()).toEqual(['Sender 2', 'Sender 1']);
    const [held, sent] = screen.getAllByRole('listitem');
    expect(held!.textContent).toContain(DELIVERY_TEXT.held);
    expect(held!.textContent).toContain('Billing and invoices');
    expect(sent!.textContent).toContain(DELIVERY_TEXT.sent);
    expect(within(held!).getByRole('link', { name: 's2@example.com' }).getAttribute('href')).toMatch(
      /^mailto:s2%40example\.com\?subject=Re%3A%20your%20message%20to%20/,
    );
    expect(screen.queryByRole('button', { name: 'Show older messages' })).toBeNull();
  });

  it('loads older pages after the shown ones, and keeps them when a page fails, with Try again', async () => {
    render(<MessagesTab />);
    await act(async () => answers[0]!.resolve({ requests: [entry(3, 'sent')], more: 'cursor-1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show older messages' }));
    expect(asked[1]).toEqual({ before: 'cursor-1' });
    await act(async () => answers[1]!.reject(new CallError('unavailable', 'The service is unavailable.')));
    expect(screen.getByRole('alert').textContent).toContain('Could not load older messages.');
    expect(shownNames()).toEqual(['Sender 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(asked[2]).toEqual({ before: 'cursor-1' });
    await act(async () => answers[2]!.resolve({ requests: [entry(2, 'failed'), entry(1, 'pending')], more: null }));
    expect(shownNames()).toEqual(['Sender 3', 'Sender 2', 'Sender 1']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('listitem')[2]!.textContent).toContain(DELIVERY_TEXT.pending);
  });

  it('says when there are no messages, and when the first page cannot load', async () => {
    render(<MessagesTab />);
    await act(async () => answers[0]!.reject(new CallError('permission-denied', 'Administrators only.')));
    expect(screen.getByRole('alert').textContent).toContain('Could not load the messages.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(asked[1]).toEqual({});
    await act(async () => answers[1]!.resolve({ requests: [], more: null }));
    await waitFor(() => expect(screen.getByText('No messages yet.')).toBeTruthy());
  });
});
