import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

/** The areas of the signed-in user's scope, by name: the area pickers' options. */
export const areasOfUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeyOf('organization.allByUser', { params: { userId } }),
    queryFn: ({ signal }) => api('organization.allByUser', { params: { userId }, signal }),
    select: (areas) => [...areas].sort((a, b) => a.name.localeCompare(b.name)),
  });

export const useAreasOfUser = (userId: number, enabled = true) =>
  useQuery({ ...areasOfUserQueryOptions(userId), enabled });

/** The management companies the signed-in user may see: Add Location's first prerequisite. */
export const companiesOfUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeyOf('managementCompany.allByUser', { params: { userId } }),
    queryFn: ({ signal }) => api('managementCompany.allByUser', { params: { userId }, signal }),
  });

export const useCompaniesOfUser = (userId: number, enabled = true) =>
  useQuery({ ...companiesOfUserQueryOptions(userId), enabled });
