import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_REQUEST_GONE, type ContactInboxEntry, type ContactInboxPage } from '@mapnest/shared/contact';
import { CallError } from '@mapnest/shared/errors';
import { call } from '../../../lib/api';
import { sessionAtom } from '../../../state/session';
import { signedIn } from '../../../app/testing.fixtures';
import { deferred } from '../../maps/maps.fixtures';
import SettingsDialog from '../SettingsDialog';
import { DELIVERY_TEXT } from './InboxEntry';
import { MessagesTab } from './MessagesTab';
import { useTeamInbox } from './use-team-inbox';

vi.mock('../../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

/** Every call waits for the test to answer it; `asked` holds each call's name and input, in order. */
let answers: ReturnType<typeof deferred<unknown>>[];
let asked: Array<[string, unknown]>;

beforeEach(() => {
  answers = [];
  asked = [];
  mockCall.mockReset();
  mockCall.mockImplementation((name: string, input: unknown) => {
    if (name !== 'listContactRequests' && name !== 'markContactRequest') throw new Error(`unexpected call ${name}`);
    asked.push([name, input]);
    const answer = deferred<unknown>();
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
  priority: false,
  request: { kind: 'contact', name: `Sender ${n}`, email: `s${n}@example.com`, topic: 'billing', message: `Hi ${n}` },
  read: null,
  answered: null,
});
const page = (requests: ContactInboxEntry[], more: string | null = null, unread = 0): ContactInboxPage => ({
  requests,
  more,
  unread,
});
const answer = async (n: number, value: unknown) => act(async () => answers[n]!.resolve(value));
const shownNames = (name = 'Messages, newest first') =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.team-inbox__name')!.textContent);
const item = (sender: string) => screen.getByText(sender).closest('li')!;

function Inbox() {
  return <MessagesTab inbox={useTeamInbox(true)} />;
}

describe("the team's inbox tab", () => {
  it("says which requests are a Professional customer's (priority support), in words, with their account", async () => {
    render(<Inbox />);
    await answer(
      0,
      page([
        { ...entry(2, 'sent'), uid: 'user-pro', priority: true },
        { ...entry(1, 'sent'), uid: 'user-basic' },
      ]),
    );
    expect(item('Sender 2').textContent).toContain('Priority: Professional customer');
    expect(item('Sender 2').textContent).toContain('Accountuser-pro');
    expect(item('Sender 1').textContent).not.toContain('Priority');
    expect(item('Sender 1').textContent).toContain('Accountuser-basic');
  });

  it('shows each request with how the team heard of it, and a reply link to its sender', async () => {
    render(<Inbox />);
    await answer(0, page([entry(2, 'held'), entry(1, 'sent')]));
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
    render(<Inbox />);
    await answer(0, page([entry(3, 'sent')], 'cursor-1'));
    fireEvent.click(screen.getByRole('button', { name: 'Show older messages' }));
    expect(asked[1]).toEqual(['listContactRequests', { before: 'cursor-1' }]);
    await act(async () => answers[1]!.reject(new CallError('unavailable', 'The service is unavailable.')));
    expect(screen.getByRole('alert').textContent).toContain('Could not load older messages.');
    expect(shownNames()).toEqual(['Sender 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(asked[2]).toEqual(['listContactRequests', { before: 'cursor-1' }]);
    await answer(2, page([entry(2, 'failed'), entry(1, 'pending')]));
    expect(shownNames()).toEqual(['Sender 3', 'Sender 2', 'Sender 1']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('listitem')[2]!.textContent).toContain(DELIVERY_TEXT.pending);
  });

  it('says when there are no messages, and when the first page cannot load', async () => {
    render(<Inbox />);
    await act(async () => answers[0]!.reject(new CallError('permission-denied', 'Administrators only.')));
    expect(screen.getByRole('alert').textContent).toContain('Could not load the messages.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(asked[1]).toEqual(['listContactRequests', {}]);
    await answer(1, page([]));
    await waitFor(() => expect(screen.getByText('No messages yet.')).toBeTruthy());
  });

  it('shows only the requests that need an answer when asked, dropping a page asked for before', async () => {
    render(<Inbox />);
    const needsAnswer = screen.getByRole('button', { name: 'Needs an answer' });
    expect(needsAnswer.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(needsAnswer);
    expect(needsAnswer.getAttribute('aria-pressed')).toBe('true');
    expect(asked[1]).toEqual(['listContactRequests', { needsAnswer: true }]);
    // The unfiltered first page comes late, after the filter changed: it is not shown.
    await answer(0, page([entry(9, 'sent')]));
    await answer(1, page([entry(2, 'sent')], 'cursor-2', 1));
    expect(shownNames('Messages that need an answer, newest first')).toEqual(['Sender 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Show older messages' }));
    expect(asked[2]).toEqual(['listContactRequests', { before: 'cursor-2', needsAnswer: true }]);
    await answer(2, page([]));
    fireEvent.click(screen.getByRole('button', { name: 'All messages' }));
    expect(asked[3]).toEqual(['listContactRequests', {}]);
  });

  it('says a request is unread in words, marks it read and answered with who and when, and says why a mark failed', async () => {
    render(<Inbox />);
    await answer(0, page([entry(2, 'sent'), entry(1, 'sent')], null, 2));
    expect(screen.getByText('2 unread in the inbox.')).toBeTruthy();
    expect(within(item('Sender 2')).getByText('Unread')).toBeTruthy();

    fireEvent.click(within(item('Sender 2')).getByRole('button', { name: 'Mark read' }));
    expect(asked[1]).toEqual(['markContactRequest', { id: 'id-2', read: true }]);
    expect(within(item('Sender 2')).getByRole('button', { name: 'Mark read' })).toHaveProperty('disabled', true);
    const read = { by: 'ann@mapnest.example', at: '2026-11-29T10:00:00.000Z' };
    await answer(1, { ...entry(2, 'sent'), read });
    expect(within(item('Sender 2')).queryByText('Unread')).toBeNull();
    expect(item('Sender 2').textContent).toContain('Read by ann@mapnest.example');
    expect(within(item('Sender 2')).getByRole('button', { name: 'Mark unread' })).toBeTruthy();
    expect(screen.getByText('1 unread in the inbox.')).toBeTruthy();

    fireEvent.click(within(item('Sender 1')).getByRole('button', { name: 'Mark answered' }));
    expect(asked[2]).toEqual(['markContactRequest', { id: 'id-1', answered: true }]);
    await act(async () => answers[2]!.reject(new CallError('not-found', CONTACT_REQUEST_GONE)));
    expect(within(item('Sender 1')).getByRole('alert').textContent).toBe(
      `Could not mark this message. ${CONTACT_REQUEST_GONE}`,
    );
    expect(screen.getByText('1 unread in the inbox.')).toBeTruthy();
  });

  it('offers to mark a request answered once its reply link is followed', async () => {
    render(<Inbox />);
    await answer(0, page([entry(1, 'sent')], null, 1));
    fireEvent.click(within(item('Sender 1')).getByRole('link', { name: 's1@example.com' }));
    expect(item('Sender 1').textContent).toContain('Replied by email? Mark it answered so the team knows.');
    fireEvent.click(within(item('Sender 1')).getByRole('button', { name: 'Mark answered' }));
    expect(asked[1]).toEqual(['markContactRequest', { id: 'id-1', answered: true }]);
    const mark = { by: 'ben@mapnest.example', at: '2026-11-29T10:00:00.000Z' };
    await answer(1, { ...entry(1, 'sent'), read: mark, answered: mark });
    expect(item('Sender 1').textContent).not.toContain('Replied by email?');
    expect(within(item('Sender 1')).getByText('Answered')).toBeTruthy();
    expect(item('Sender 1').textContent).toContain('Answered by ben@mapnest.example');
    expect(within(item('Sender 1')).getByRole('button', { name: 'Mark not answered' })).toBeTruthy();
    expect(screen.getByText('No unread messages.')).toBeTruthy();
  });
});

describe('the Messages tab of settings', () => {
  it("counts the inbox's unread requests as the dialog opens, before the tab is chosen", async () => {
    const store = createStore();
    store.set(sessionAtom, { ...signedIn, admin: true });
    const dialog = <SettingsDialog open tab="Profile" onTab={() => {}} onClose={() => {}} />;
    render(
      <Provider store={store}>
        <RouterProvider router={createMemoryRouter([{ path: '*', element: dialog }])} />
      </Provider>,
    );
    expect(asked[0]).toEqual(['listContactRequests', {}]);
    await answer(0, page([entry(1, 'sent')], null, 3));
    const tab = screen.getByRole('tab', { name: 'Messages, 3 unread' });
    expect(tab.getAttribute('aria-selected')).toBe('false');
    // What shows is hidden from screen readers, who are read the name in one piece (no label: it is the content).
    expect(tab.querySelector('[aria-hidden="true"]')?.textContent).toBe('Messages3');
    expect(tab.querySelector('.visually-hidden')?.textContent).toBe('Messages, 3 unread');
    expect(tab.hasAttribute('aria-label')).toBe(false);
  });
});
