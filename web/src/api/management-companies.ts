import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';
import { fileNameOf, uploadImage } from '../lib/upload.ts';
import { invalidateGroup, useInvalidateGroup, type InvalidationGroup } from './invalidation.ts';

/** What a change of a company makes stale: its page, its logo and the lists. */
export const managementCompanyChangeRoutes = [
  'managementCompany.get',
  'managementCompany.logo',
  'managementCompany.some',
  'managementCompany.allByUser',
] as const satisfies InvalidationGroup;

export const managementCompanyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('managementCompany.get', { params: { id } }),
    queryFn: ({ signal }) => api('managementCompany.get', { params: { id }, signal }),
  });

/** One company; `known` (the list's row, passed along by a row click) shows at once while it loads. */
export const useManagementCompany = (id: number, known?: ManagementCompany) =>
  useQuery({
    ...managementCompanyQueryOptions(id),
    ...(known && known.id === id ? { initialData: known, initialDataUpdatedAt: 0 } : {}),
  });

/** The management companies a user may see (all of them for Super Users and Admins), as `{ companies }`. */
export const managementCompaniesOfUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeyOf('managementCompany.allByUser', { params: { userId } }),
    queryFn: ({ signal }) => api('managementCompany.allByUser', { params: { userId }, signal }),
  });

export const useManagementCompaniesOfUser = (userId: number, enabled = true) =>
  useQuery({ ...managementCompaniesOfUserQueryOptions(userId), enabled });

/** The management companies a user may see, by name. */
export const useManagementCompaniesOfUserByName = (userId: number) =>
  useQuery({
    ...managementCompaniesOfUserQueryOptions(userId),
    select: ({ companies }) => [...companies].sort((a, b) => a.name.localeCompare(b.name)),
  });

export interface ManagementCompaniesQuery {
  limit: number;
  offset: number;
  searchTerm?: string;
}

/** One page of the companies the signed-in user may see, by name (the server pages and searches). */
export const managementCompaniesPageQueryOptions = (query: ManagementCompaniesQuery) =>
  queryOptions({
    queryKey: queryKeyOf('managementCompany.some', { query }),
    queryFn: ({ signal }) => api('managementCompany.some', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useManagementCompaniesPage = (query: ManagementCompaniesQuery) =>
  useQuery(managementCompaniesPageQueryOptions(query));

/** The form's values as the create body takes them: a blank phone or website is none. */
export interface CompanyValues {
  name: string;
  email: string;
  phone?: string;
  website?: string;
}

export interface SaveCompanyInput {
  /** The company edited; absent for a new one. */
  id?: number;
  values: CompanyValues;
  /** A new logo, sent after the company is saved. */
  logo: File | null;
  onProgress?: (percent: number) => void;
}

/** The company was saved but its logo was not: the caller says so and keeps the saved company. */
export class LogoUploadError extends Error {
  override name = 'LogoUploadError';
  constructor(
    readonly company: ManagementCompany,
    readonly reason: unknown,
  ) {
    super(
      `The company was saved, but its logo could not be uploaded: ${reason instanceof Error ? reason.message : 'unknown error'}`,
    );
  }
}

/**
 * Creates or updates a company, then uploads its logo straight to the storage (lib/upload.ts). On update
 * a blank phone or website is sent as null, which clears it.
 */
export const saveManagementCompany = async ({
  id,
  values,
  logo,
  onProgress,
}: SaveCompanyInput): Promise<ManagementCompany> => {
  const company =
    id === undefined
      ? await api('managementCompany.create', { body: values })
      : await api('managementCompany.update', {
          body: {
            id,
            name: values.name,
            email: values.email,
            phone: values.phone ?? null,
            website: values.website ?? null,
          },
        });
  if (!logo) return company;
  try {
    await uploadImage(
      'managementCompany.logoUpload',
      { params: { id: company.id, name: fileNameOf(company.name) } },
      logo,
      onProgress,
    );
  } catch (error) {
    throw new LogoUploadError(company, error);
  }
  return { ...company, hasLogo: true };
};

export const useSaveManagementCompany = () => {
  const invalidate = useInvalidateGroup(managementCompanyChangeRoutes);
  // A logo that failed still leaves a saved company (and maybe a ticket): refresh either way.
  return useMutation({ mutationFn: saveManagementCompany, onSettled: invalidate });
};

/** The company's roles that must use two-step verification (only this field is sent). */
export const useSaveMfaRoles = (id: number) => {
  const invalidate = useInvalidateGroup(managementCompanyChangeRoutes);
  return useMutation({
    mutationFn: (mfaRequiredRoles: number[]) =>
      api('managementCompany.update', { body: { id, mfaRequiredRoles } }),
    onSuccess: invalidate,
  });
};

export const deleteManagementCompany = (id: number) => api('managementCompany.delete', { params: { id } });

export const useDeleteManagementCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteManagementCompany,
    // The deleted company's own query is dropped, not refetched (it would answer 404).
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: managementCompanyQueryOptions(id).queryKey });
      return invalidateGroup(queryClient, managementCompanyChangeRoutes);
    },
  });
};
