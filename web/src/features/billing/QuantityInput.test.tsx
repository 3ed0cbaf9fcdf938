import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuantityInput } from './QuantityInput';

afterEach(cleanup);

function Harness({ start }: { start: number }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <QuantityInput value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Number of maps' }) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;
const minus = () => screen.getByRole('button', { name: 'Fewer maps' }) as HTMLButtonElement;
const plus = () => screen.getByRole('button', { name: 'More maps' }) as HTMLButtonElement;

describe('QuantityInput', () => {
  it('takes a valid whole number as it is typed', () => {
    render(<Harness start={1} />);
    fireEvent.change(input(), { target: { value: '25' } });
    expect(value()).toBe('25');
    fireEvent.blur(input());
    expect(input().value).toBe('25');
  });

  it.each(['0', '1001', '2.5', '-3', 'abc', '', ' '])('reverts "%s" to the previous value on blur', (typed) => {
    render(<Harness start={7} />);
    fireEvent.change(input(), { target: { value: typed } });
    // Shown as typed, flagged, and not taken.
    expect(input().value).toBe(typed);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(value()).toBe('7');
    fireEvent.blur(input());
    expect(input().value).toBe('7');
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });

  it('disables minus at 1 and plus at 1000', () => {
    render(<Harness start={2} />);
    expect(minus().disabled).toBe(false);
    fireEvent.click(minus());
    expect(value()).toBe('1');
    expect(minus().disabled).toBe(true);
    expect(plus().disabled).toBe(false);

    fireEvent.change(input(), { target: { value: '999' } });
    fireEvent.click(plus());
    expect(value()).toBe('1000');
    expect(input().value).toBe('1000');
    expect(plus().disabled).toBe(true);
    expect(minus().disabled).toBe(false);
  });

  it('steps with the arrow keys within the limits', () => {
    render(<Harness start={1} />);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(value()).toBe('1');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(value()).toBe('3');
  });
});
