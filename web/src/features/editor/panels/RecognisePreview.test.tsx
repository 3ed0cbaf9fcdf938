import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecognisePlan } from '../recognise-svg';
import { RecognisePreview } from './RecognisePreview';

afterEach(cleanup);

describe('Recognise SVG preview', () => {
  it('lists the rooms with ids and titles, the locations it links and what it skipped; nothing runs until confirmed', () => {
    const plan: RecognisePlan = {
      add: [
        { id: '_1-104', title: '1-104', coord: [0.35, 0.1] },
        { id: '_1-105', title: '1-105', coord: [0.45, 0.1] },
      ],
      bind: [{ from: 'room103f', to: '_1-103', title: '1-103' }],
      skipped: [{ id: 'MLOC_available', reason: 'it is a group of rooms, not a room' }],
    };
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<RecognisePreview plan={plan} layerName="1F" onConfirm={onConfirm} onClose={onClose} />);
    const table = screen.getByRole('table', { name: 'New locations' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Room idTitle', '_1-1041-104', '_1-1051-105']);
    expect(screen.getByRole('list', { name: 'Linked locations' }).textContent).toBe('1-103: room103f → _1-103');
    expect(screen.getByText('MLOC_available: it is a group of rooms, not a room')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    // Focus starts at the top, on the heading, not on the buttons under a long list.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Rooms found on “1F”' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 locations and link 1' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows a room whose id a location on another floor has under the id it gets, and a location naming its room', () => {
    const plan: RecognisePlan = {
      add: [{ id: 'lift-2', title: 'Lift', coord: [0.5, 0.5], layer: 'f2', shape: 'lift' }],
      bind: [{ from: 'wc-upstairs', to: 'wc-upstairs', title: 'Toilets', shape: 'wc' }],
      skipped: [],
    };
    render(<RecognisePreview plan={plan} layerName="2F" onConfirm={vi.fn()} onClose={vi.fn()} />);
    const rows = within(screen.getByRole('table', { name: 'New locations' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['Room idTitle', 'lift (as lift-2)Lift']);
    expect(screen.getByRole('list', { name: 'Linked locations' }).textContent).toBe('Toilets: wc-upstairs → shape wc');
  });
});
