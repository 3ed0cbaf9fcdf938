import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserMatch } from '@mapnest/shared/accounts';
import { call } from '../../lib/api';
import { deferred } from '../maps/maps.fixtures';
import { NO_SUCH_USER, ViewAsField } from './ViewAsField';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

/** Every findUsers call waits for the test to answer it, in the order the test chooses. */
let answers: ReturnType<typeof deferred<UserMatch[]>>[];

beforeEach(() => {
  answers = [];
  mockCall.mockReset();
  mockCall.mockImplementation((name: string) => {
    if (name !== 'findUsers') throw new Error(`unexpected call ${name}`);
    const answer = deferred<UserMatch[]>();
    answers.push(answer);
    return answer.promise;
  });
});

afterEach(cleanup);

const UNKNOWN = 'nobody@example.com';

function typeAndSubmit(query: string) {
  render(<ViewAsField />);
  fireEvent.change(screen.getByLabelText('View as user'), { target: { value: query } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'View' }));

describe('ViewAsField', () => {
  it('keeps refusing an unknown user when the search-as-you-type answer arrives after the View button’s', async () => {
    typeAndSubmit(UNKNOWN);
    await waitFor(() => expect(answers).toHaveLength(1)); // the lookup as one types has started
    submit();
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]!.resolve([]));
    expect((await screen.findByRole('alert')).textContent).toBe(NO_SUCH_USER);
    await act(async () => answers[0]!.resolve([]));
    expect(screen.getByRole('alert').textContent).toBe(NO_SUCH_USER);
  });

  it('does not search as one types once the View button was pressed for that text', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      typeAndSubmit(UNKNOWN);
      submit(); // before the pause after typing has passed
      expect(answers).toHaveLength(1);
      await act(async () => answers[0]!.resolve([]));
      expect(screen.getByRole('alert').textContent).toBe(NO_SUCH_USER);
      await act(async () => {
        vi.advanceTimersByTime(5_000);
        for (const answer of answers.slice(1)) answer.resolve([]);
      });
      expect(screen.getByRole('alert').textContent).toBe(NO_SUCH_USER);
      expect(answers).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the matches of the latest text only', async () => {
    render(<ViewAsField />);
    const input = screen.getByLabelText('View as user');
    fireEvent.change(input, { target: { value: 'an' } });
    await waitFor(() => expect(answers).toHaveLength(1));
    fireEvent.change(input, { target: { value: 'ann' } });
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]!.resolve([{ uid: 'u2', email: 'ann@example.com', name: null }]));
    await act(async () => answers[0]!.resolve([{ uid: 'u1', email: 'anders@example.com', name: null }]));
    expect(screen.getByRole('list', { name: 'Matching users' }).textContent).toBe('ann@example.com');
  });

  it('lists ten matches and says when more match', async () => {
    typeAndSubmit('user');
    await waitFor(() => expect(answers).toHaveLength(1));
    const found = Array.from({ length: 11 }, (_, i) => ({ uid: `u${i}`, email: `user${i}@example.com`, name: null }));
    await act(async () => answers[0]!.resolve(found));
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('More users match: type more of the address or name.')).toBeTruthy();
  });
});
