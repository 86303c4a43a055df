import type * as z from 'zod';
import { errorBody } from '@sitewalk/shared/envelope';
import {
  buildPath,
  type RouteBodyInput,
  type RouteDef,
  type RouteParamsInput,
  type RouteQueryInput,
  type RouteResponse,
} from '@sitewalk/shared/contract/route';
import { ApiError, ContractViolationError } from './api-error.ts';
import { searchOf } from './api-search.ts';

// Where most callers look for them.
export { ApiError, ContractViolationError };

/** Whether a route declares a schema for that part (defineRoute keeps absent keys absent). */
type Has<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: z.ZodType } ? true : false;

/** `{ params, query, body }` for a route, each required exactly when the route has that schema. */
export type CallInput<R extends RouteDef> = (Has<R, 'params'> extends true
  ? { params: RouteParamsInput<R> }
  : { params?: never }) &
  (Has<R, 'query'> extends true ? { query?: RouteQueryInput<R> } : { query?: never }) &
  (Has<R, 'body'> extends true ? { body: RouteBodyInput<R> } : { body?: never }) & {
    signal?: AbortSignal;
    /** Milliseconds before the call is abandoned (the spec's 5 s profile-image call). */
    timeoutMs?: number;
  };

type OptionalIfEmpty<R extends RouteDef> =
  Has<R, 'params'> extends true
    ? [input: CallInput<R>]
    : Has<R, 'body'> extends true
      ? [input: CallInput<R>]
      : [input?: CallInput<R>];

export interface ApiClientOptions<Routes extends Record<string, RouteDef>> {
  /** The routes, or how to get one by name (lib/routes.ts builds some when first called). */
  routes: Routes | ((name: keyof Routes & string) => RouteDef | Promise<RouteDef>);
  baseUrl?: string;
  getToken?: () => string | null;
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

/** A client typed from the contract: `call('user.get', { params: { id: 3 } })`. */
export const createApiClient = <Routes extends Record<string, RouteDef>>(
  options: ApiClientOptions<Routes>,
) => {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  return async <Name extends keyof Routes & string>(
    name: Name,
    ...[input]: OptionalIfEmpty<Routes[Name]>
  ): Promise<RouteResponse<Routes[Name]>> => {
    const found = typeof options.routes === 'function' ? options.routes(name) : options.routes[name];
    // A route at hand is used at once: no await, so a call starts as soon as it did before routes loaded later.
    const route = found instanceof Promise ? await found : found;
    if (!route) throw new Error(`Unknown route ${name}`);
    const call = (input ?? {}) as {
      params?: Record<string, string | number>;
      query?: Record<string, unknown>;
      body?: unknown;
      signal?: AbortSignal;
      timeoutMs?: number;
    };

    const url = `${baseUrl}${buildPath(route.path, call.params)}${searchOf(call.query)}`;

    const headers: Record<string, string> = { accept: 'application/json' };
    if (route.access !== 'public') {
      const token = options.getToken?.();
      if (token) headers.authorization = `Bearer ${token}`;
    }
    if (call.body !== undefined) headers['content-type'] = 'application/json';

    const signals = [call.signal, call.timeoutMs ? AbortSignal.timeout(call.timeoutMs) : undefined].filter(
      (s): s is AbortSignal => s !== undefined,
    );
    const response = await doFetch(url, {
      method: route.method,
      headers,
      credentials: 'same-origin',
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      ...(signals.length ? { signal: AbortSignal.any(signals) } : {}),
    });

    if (!response.ok) {
      if (response.status === 401) options.onUnauthorized?.();
      const parsed = errorBody.safeParse(await response.json().catch(() => null));
      const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
      throw new ApiError(
        response.status,
        response.statusText,
        parsed.success ? parsed.data : null,
        Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null,
      );
    }
    if (response.status === 204) return undefined as RouteResponse<Routes[Name]>;
    const result = route.response.safeParse(await response.json().catch(() => undefined));
    if (!result.success) {
      throw new ContractViolationError(
        `${route.method} ${route.path} answered a shape the contract does not allow`,
      );
    }
    return result.data as RouteResponse<Routes[Name]>;
  };
};
