import { describe, expect, it } from 'vitest';
import { startRequestOf, startState } from './start-request.ts';

describe('startRequestOf', () => {
  it('reads the walk the home asked to start', () => {
    expect(startRequestOf(startState({ locationId: 11, walkId: 7 }))).toEqual({ locationId: 11, walkId: 7 });
  });

  it.each([
    ['no state', null],
    ['a string', 'start'],
    ['another page’s state', { user: { id: 1 } }],
    ['a request that is not an object', { startWalk: 7 }],
    ['a request without a walk', { startWalk: { locationId: 11 } }],
    ['ids as strings', { startWalk: { locationId: '11', walkId: '7' } }],
    ['a fractional id', { startWalk: { locationId: 11, walkId: 7.5 } }],
  ])('is null for %s', (_case, state) => {
    expect(startRequestOf(state)).toBeNull();
  });
});
