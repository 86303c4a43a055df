import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export interface CompaniesQuery {
  limit: number;
  offset: number;
  searchTerm?: string;
}

export const getManagementCompanies = (query: CompaniesQuery, signal?: AbortSignal) =>
  api('managementCompany.some', { query, signal });

/** One page of the companies the signed-in user may see, by name (the server pages and searches). */
export const managementCompaniesQueryOptions = (query: CompaniesQuery) =>
  queryOptions({
    queryKey: queryKeyOf('managementCompany.some', { query }),
    queryFn: ({ signal }) => getManagementCompanies(query, signal),
    placeholderData: keepPreviousData,
  });

export const useManagementCompanies = (query: CompaniesQuery) =>
  useQuery(managementCompaniesQueryOptions(query));
