import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

/**
 * What a user form offers: the management companies, areas and locations the signed-in user may see
 * (each by name, as the API answers them).
 */
export const companiesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeyOf('managementCompany.allByUser', { params: { userId } }),
    queryFn: ({ signal }) => api('managementCompany.allByUser', { params: { userId }, signal }),
    select: ({ companies }) => companies,
  });

export const areasQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeyOf('organization.allByUser', { params: { userId } }),
    queryFn: ({ signal }) => api('organization.allByUser', { params: { userId }, signal }),
  });

export { userLocationsQueryOptions as locationsQueryOptions } from '../../../hooks/use-user-locations.ts';
import { userLocationsQueryOptions as locationsQueryOptions } from '../../../hooks/use-user-locations.ts';

export const useCompanies = (userId: number) => useQuery(companiesQueryOptions(userId));
export const useAreas = (userId: number, enabled = true) =>
  useQuery({ ...areasQueryOptions(userId), enabled });
export const useLocations = (userId: number, enabled = true) =>
  useQuery({ ...locationsQueryOptions(userId), enabled });
