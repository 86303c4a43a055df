import { QueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import type { RouteName } from '@sitewalk/shared/contract/index';
import { FETCH_RETRIES, FETCH_RETRY_MAX_DELAY_MS, LIST_CACHE_MS } from '@sitewalk/shared/constants';

/**
 * Query keys are `[routeName]` or `[routeName, input]`, the route names of the contract: a mutation
 * invalidates every cached answer of a route by its name alone.
 */
export const queryKeyOf = <N extends RouteName>(name: N, input?: unknown) =>
  (input === undefined ? [name] : [name, input]) as readonly [N] | readonly [N, unknown];

/**
 * A `useQueries` combine: the answers that came, in the order asked, the others left out until they come.
 * Module-level (stable), so the combined list is kept between renders.
 */
export const loadedData = <T>(results: UseQueryResult<T>[]): T[] =>
  results.flatMap((result) => (result.data === undefined ? [] : [result.data]));

export const invalidateRoute = (queryClient: QueryClient, name: RouteName) =>
  queryClient.invalidateQueries({ queryKey: [name] });

/** The location, area and user lists stay fresh for 5 s (a picker opened after its form asked is not asked again). */
export const LIST_ROUTES = [
  'location.allByUser',
  'location.someByUser',
  'location.allByOrganization',
  'location.someByOrganization',
  'organization.someByUser',
  'user.allByUser',
  'user.allByLocation',
  'user.allByOrganization',
  'user.someByUser',
  'user.someByLocation',
  'user.someByOrganization',
] as const satisfies readonly RouteName[];

/** The signed-in user's query: it never retries (a failure is a sign-out). */
export const CURRENT_USER_ROUTE = 'auth.me' satisfies RouteName;

/**
 * Retries: three, with backoff up to 30 s, for what may pass (network failures, 5xx, 408 and 429); a 4xx
 * answer is the same the next time and is shown at once.
 */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (failureCount >= FETCH_RETRIES) return false;
  // Duck-typed, so the entry (which makes the query client) loads no API client.
  const status =
    error instanceof Error && error.name === 'ApiError' ? (error as { status?: unknown }).status : null;
  if (typeof status === 'number') return status >= 500 || status === 408 || status === 429;
  return !(error instanceof Error && error.name === 'ContractViolationError');
};

export const retryDelay = (attempt: number): number =>
  Math.min(1000 * 2 ** attempt, FETCH_RETRY_MAX_DELAY_MS);

export const createQueryClient = (): QueryClient => {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  for (const name of LIST_ROUTES) {
    queryClient.setQueryDefaults([name] satisfies QueryKey, { staleTime: LIST_CACHE_MS });
  }
  queryClient.setQueryDefaults([CURRENT_USER_ROUTE], { retry: false });
  return queryClient;
};
