import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export interface AreasPageInput {
  userId: number;
  page: number;
  pageSize: number;
  searchTerm: string;
}

const inputOf = ({ userId, page, pageSize, searchTerm }: AreasPageInput) => ({
  params: { userId },
  query: {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    searchTerm: searchTerm.trim() || undefined,
  },
});

/** A page of the areas of the signed-in user's scope, by name (`GET /organization/some/by-user/{userId}`). */
export const getAreas = (input: AreasPageInput, signal?: AbortSignal) =>
  api('organization.someByUser', { ...inputOf(input), signal });

export const areasQueryOptions = (input: AreasPageInput) =>
  queryOptions({
    queryKey: queryKeyOf('organization.someByUser', inputOf(input)),
    queryFn: ({ signal }) => getAreas(input, signal),
    placeholderData: keepPreviousData,
  });

export const useAreas = (input: AreasPageInput) => useQuery(areasQueryOptions(input));
