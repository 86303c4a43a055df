import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

/** `GET /api/user/pin/{id}`: asked only when the eye toggle is pressed, never cached for long. */
export const revealPin = (id: number, signal?: AbortSignal) =>
  api('user.revealPin', { params: { id }, signal });

export const revealPinQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('user.revealPin', { params: { id } }),
    queryFn: ({ signal }) => revealPin(id, signal),
    staleTime: 0,
    gcTime: 0,
  });

export const useRevealedPin = (id: number, enabled: boolean) =>
  useQuery({ ...revealPinQueryOptions(id), enabled });
