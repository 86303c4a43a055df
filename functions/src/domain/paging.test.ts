import { describe, expect, it } from 'vitest';
import { pageOf } from './paging.ts';

const people = [
  { name: 'Adams', city: 'Austin' },
  { name: 'Baker', city: 'Boston' },
  { name: 'Clark', city: 'austin' },
  { name: 'Davis', city: null },
];
const fields = (p: (typeof people)[number]) => [p.name, p.city];

describe('pageOf', () => {
  it('slices by offset and limit and counts the whole list', () => {
    expect(pageOf(people, { limit: 2, offset: 1 }, fields)).toEqual({
      items: [people[1], people[2]],
      totalCount: 4,
    });
  });

  it('matches the search term case-insensitively in any searchable field, counting only matches', () => {
    expect(pageOf(people, { limit: 10, offset: 0, searchTerm: '  AUSTIN ' }, fields)).toEqual({
      items: [people[0], people[2]],
      totalCount: 2,
    });
  });

  it('answers an empty page past the end without losing the total', () => {
    expect(pageOf(people, { limit: 5, offset: 10 }, fields)).toEqual({ items: [], totalCount: 4 });
  });

  it('treats a blank search term as no filter', () => {
    expect(pageOf(people, { limit: 5, offset: 0, searchTerm: '   ' }, fields).totalCount).toBe(4);
  });
});
