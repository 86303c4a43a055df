import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination.ts';

describe('pageItems', () => {
  it.each([
    [1, 0, []],
    [1, 1, []],
    [1, 3, [1, 2, 3]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, 4, 5, 'end-ellipsis', 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, 'end-ellipsis', 10]],
    [5, 10, [1, 'start-ellipsis', 3, 4, 5, 6, 7, 'end-ellipsis', 10]],
    [7, 10, [1, 'start-ellipsis', 5, 6, 7, 8, 9, 10]],
    [10, 10, [1, 'start-ellipsis', 6, 7, 8, 9, 10]],
    [6, 7, [1, 3, 4, 5, 6, 7].length === 6 ? [1, 'start-ellipsis', 3, 4, 5, 6, 7] : []],
    [99, 10, [1, 'start-ellipsis', 6, 7, 8, 9, 10]],
  ])('page %i of %i', (current, total, expected) => {
    expect(pageItems(current, total)).toEqual(expected);
  });

  it('never shows more than five numbers around the page, and always the first and the last', () => {
    for (let total = 2; total <= 30; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const items = pageItems(current, total);
        const numbers = items.filter((item): item is number => typeof item === 'number');
        expect(numbers).toContain(current);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(total);
        expect(numbers.length).toBeLessThanOrEqual(7);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
    }
  });
});
