import type * as z from 'zod';
import type { RoleId } from '../roles.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Each resource is one Lambda function in AWS and one handler module in `functions/src/<resource>/`. */
export const resources = [
  'health',
  'auth',
  'user',
  'managementCompany',
  'organization',
  'location',
  'walk',
  'incident',
  'geo',
  'schedule',
  'alert',
  'task',
  'export',
  'lockCheck',
] as const;
export type Resource = (typeof resources)[number];

/** Where a route comes from: one of the two specs' lists of calls, or added because the product needs it. */
export type RouteSource = 'access-and-administration' | 'field-operations' | 'added';

export interface RouteDef {
  method: Method;
  /** Full path under `/api`, with `{name}` path parameters that each span one whole segment (API Gateway's rule). */
  path: `/api/${string}`;
  resource: Resource;
  /** `public` needs no token; otherwise the least role that may call it (the policy module decides per object). */
  access: 'public' | RoleId;
  source: RouteSource;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * What a request without a body (none, or JSON `null`) answers: 400 with this message, also under `body`
   * in validationErrors (the specs' 'Missing incident info', 'No user info provided', …). Unset: the body
   * schema's own errors.
   */
  missingBody?: string;
  response: z.ZodType;
  /** What a caller below the least role is told (403); a generic message unless said. */
  forbiddenMessage?: string;
  /** The success status; 200 unless said. */
  status?: 200 | 201 | 204;
}

export const defineRoute = <const R extends RouteDef>(route: R): R => route;

type Parsed<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;
type Input<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

/** What a handler receives after parsing (coerced numbers, defaults applied). */
export type RouteParams<R extends RouteDef> = Parsed<R['params'], Record<string, never>>;
export type RouteQuery<R extends RouteDef> = Parsed<R['query'], Record<string, never>>;
export type RouteBody<R extends RouteDef> = Parsed<R['body'], undefined>;
export type RouteResponse<R extends RouteDef> = z.output<R['response']>;

/** Path and query values travel as text: where a schema takes any text, a client may hand over a number. */
type TextOrNumber<V> = V extends unknown ? (string extends V ? V | number : V) : never;
type AsText<T> = { [K in keyof T]: TextOrNumber<T[K]> };

/** What a client sends. */
export type RouteParamsInput<R extends RouteDef> = AsText<Input<R['params'], Record<string, never>>>;
export type RouteQueryInput<R extends RouteDef> = AsText<Input<R['query'], Record<string, never>>>;
export type RouteBodyInput<R extends RouteDef> = Input<R['body'], undefined>;

/** `GET /api/user/{id}` — the API Gateway route key. */
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/**
 * Fills `{name}` placeholders; values are URI-encoded. An empty value, `.` or `..` cannot be sent: URL parsers
 * (fetch, browsers) drop or resolve such a segment, even encoded, and the call would reach another path.
 */
export const buildPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    const text = String(value);
    if (text === '' || text === '.' || text === '..')
      throw new Error(`Path parameter ${name} of ${path} cannot be ${JSON.stringify(text)}`);
    return encodeURIComponent(text);
  });
