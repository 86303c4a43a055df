import { routes, type RouteName, type Routes } from '@sitewalk/shared/contract/index';
import type { RouteDef, RouteResponse } from '@sitewalk/shared/contract/route';

/** What a fake route handler sees of a request: its path parameters, query and JSON body. */
export interface FakeRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

/** A handler answers with the route's response, or with `fakeError(status, message)`. */
export type FakeHandler<N extends RouteName> = (
  request: FakeRequest,
) => RouteResponse<Routes[N]> | FakeErrorAnswer | Promise<RouteResponse<Routes[N]> | FakeErrorAnswer>;

export type FakeHandlers = { [N in RouteName]?: FakeHandler<N> };

export interface FakeErrorAnswer {
  fakeError: true;
  status: number;
  message: string;
}

export const fakeError = (status: number, message: string): FakeErrorAnswer => ({
  fakeError: true,
  status,
  message,
});

export interface RecordedCall {
  name: RouteName;
  request: FakeRequest;
}

const matcherOf = (path: string) => {
  const names: string[] = [];
  const pattern = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const regex = new RegExp(`^${pattern}$`);
  return (pathname: string) => {
    const match = regex.exec(pathname);
    if (!match) return null;
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
  };
};

// Literal paths first, so `/api/user/table-order` is not taken for `/api/user/{id}`.
const table = (Object.entries(routes) as [RouteName, (typeof routes)[RouteName]][])
  .map(([name, route]) => ({
    name,
    method: route.method,
    match: matcherOf(route.path),
    literal: !route.path.includes('{'),
  }))
  .sort((a, b) => Number(b.literal) - Number(a.literal));

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * A fetch that answers the contract's routes from `handlers` (by route name), for component tests that
 * go through the real API client. Unhandled routes answer 404 'Not handled'. Every call is recorded.
 */
export const createFakeFetch = (handlers: FakeHandlers) => {
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    for (const entry of table) {
      if (entry.method !== method) continue;
      const params = entry.match(url.pathname);
      if (!params) continue;
      const request: FakeRequest = {
        params,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push({ name: entry.name, request });
      const handler = handlers[entry.name] as FakeHandler<typeof entry.name> | undefined;
      if (!handler)
        return json(404, {
          success: false,
          message: 'Not handled',
          data: null,
          error: 'Not handled',
          validationErrors: null,
        });
      const answer = await handler(request);
      if (answer && typeof answer === 'object' && 'fakeError' in answer) {
        return json(answer.status, {
          success: false,
          message: answer.message,
          data: null,
          error: answer.message,
          validationErrors: null,
        });
      }
      return json((routes[entry.name] as RouteDef).status ?? 200, answer);
    }
    return json(404, {
      success: false,
      message: 'No such route',
      data: null,
      error: 'No such route',
      validationErrors: null,
    });
  };
  return {
    fetch,
    calls,
    callsOf: (name: RouteName) => calls.filter((call) => call.name === name).map((call) => call.request),
  };
};
