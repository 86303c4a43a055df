import type { User } from '@sitewalk/shared/schemas/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export const getUser = (id: number, signal?: AbortSignal) => api('user.get', { params: { id }, signal });

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('user.get', { params: { id } }),
    queryFn: ({ signal }) => getUser(id, signal),
  });

/** One user; `placeholder` (the signed-in user handed over by the top bar) shows until the answer comes. */
export const useUser = (id: number, placeholder?: User) =>
  useQuery({ ...userQueryOptions(id), placeholderData: placeholder });
