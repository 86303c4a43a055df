import fc from 'fast-check';
import * as z from 'zod';
import { routes, type RouteName } from '@sitewalk/shared/contract/index';
import type { RouteDef } from '@sitewalk/shared/contract/route';
import { errorBody } from '@sitewalk/shared/envelope';
import { rawRequest } from './raw-http.ts';
import type { Site } from './site.ts';

/**
 * Bad requests generated from the contract's own schemas (issue 11, item 24), for every route of `routes`:
 * bad path parameters, query values, bodies and headers, with and without a valid token. A request that
 * the schemas refuse must never succeed; no request may answer 5xx; every 4xx is the error envelope.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The parts of JSON Schema (2020-12, as z.toJSONSchema writes it) the generators read. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: Json[];
  const?: Json;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

export type Caller = 'none' | 'bogus' | 'superUser' | 'employee';

export interface FuzzContext {
  /** Ids that exist (a company, area, location, walk, marker, report, incident, users). */
  ids: number[];
  tokens: Record<'superUser' | 'employee', string>;
}

export interface FuzzRequest {
  route: RouteName | null;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The contract's schemas refuse a part of it: it must not succeed. */
  refused: boolean;
  caller: Caller;
}

const inputSchema = (schema: z.ZodType): Schema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;

const isIdName = (key: string | undefined) => key !== undefined && /^id$|Id$/.test(key);

/** A value the schema might take (a base to break one thing in); ids are ones that exist. */
const plausible = (schema: Schema, context: FuzzContext, key?: string, depth = 0): fc.Arbitrary<Json> => {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => plausible(s, context, key, depth)));
  if (schema.allOf?.[0]) return plausible(schema.allOf[0], context, key, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      return fc.record(
        Object.fromEntries(properties.map(([k, s]) => [k, plausible(s, context, k, depth + 1)])),
        { requiredKeys: schema.required ?? [] },
      ) as fc.Arbitrary<Json>;
    }
    case 'array':
      return fc.array(schema.items ? plausible(schema.items, context, key, depth + 1) : fc.constant(null), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'string': {
      const maxLength = Math.min(schema.maxLength ?? 30, 30);
      if (schema.format === 'email') return fc.emailAddress().filter((e) => e.length <= 254);
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date-time')
        return fc
          .date({ min: new Date('2024-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (schema.format === 'uri') return fc.webUrl();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, 60));
      return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
    }
    case 'integer':
      if (isIdName(key)) return fc.constantFrom(...context.ids);
      return fc.integer({
        min: schema.minimum ?? (schema.exclusiveMinimum ?? -11) + 1,
        max: schema.maximum ?? (schema.exclusiveMaximum ?? 1001) - 1,
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1000,
        max: schema.maximum ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 }).map((v) => v as Json);
  }
};

const nested = (depth: number, leaf = '1') => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;

/** Values of the wrong kind, or of the right kind and far too big. */
const wrongValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 53 + 2,
    1e308,
    -1e308,
    '',
    ' ',
    '1',
    '1e0',
    '0x1',
    'null',
    [],
    {},
    [null],
    JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as Json,
  ),
  fc.constantFrom(255, 1_001, 5_000, 100_000, 1_000_000).map((n) => 'x'.repeat(n)),
  fc.constantFrom(10, 1_000).map((n) => JSON.parse(nested(n)) as Json),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.integer(), { minLength: 600, maxLength: 1_200 }),
);

type Path = (string | number)[];

const pathsOf = (value: Json, at: Path = [], out: Path[] = []): Path[] => {
  if (at.length) out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
};

const setAt = (value: Json, at: Path, replacement: Json | undefined): Json => {
  if (!at.length) return replacement ?? null;
  const [head, ...rest] = at;
  if (Array.isArray(value)) {
    const copy = [...value];
    const i = Number(head);
    if (replacement === undefined && !rest.length) copy.splice(i, 1);
    else copy[i] = setAt(copy[i] ?? null, rest, replacement);
    return copy;
  }
  if (value && typeof value === 'object') {
    const copy: Record<string, Json> = { ...value };
    const k = String(head);
    if (replacement === undefined && !rest.length) delete copy[k];
    else copy[k] = setAt(copy[k] ?? null, rest, replacement);
    return copy;
  }
  return value;
};

