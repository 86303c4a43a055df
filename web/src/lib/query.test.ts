import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import {
  createQueryClient,
  invalidateRoute,
  LIST_ROUTES,
  queryKeyOf,
  retryDelay,
  shouldRetry,
} from './query.ts';

const failed = (status: number) => new ApiError(status, 'x', null);

describe('the query client', () => {
  it('keys queries by route name, with the input after it', () => {
    expect(queryKeyOf('auth.me')).toEqual(['auth.me']);
    expect(queryKeyOf('user.get', { params: { id: 3 } })).toEqual(['user.get', { params: { id: 3 } }]);
  });

  it('retries three times what may pass, with backoff up to 30 s', () => {
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, new TypeError('Failed to fetch')))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetry(0, failed(503))).toBe(true);
    expect(shouldRetry(0, failed(429))).toBe(true);
    expect([400, 401, 403, 404, 409].map((status) => shouldRetry(0, failed(status)))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('keeps location, area and user lists fresh for 5 s, and never retries the signed-in user', () => {
    const queryClient = createQueryClient();
    for (const name of LIST_ROUTES) expect(queryClient.getQueryDefaults([name, {}]).staleTime).toBe(5000);
    expect(queryClient.getQueryDefaults(['location.get']).staleTime).toBeUndefined();
    expect(queryClient.getQueryDefaults(['auth.me']).retry).toBe(false);
  });

  it('invalidates every cached answer of a route by its name', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['user.get', { params: { id: 1 } }], 1);
    queryClient.setQueryData(['user.get', { params: { id: 2 } }], 2);
    queryClient.setQueryData(['location.get', { params: { id: 1 } }], 3);
    await invalidateRoute(queryClient, 'user.get');
    const invalid = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey[0]);
    expect(invalid).toEqual(['user.get', 'user.get']);
  });
});
