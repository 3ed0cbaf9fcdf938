import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError, MESSAGES } from '@mapnest/shared/errors';
import { call } from '../../lib/api';
import EstimatePage from './EstimatePage';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockedCall = vi.mocked(call);

// Braces matter: a function returned from beforeEach runs as its teardown.
beforeEach(() => {
  mockedCall.mockReset();
});
afterEach(cleanup);

function renderPage() {
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <EstimatePage /> }])} />);
}

const change = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Request estimate' }));
  });

describe('EstimatePage', () => {
  it('validates the number of maps and the choices before sending', async () => {
    renderPage();
    change(screen.getByRole('spinbutton', { name: /^Number of maps/ }), '0');
    await submit();
    expect(mockedCall).not.toHaveBeenCalled();
    expect(screen.getByText('Enter at least 1.')).toBeTruthy();
    expect(screen.getByText('Choose what you need.')).toBeTruthy();
    expect(screen.getByText('Choose a deadline.')).toBeTruthy();
    expect(screen.getByText('Choose a budget.')).toBeTruthy();
  });

  it('posts an estimate request through submitContact', async () => {
    mockedCall.mockResolvedValue({ id: 'req-1' });
    renderPage();
    change(screen.getByRole('textbox', { name: /^Name/ }), 'Grace Hopper');
    change(screen.getByRole('textbox', { name: /^Email/ }), 'grace@example.com');
    change(screen.getByRole('textbox', { name: /^Company/ }), 'Harbour Mall');
    change(screen.getByRole('combobox', { name: /^What do you need/ }), 'retail');
    change(screen.getByRole('spinbutton', { name: /^Number of maps/ }), '3');
    change(screen.getByRole('combobox', { name: /^Deadline/ }), 'quarter');
    change(screen.getByRole('combobox', { name: /^Budget/ }), '2000-10000');
    change(
      screen.getByRole('textbox', { name: /^Project details/ }),
      'Three levels, about 140 stores, embedded on our WordPress site.',
    );
    await submit();
    expect(mockedCall).toHaveBeenCalledWith('submitContact', {
      kind: 'estimate',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: 'Harbour Mall',
      projectType: 'retail',
      mapCount: 3,
      deadline: 'quarter',
      budget: '2000-10000',
      message: 'Three levels, about 140 stores, embedded on our WordPress site.',
    });
    expect(screen.getByRole('status').textContent).toContain('Thanks, Grace Hopper.');
  });

  it('shows a plain message when the call fails without one', async () => {
    mockedCall.mockRejectedValue(new CallError('internal', 'internal'));
    renderPage();
    change(screen.getByRole('textbox', { name: /^Name/ }), 'Grace');
    change(screen.getByRole('textbox', { name: /^Email/ }), 'grace@example.com');
    change(screen.getByRole('combobox', { name: /^What do you need/ }), 'other');
    change(screen.getByRole('combobox', { name: /^Deadline/ }), 'asap');
    change(screen.getByRole('combobox', { name: /^Budget/ }), 'unsure');
    change(screen.getByRole('textbox', { name: /^Project details/ }), 'A campus map with twelve buildings and routes.');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.internal);
  });
});
