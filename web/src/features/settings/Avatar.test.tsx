import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';

afterEach(cleanup);

describe('Avatar', () => {
  it('shows the photo when there is one', () => {
    const { container } = render(<Avatar displayName="Ada Lovelace" photoURL="/files/u/.avatar.png?v=1" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/files/u/.avatar.png?v=1');
    expect(screen.getByRole('img', { name: 'Avatar of Ada Lovelace' })).toBeTruthy();
  });

  it('falls back to up to 2 initials, and to M without a name', () => {
    const { rerender } = render(<Avatar displayName="Ada Byron Lovelace" photoURL={null} />);
    expect(screen.getByRole('img').textContent).toBe('AB');
    rerender(<Avatar displayName={null} photoURL={null} />);
    expect(screen.getByRole('img', { name: 'Avatar' }).textContent).toBe('M');
  });

  it('shows the initials when the photo fails to load', () => {
    const { container } = render(<Avatar displayName="Ada Lovelace" photoURL="/files/missing.png" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img').textContent).toBe('AL');
  });

  it('badges administrators and rings the avatar while simulating a user', () => {
    const { container } = render(<Avatar displayName="Admin" photoURL={null} admin simulated />);
    expect(screen.getByRole('img', { name: 'Avatar of Admin, administrator, viewing as another user' })).toBeTruthy();
    expect(container.querySelector('.avatar--simulated')).toBeTruthy();
    expect(container.querySelector('.avatar__badge')).toBeTruthy();
  });
});
