import type { Location } from '@sitewalk/shared/schemas/location';
import { fakeError, type FakeHandlers } from './fake-api.ts';

/**
 * The server's location search over `locations`, as the pickers ask it: the name holds the term (case
 * aside), of one company when `managementCompanyId` is asked, `limit` at most; and each one by id.
 */
export const locationSearchHandlers = (locations: readonly Location[]): FakeHandlers => ({
  'location.someByUser': ({ query }) => {
    const term = (query.get('searchTerm') ?? '').toLowerCase();
    const companyId = query.get('managementCompanyId');
    const matching = locations.filter(
      (l) =>
        l.name.toLowerCase().includes(term) &&
        (companyId === null || l.managementCompanyId === Number(companyId)),
    );
    const limit = Number(query.get('limit') ?? matching.length);
    return { locations: matching.slice(0, limit), totalCount: matching.length };
  },
  'location.get': ({ params }) =>
    locations.find((l) => l.id === Number(params.id)) ?? fakeError(404, 'Location not found'),
});
