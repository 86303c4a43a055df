import type { Location } from '@sitewalk/shared/schemas/location';
import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import type { Organization } from '@sitewalk/shared/schemas/organization';
import { fakeError, type FakeHandlers } from './fake-api.ts';

/**
 * A page of the server's search over `places` as the pickers ask it: the name holds the term (case aside),
 * of one company when `managementCompanyId` is asked, `limit` at most; and how many match.
 */
const searchedPage = <T extends { name: string; managementCompanyId: number }>(
  places: readonly T[],
  query: URLSearchParams,
) => {
  const term = (query.get('searchTerm') ?? '').toLowerCase();
  const companyId = query.get('managementCompanyId');
  const matching = places.filter(
    (p) =>
      p.name.toLowerCase().includes(term) &&
      (companyId === null || p.managementCompanyId === Number(companyId)),
  );
  const limit = Number(query.get('limit') ?? matching.length);
  return { page: matching.slice(0, limit), totalCount: matching.length };
};

/** The server's location search over `locations` (`location.someByUser`), and each one by id. */
export const locationSearchHandlers = (locations: readonly Location[]): FakeHandlers => ({
  'location.someByUser': ({ query }) => {
    const { page, totalCount } = searchedPage(locations, query);
    return { locations: page, totalCount };
  },
  'location.get': ({ params }) =>
    locations.find((l) => l.id === Number(params.id)) ?? fakeError(404, 'Location not found'),
});

/** The server's area search over `organizations` (`organization.someByUser`), and each one by id. */
export const areaSearchHandlers = (organizations: readonly Organization[]): FakeHandlers => ({
  'organization.someByUser': ({ query }) => {
    const { page, totalCount } = searchedPage(organizations, query);
    return { organizations: page, totalCount };
  },
  'organization.get': ({ params }) =>
    organizations.find((a) => a.id === Number(params.id)) ?? fakeError(404, 'Area not found'),
});

/**
 * The server's company list over `companies` (`managementCompany.some`, Owners and above: the name holds
 * the term, `limit` at most), the companies of the signed-in user (`managementCompany.allByUser`, below
 * Owner), and each one by id.
 */
export const companySearchHandlers = (companies: readonly ManagementCompany[]): FakeHandlers => ({
  'managementCompany.some': ({ query }) => {
    const { page, totalCount } = searchedPage(
      companies.map((company) => ({ ...company, managementCompanyId: company.id })),
      query,
    );
    return { managementCompanies: page.map(({ managementCompanyId: _, ...company }) => company), totalCount };
  },
  'managementCompany.allByUser': () => ({ companies: [...companies] }),
  'managementCompany.get': ({ params }) =>
    companies.find((c) => c.id === Number(params.id)) ?? fakeError(404, 'Management company not found'),
});