/** A body text: the plausible one with one thing broken, or no JSON object at all. */
const badBody = (base: fc.Arbitrary<Json>): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(base, fc.nat(), wrongValue).map(([v, i, w]) => {
        const paths = pathsOf(v);
        return JSON.stringify(paths.length ? setAt(v, paths[i % paths.length] ?? [], w) : w);
      }),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(base, fc.nat()).map(([v, i]) => {
        const paths = pathsOf(v);
        return JSON.stringify(paths.length ? setAt(v, paths[i % paths.length] ?? [], undefined) : {});
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '{',
        '{"a":',
        '}',
        'null',
        '[]',
        '"text"',
        '1',
        'true',
        '\u0000',
        '{"a":1}}',
        'NaN',
        '{a:1}',
        "{'a':1}",
        '\ufeff{}',
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(64, 5_000, 100_000).map((n) => nested(n)) },
    { weight: 1, arbitrary: fc.constantFrom(64, 5_000).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  );

/** Path segments as sent on the wire: malformed escapes, encoded dots and slashes, numbers spelt every way. */
const badSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%',
    '%E0%A4%A',
    '%zz',
    '%C0%AF',
    '%ED%A0%80',
    '%00',
    '%2E%2E',
    '%2e%2e',
    '.%2E',
    '%2E',
    '.',
    '..',
    '%2F',
    '1%2F2',
    '..%2F..%2F1',
    '%5C..%5C',
    '%252E%252E',
    '%20',
    '%201',
    '1%20',
    '+1',
    '-1',
    '0',
    '-0',
    '01',
    '0x1',
    '1e0',
    '1e3',
    '1.0',
    '1.5',
    'NaN',
    'Infinity',
    '9007199254740992',
    '99999999999999999999',
    '__proto__',
    'constructor',
    '%F0%9F%98%80',
    '%uD800',
    'some',
  ),
  fc.constantFrom(400, 2_000, 6_000).map((n) => '9'.repeat(n)),
  fc.nat().map((n) => String(n).padStart(20, '0')),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);

/** Query values as sent on the wire. */
const badQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '%20',
    '+',
    '%',
    '%E0%A4%A',
    '-1',
    '0',
    '+1',
    '01',
    '0x10',
    '1e3',
    '1.5',
    'NaN',
    'true',
    '%00',
  ),
  fc.constantFrom('9'.repeat(30), 'a'.repeat(5_000)),
  fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent),
);

const oddHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/json; charset=utf-16',
      'multipart/form-data; boundary=--x',
      'application/x-www-form-urlencoded',
      '',
    ),
    cookie: fc.constantFrom(
      'refreshToken=%E0%A4%A',
      'refreshToken=',
      '=',
      ';;;',
      'a=b; a=c',
      `refreshToken=${'x'.repeat(4_000)}`,
    ),
    host: fc.constantFrom('a b', '', '[::1', 'localhost:99999', '%00', 'x'.repeat(300)),
    'x-forwarded-for': fc.constantFrom('::::', '1.2.3.4, , ,', 'x'.repeat(500)),
    accept: fc.constantFrom('*/*', 'text/html', ''),
    'user-agent': fc.constantFrom('', 'x'.repeat(1_000)),
    range: fc.constantFrom('bytes=9-1', 'bytes=x'),
    'if-none-match': fc.constantFrom('*', '"x"'),
  },
  { requiredKeys: [] },
);

const bogusAuthorization = (context: FuzzContext): fc.Arbitrary<string> =>
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer x',
    'Basic YQ==',
    'bearer a.b.c',
    `Bearer ${'x'.repeat(8_000)}`,
    `Bearer ${context.tokens.superUser.slice(0, -4)}AAAA`,
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwidG9rZW5fdXNlIjoiYWNjZXNzIn0.',
    `Bearer ${context.tokens.employee}, Bearer ${context.tokens.superUser}`,
  );

