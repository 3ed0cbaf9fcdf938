import { describe, expect, it } from 'vitest';
import { formatShortcut, hasModifier, matchesShortcut } from './shortcut';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('matchesShortcut', () => {
  it('matches a bare key only without modifiers', () => {
    expect(matchesShortcut(key('/'), { key: '/' })).toBe(true);
    expect(matchesShortcut(key('/', { ctrlKey: true }), { key: '/' })).toBe(false);
    expect(matchesShortcut(key('/', { altKey: true }), { key: '/' })).toBe(false);
  });

  it('compares letters case-insensitively', () => {
    expect(matchesShortcut(key('K', { shiftKey: true }), { key: 'k', shift: true })).toBe(true);
    expect(matchesShortcut(key('K', { shiftKey: true }), { key: 'k' })).toBe(false);
  });

  it('requires exactly the asked modifiers', () => {
    expect(matchesShortcut(key('s', { ctrlKey: true }), { key: 's', ctrl: true })).toBe(true);
    expect(matchesShortcut(key('s', { ctrlKey: true, shiftKey: true }), { key: 's', ctrl: true })).toBe(false);
    expect(matchesShortcut(key('s', { metaKey: true }), { key: 's', ctrl: true })).toBe(false);
    expect(matchesShortcut(key('z', { metaKey: true, shiftKey: true }), { key: 'z', meta: true, shift: true })).toBe(
      true,
    );
    expect(matchesShortcut(key('a', { altKey: true }), { key: 'a', alt: true })).toBe(true);
  });

  it('accepts Ctrl or Meta, but not both, for mod', () => {
    expect(matchesShortcut(key('k', { ctrlKey: true }), { key: 'k', mod: true })).toBe(true);
    expect(matchesShortcut(key('k', { metaKey: true }), { key: 'k', mod: true })).toBe(true);
    expect(matchesShortcut(key('k', { ctrlKey: true, metaKey: true }), { key: 'k', mod: true })).toBe(false);
    expect(matchesShortcut(key('k'), { key: 'k', mod: true })).toBe(false);
  });

  it('does not match another key', () => {
    expect(matchesShortcut(key('j'), { key: 'k' })).toBe(false);
  });
});

describe('hasModifier', () => {
  it('sees each modifier', () => {
    expect(hasModifier(key('a'))).toBe(false);
    for (const m of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const)
      expect(hasModifier(key('a', { [m]: true }))).toBe(true);
  });
});

describe('formatShortcut', () => {
  it('writes PC and Apple labels', () => {
    expect(formatShortcut({ key: 'k', mod: true, shift: true })).toBe('Ctrl+Shift+K');
    expect(formatShortcut({ key: 'k', mod: true, shift: true }, true)).toBe('⌘⇧K');
    expect(formatShortcut({ key: 'Escape' })).toBe('Escape');
  });
});
