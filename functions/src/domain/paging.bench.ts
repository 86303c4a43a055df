import { bench, describe } from 'vitest';
import { PARTITION_READ_BOUND } from '../db/bounded.ts';
import { pageOf } from './paging.ts';

// A partition at its read bound: what one paged list does in memory after its one Query.
const users = Array.from({ length: PARTITION_READ_BOUND }, (_, i) => ({
  firstName: `First${i}`,
  lastName: `Last${String(i).padStart(5, '0')}`,
  email: `user${i}@example.com`,
  phone: `555-${String(i % 1000).padStart(3, '0')}-0000`,
}));
const fields = (u: (typeof users)[number]) => [u.firstName, u.lastName, u.email, u.phone];

describe(`pageOf over ${PARTITION_READ_BOUND} items`, () => {
  bench('a page without search', () => {
    pageOf(users, { limit: 50, offset: 2_500 }, fields);
  });
  bench('a page with a search term', () => {
    pageOf(users, { limit: 50, offset: 0, searchTerm: 'user42' }, fields);
  });
});
