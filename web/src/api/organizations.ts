import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { PICKER_MATCHES } from '@sitewalk/shared/constants';
import type { Organization } from '@sitewalk/shared/schemas/organization';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';
import { useInvalidateGroup, without, type InvalidationGroup } from './invalidation.ts';

/** What a change of an area makes stale. */
export const organizationChangeRoutes = [
  'organization.get',
  'organization.someByUser',
  'organization.allByUser',
  'organization.allByManagementCompany',
] as const satisfies InvalidationGroup;

/** One area with its company's name and totals (the users table reads the same cache entry). */
export const organizationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('organization.get', { params: { id } }),
    queryFn: ({ signal }) => api('organization.get', { params: { id }, signal }),
  });

export const useOrganization = (id: number, enabled = true) =>
  useQuery({ ...organizationQueryOptions(id), enabled });

const byName = (organizations: readonly Organization[]) =>
  [...organizations].sort((a, b) => a.name.localeCompare(b.name));

/** A management company's areas the signed-in user may see, by name (`organization.allByManagementCompany`). */
export const useOrganizationsOfCompany = (managementCompanyId: number, enabled = true) =>
  useQuery({
    queryKey: queryKeyOf('organization.allByManagementCompany', { params: { id: managementCompanyId } }),
    queryFn: ({ signal }) =>
      api('organization.allByManagementCompany', { params: { id: managementCompanyId }, signal }),
    select: byName,
    enabled,
  });

export interface OrganizationsPageInput {
  userId: number;
  page: number;
  pageSize: number;
  searchTerm: string;
  /** Of this management company only (the server filters, and refuses a company the caller cannot see). */
  managementCompanyId?: number | undefined;
}

const pageInputOf = ({
  userId,
  page,
  pageSize,
  searchTerm,
  managementCompanyId,
}: OrganizationsPageInput) => ({
  params: { userId },
  query: {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    searchTerm: searchTerm.trim() || undefined,
    managementCompanyId,
  },
});

/** A page of the areas of the signed-in user's scope, by name (`GET /organization/some/by-user/{userId}`). */
export const organizationsPageQueryOptions = (input: OrganizationsPageInput) =>
  queryOptions({
    queryKey: queryKeyOf('organization.someByUser', pageInputOf(input)),
    queryFn: ({ signal }) => api('organization.someByUser', { ...pageInputOf(input), signal }),
    placeholderData: keepPreviousData,
  });

export const useOrganizationsPage = (input: OrganizationsPageInput) =>
  useQuery(organizationsPageQueryOptions(input));

/**
 * An area picker's options: the first PICKER_MATCHES areas of a user's scope whose name or address holds
 * `term`, of one company when `managementCompanyId` is given (the server searches and filters).
 */
export const organizationMatchesQueryOptions = (userId: number, term: string, managementCompanyId?: number) =>
  organizationsPageQueryOptions({
    userId,
    page: 1,
    pageSize: PICKER_MATCHES,
    searchTerm: term,
    managementCompanyId,
  });

export interface CreateOrganizationInput {
  name: string;
  managementCompanyId: number;
}

export const createOrganization = (body: CreateOrganizationInput) => api('organization.create', { body });
export const updateOrganization = (body: { id: number; name: string }) =>
  api('organization.update', { body });
export const deleteOrganization = (id: number) => api('organization.delete', { params: { id } });

export const useCreateOrganization = () => {
  const invalidate = useInvalidateGroup(organizationChangeRoutes);
  return useMutation({ mutationFn: createOrganization, onSuccess: invalidate });
};

export const useUpdateOrganization = () => {
  const invalidate = useInvalidateGroup(organizationChangeRoutes);
  return useMutation({ mutationFn: updateOrganization, onSuccess: invalidate });
};

export const useDeleteOrganization = () => {
  // Not the area itself: the page still showing it would refetch it and answer 404.
  const invalidate = useInvalidateGroup(without(organizationChangeRoutes, 'organization.get'));
  return useMutation({ mutationFn: deleteOrganization, onSuccess: invalidate });
};