const encodeQuery = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}=${v}`).join('&');

/** The query as the host hands it over: decoded, repeated keys joined with commas. */
const parsedQuery = (raw: string): Record<string, string> => {
  const query = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(raw)) {
    const earlier = query.get(key);
    query.set(key, earlier === undefined ? value : `${earlier},${value}`);
  }
  return Object.fromEntries(query);
};

const decodeAll = (values: Record<string, string>): Record<string, string> | null => {
  try {
    return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, decodeURIComponent(v)]));
  } catch {
    return null;
  }
};

/** Does the contract refuse this request (a part its schemas do not take)? */
const refusedBy = (route: RouteDef, params: Record<string, string>, rawQuery: string, body?: string) => {
  const decoded = decodeAll(params);
  if (!decoded) return true;
  if (route.params && !route.params.safeParse(decoded).success) return true;
  if (route.query && !route.query.safeParse(parsedQuery(rawQuery)).success) return true;
  if (route.body) {
    if (body === undefined || body === '') return !route.body.safeParse(undefined).success;
    try {
      return !route.body.safeParse(JSON.parse(body)).success;
    } catch {
      return true;
    }
  }
  return false;
};

type Part = 'params' | 'query' | 'body';

/** Bad requests for one route. Anything but a read is always refused by construction, so it changes nothing. */
export const routeRequests = (name: RouteName, context: FuzzContext): fc.Arbitrary<FuzzRequest> => {
  const route = routes[name] as RouteDef;
  const paramNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const parts: Part[] = [
    ...(paramNames.length ? (['params'] as const) : []),
    ...(route.query ? (['query'] as const) : []),
    ...(route.body ? (['body'] as const) : []),
  ];
  const mustRefuse = route.method !== 'GET';
  const goodSegment = (param: string) =>
    isIdName(param)
      ? fc.constantFrom(...context.ids).map(String)
      : fc.constantFrom('face.png', 'logo.png', 'photo.jpg');
  const querySchema = route.query ? inputSchema(route.query) : null;
  const bodySchema = route.body ? inputSchema(route.body) : null;

  const goodQuery = fc.constant(null).chain(() => {
    const fields = Object.entries(querySchema?.properties ?? {});
    return fc
      .tuple(...fields.map(([k, s]) => fc.option(plausible(s, context, k), { nil: undefined })))
      .map((values) =>
        encodeQuery(
          fields.flatMap(([k], i) =>
            values[i] === undefined ? [] : [[k, encodeURIComponent(String(values[i]))] as [string, string]],
          ),
        ),
      );
  });
  const badQuery = fc
    .tuple(
      goodQuery,
      fc.constantFrom(...Object.keys(querySchema?.properties ?? { x: {} })),
      badQueryValue,
      fc.boolean(),
      fc.constantFrom('', '&__proto__=1', '&constructor=x', '&toString=1', '&=&&=', '&%=%'),
    )
    .map(([good, key, value, repeat, extra]) =>
      [good, `${key}=${value}`, repeat ? `${key}=${value}` : '', extra.slice(1)].filter(Boolean).join('&'),
    );
  const goodBody = bodySchema
    ? plausible(bodySchema, context).map((v) => JSON.stringify(v))
    : fc.constant('');

  const callers: Caller[] =
    route.access === 'public'
      ? ['none', 'bogus']
      : !parts.length && mustRefuse
        ? ['none', 'bogus'] // nothing to break: a valid token would make it a real call
        : ['none', 'bogus', 'superUser', 'employee', 'superUser', 'employee'];

  return (
    fc
      .record({
        broken: fc.subarray(parts, { minLength: mustRefuse && parts.length ? 1 : 0 }),
        caller: fc.constantFrom(...callers),
        headers: oddHeaders,
        authorization: bogusAuthorization(context),
        wrongMethod: fc.oneof(
          { weight: 9, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.constantFrom('PATCH', 'OPTIONS') },
        ),
      })
      .chain(({ broken, caller, headers, authorization, wrongMethod }) =>
        fc
          .record({
            params: fc.tuple(
              ...paramNames.map((p) =>
                broken.includes('params')
                  ? fc.oneof({ weight: 4, arbitrary: badSegment }, { weight: 1, arbitrary: goodSegment(p) })
                  : goodSegment(p),
              ),
            ),
            query: route.query ? (broken.includes('query') ? badQuery : goodQuery) : fc.constant(''),
            body: bodySchema
              ? broken.includes('body')
                ? badBody(plausible(bodySchema, context))
                : goodBody
              : fc.constant(undefined),
          })
          .map(({ params, query, body }): FuzzRequest => {
            const values = Object.fromEntries(paramNames.map((p, i) => [p, params[i] ?? '1']));
            const path = route.path.replace(/\{(\w+)\}/g, (_, p: string) => values[p] ?? '1');
            const token =
              caller === 'superUser' || caller === 'employee'
                ? `Bearer ${context.tokens[caller]}`
                : caller === 'bogus'
                  ? authorization
                  : undefined;
            return {
              route: name,
              method: wrongMethod ?? route.method,
              path: query ? `${path}?${query}` : path,
              headers: { ...headers, ...(token ? { authorization: token } : {}) },
              ...(body === undefined ? {} : { body }),
              refused: wrongMethod !== null || refusedBy(route, values, query, body),
              caller,
            };
          }),
      )
      .filter((request) => !mustRefuse || !parts.length || request.refused)
      // A bad segment that spells another route's own path ('some' for {id}) is that route's request, not this one's.
      .filter(
        (request) =>
          !paramNames.length || !staticRoutes.has(`${request.method} ${request.path.split('?')[0]}`),
      )
  );
};

/** The routes without path parameters, as `METHOD /path`: a path the router gives to them whatever else matches. */
const staticRoutes = new Set(
  Object.values(routes as Record<string, RouteDef>)
    .filter((route) => !route.path.includes('{'))
    .map((route) => `${route.method} ${route.path}`),
);

/** Targets no route names: random paths under /api and beside it, without a token. */
export const strayRequests: fc.Arbitrary<FuzzRequest> = fc
  .record({
    path: fc.oneof(
      fc.constantFrom(
        '/api',
        '/api/',
        '//api//health',
        '/api//walk//1',
        '/api/%2E%2E/health',
        '/api/walk/..%2F..%2Fhealth',
        '/%E0%A4%A',
        '/config.json/..',
        '/..%2F..%2Fetc%2Fpasswd',
        '/api/health?%',
        '/api/health?a=%E0%A4%A&a=%',
      ),
      fc
        .array(fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent), { maxLength: 6 })
        .map((segments) => `/api/${segments.join('/')}`),
    ),
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
    headers: oddHeaders,
  })
  .map(({ path, method, headers }) => ({
    route: null,
    method,
    path,
    headers,
    refused: false,
    caller: 'none',
  }));

export interface FuzzFailure {
  request: FuzzRequest;
  problem: string;
}

export interface FuzzReport {
  sent: number;
  byStatus: Record<number, number>;
  byRoute: Record<string, number>;
  failures: FuzzFailure[];
}

/** The requests, `runs` per route and `runs` stray ones, in a fixed order for a given seed. */
/** The ids and tokens of a seeded site, as the generated requests use them. */
export const fuzzContextOf = (site: Site): FuzzContext => ({
  ids: [
    site.companyId,
    site.organizationId,
    site.locationId,
    site.walkId,
    site.markerId,
    site.walkReportId,
    site.incidentId,
    site.employee.id,
    site.superUser.id,
  ],
  tokens: { superUser: site.superUser.token, employee: site.employee.token },
});

export const fuzzRequests = (context: FuzzContext, runs: number, seed: number): FuzzRequest[] => {
  const names = Object.keys(routes) as RouteName[];
  return [
    ...names.flatMap((name, i) => fc.sample(routeRequests(name, context), { numRuns: runs, seed: seed + i })),
    ...fc.sample(strayRequests, { numRuns: runs, seed: seed - 1 }),
  ];
};

const describeRequest = (r: FuzzRequest) =>
  `${r.method} ${r.path.slice(0, 200)} as ${r.caller}${r.body === undefined ? '' : ` body ${r.body.slice(0, 200)}`}`;

/** Sends the requests, a few at a time, and checks every answer. */
export const sendAll = async (
  baseUrl: string,
  requests: FuzzRequest[],
  concurrency = 4,
): Promise<FuzzReport> => {
  const report: FuzzReport = { sent: 0, byStatus: {}, byRoute: {}, failures: [] };
  let next = 0;
  const worker = async () => {
    // Enough to tell what is wrong; a host that died would otherwise time out every request left.
    while (next < requests.length && report.failures.length < 25) {
      const request = requests[next++] as FuzzRequest;
      const problem = await check(baseUrl, request, report);
      if (problem) report.failures.push({ request, problem });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return report;
};

const check = async (baseUrl: string, request: FuzzRequest, report: FuzzReport): Promise<string | null> => {
  report.sent += 1;
  report.byRoute[request.route ?? '(stray)'] = (report.byRoute[request.route ?? '(stray)'] ?? 0) + 1;
  let answer;
  try {
    answer = await rawRequest(baseUrl, { ...request, timeoutMs: 10_000 });
  } catch (error) {
    return `no answer: ${(error as Error).message}`;
  }
  report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1;
  if (answer.status >= 500) return `${answer.status} ${answer.text.slice(0, 200)}`;
  if (answer.status >= 400) {
    try {
      errorBody.parse(JSON.parse(answer.text));
    } catch {
      return `${answer.status} without the envelope: ${answer.text.slice(0, 200)}`;
    }
  } else if (request.refused) {
    return `${answer.status} for a request the contract refuses`;
  }
  return null;
};

export const formatFailures = (failures: FuzzFailure[], seed: number): string =>
  [
    `${failures.length} failed (FUZZ_SEED=${seed} repeats this run):`,
    ...failures.slice(0, 15).map((f) => `  ${f.problem}\n    ${describeRequest(f.request)}`),
  ].join('\n');
