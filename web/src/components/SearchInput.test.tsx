import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchInput } from './SearchInput';

afterEach(cleanup);

function Host({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <input aria-label="Other field" />
      <SearchInput label="Search maps" value={value} onChange={setValue} shortcutKey="/" error={error} />
    </>
  );
}

const search = () => screen.getByRole('searchbox', { name: 'Search maps' });

describe('SearchInput', () => {
  it('focuses on its single-key shortcut', () => {
    render(<Host />);
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(search());
  });

  it('ignores the shortcut while a modifier is held', () => {
    render(<Host />);
    for (const mod of ['ctrlKey', 'metaKey', 'altKey', 'shiftKey']) {
      fireEvent.keyDown(document.body, { key: '/', [mod]: true });
      expect(document.activeElement).not.toBe(search());
    }
  });

  it('ignores the shortcut while another input has focus', () => {
    render(<Host />);
    const other = screen.getByRole('textbox', { name: 'Other field' });
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(document.activeElement).toBe(other);
  });

  it('clears with the clear button and keeps focus in the field', () => {
    render(<Host />);
    fireEvent.change(search(), { target: { value: 'mall' } });
    expect((search() as HTMLInputElement).value).toBe('mall');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((search() as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(search());
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('shows its error text, tied to the field', () => {
    render(<Host error="Search failed" />);
    const message = screen.getByText('Search failed');
    expect(search().getAttribute('aria-invalid')).toBe('true');
    expect(search().getAttribute('aria-describedby')).toBe(message.id);
  });
});
