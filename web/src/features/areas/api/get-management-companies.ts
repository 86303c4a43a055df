import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

/** The management companies the signed-in user may see: the Add Area select's options. */
export const managementCompaniesOfUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeyOf('managementCompany.allByUser', { params: { userId } }),
    queryFn: ({ signal }) => api('managementCompany.allByUser', { params: { userId }, signal }),
    select: ({ companies }) => [...companies].sort((a, b) => a.name.localeCompare(b.name)),
  });

export const useManagementCompaniesOfUser = (userId: number) =>
  useQuery(managementCompaniesOfUserQueryOptions(userId));
