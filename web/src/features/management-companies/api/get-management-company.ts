import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export const getManagementCompany = (id: number, signal?: AbortSignal) =>
  api('managementCompany.get', { params: { id }, signal });

export const managementCompanyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('managementCompany.get', { params: { id } }),
    queryFn: ({ signal }) => getManagementCompany(id, signal),
  });

/** One company; `known` (the list's row, passed along by a row click) shows at once while it loads. */
export const useManagementCompany = (id: number, known?: ManagementCompany) =>
  useQuery({
    ...managementCompanyQueryOptions(id),
    ...(known && known.id === id ? { initialData: known, initialDataUpdatedAt: 0 } : {}),
  });
