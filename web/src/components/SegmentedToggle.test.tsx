import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SegmentedToggle } from './SegmentedToggle';

afterEach(cleanup);

const options = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Annual' },
  { value: 'never', label: 'Never', disabled: true },
] as const;

describe('SegmentedToggle', () => {
  it.each(['sm', 'md', 'lg'] as const)('renders size %s as a labelled radio group', (size) => {
    render(
      <SegmentedToggle label="Billing period" size={size} options={options} value="monthly" onChange={() => {}} />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Billing period' });
    expect(group.className).toContain(`segmented--${size}`);
    expect((screen.getByRole('radio', { name: 'Monthly' }) as HTMLInputElement).checked).toBe(true);
  });

  it('reports the chosen value', () => {
    const onChange = vi.fn();
    render(<SegmentedToggle label="Billing period" options={options} value="monthly" onChange={onChange} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Annual' }));
    expect(onChange).toHaveBeenCalledWith('yearly');
  });

  it('disables an option', () => {
    render(<SegmentedToggle label="Billing period" options={options} value="monthly" onChange={() => {}} />);
    expect((screen.getByRole('radio', { name: 'Never' }) as HTMLInputElement).disabled).toBe(true);
  });
});
