import { isDeepStrictEqual } from 'node:util';
import * as z from 'zod';
import { routes, type RouteName, type Routes } from '@sitewalk/shared/contract/index';
import { buildPath, type RouteResponse } from '@sitewalk/shared/contract/route';
import type { CallInput } from '../../web/src/lib/api-client.ts';
import type { Person } from './people.ts';

type Input<Name extends RouteName> = Pick<CallInput<Routes[Name]>, 'params' | 'query' | 'body'>;
/** The body a route takes, as a test writes it. */
export type BodyOf<Name extends RouteName> = NonNullable<Input<Name>['body']>;
/** The input, optional when the route takes no params and no body. */
type InputArgs<Name extends RouteName> = Routes[Name] extends { params: z.ZodType } | { body: z.ZodType }
  ? [input: Input<Name>]
  : [input?: Input<Name>];

/**
 * A success path through the contract: calls a route by its name as `who` (null: no token), filling the path
 * from `params`, and answers the body parsed with the route's response schema. An answer with another status
 * than the route's success status, or one its schema does not allow or that names more than it, fails the
 * test that made the call.
 */
export const apiAs =
  (baseUrl: string) =>
  async <Name extends RouteName>(
    who: Person | null,
    name: Name,
    ...[input]: InputArgs<Name>
  ): Promise<RouteResponse<Routes[Name]>> => {
    const route = routes[name];
    const { params, query, body } = (input ?? {}) as {
      params?: Record<string, string | number>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.append(key, String(value));
    }
    const path = `${buildPath(route.path, params)}${search.size ? `?${search}` : ''}`;
    const response = await fetch(`${baseUrl}${path}`, {
      method: route.method,
      headers: {
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const expected = 'status' in route ? route.status : 200;
    if (response.status !== expected) {
      throw new Error(
        `${name} (${route.method} ${path}) answered ${response.status}, not ${expected}: ${text}`,
      );
    }
    const json: unknown = text ? JSON.parse(text) : undefined;
    const answer = route.response.safeParse(json);
    if (!answer.success) {
      throw new Error(
        `${name} (${route.method} ${path}) answered what the contract does not allow:\n` +
          `${z.prettifyError(answer.error)}\n${text}`,
      );
    }
    // Parsing drops keys the schema does not name: an answer must be exactly what the contract says.
    if (!isDeepStrictEqual(answer.data, json)) {
      throw new Error(`${name} (${route.method} ${path}) answered more than the contract names: ${text}`);
    }
    return answer.data as RouteResponse<Routes[Name]>;
  };

export type Api = ReturnType<typeof apiAs>;
