import { describe, expect, it } from 'vitest';
import { followingStyle, staleStyle } from './group-styles';

/** A site plan's statuses: a group and a style of each name (the styles' ids are not the groups'). */
const plan = {
  groups: [
    { id: 'available', name: 'Available' },
    { id: 'reserved', name: 'Reserved' },
    { id: 'sold', name: 'Sold' },
    { id: 'amenities', name: 'Amenities' },
  ],
  styles: [
    { id: 'st-available', name: 'Available' },
    { id: 'st-reserved', name: ' reserved ' },
    { id: 'st-sold', name: 'Sold' },
    { id: 'st-park', name: 'Park' },
  ],
};

describe('followingStyle', () => {
  it('draws a lot moved to another status in that status’s style', () => {
    const lot = { style: 'st-available', groups: ['available'] };
    expect(followingStyle(lot, ['sold'], plan)).toBe('st-sold');
    // Names match in any case and without their spaces.
    expect(followingStyle(lot, ['reserved'], plan)).toBe('st-reserved');
    expect(followingStyle({ style: 'st-sold', groups: ['sold', 'amenities'] }, ['available', 'amenities'], plan)).toBe(
      'st-available',
    );
  });

  it('matches a style to a group by id when their names differ', () => {
    const doc = {
      groups: [{ id: 'sold', name: 'Sold STC' }, ...plan.groups.slice(0, 1)],
      styles: [{ id: 'sold' }, { id: 'available' }],
    };
    expect(followingStyle({ style: 'available', groups: ['available'] }, ['sold'], doc)).toBe('sold');
  });

  it('keeps a style that is not the one of a group the location leaves', () => {
    // A park in Amenities keeps its own style whatever its groups become.
    expect(followingStyle({ style: 'st-park', groups: ['amenities'] }, ['sold'], plan)).toBe('st-park');
    // Joining a group beside its own is no move.
    expect(followingStyle({ style: 'st-available', groups: ['available'] }, ['available', 'sold'], plan)).toBe(
      'st-available',
    );
    expect(followingStyle({ groups: ['available'] }, ['sold'], plan)).toBeUndefined();
  });

  it('keeps the style when the new groups have no style, or more than one', () => {
    const lot = { style: 'st-available', groups: ['available'] };
    expect(followingStyle(lot, ['amenities'], plan)).toBe('st-available');
    expect(followingStyle(lot, [], plan)).toBe('st-available');
    expect(followingStyle(lot, undefined, plan)).toBe('st-available');
    expect(followingStyle(lot, ['sold', 'reserved'], plan)).toBe('st-available');
    // Two styles named as one group: which one is meant is not known.
    const twice = { ...plan, styles: [...plan.styles, { id: 'st-sold-2', name: 'SOLD' }] };
    expect(followingStyle(lot, ['sold'], twice)).toBe('st-available');
  });
});

describe('staleStyle', () => {
  it('names the group whose style a location wears while not in it', () => {
    expect(staleStyle({ style: 'st-available', groups: ['sold'] }, plan)).toBe('Available');
    expect(staleStyle({ style: 'st-available' }, plan)).toBe('Available');
  });

  it('is null for a style of the location’s own group, of no group, or none', () => {
    expect(staleStyle({ style: 'st-available', groups: ['amenities', 'available'] }, plan)).toBeNull();
    expect(staleStyle({ style: 'st-park', groups: ['sold'] }, plan)).toBeNull();
    expect(staleStyle({ groups: ['sold'] }, plan)).toBeNull();
    expect(staleStyle({ style: 'gone', groups: ['sold'] }, plan)).toBeNull();
  });
});
