import { afterEach, describe, expect, it, vi } from 'vitest';
import { Metrics } from '@aws-lambda-powertools/metrics';
import * as z from 'zod';
import type { Context } from 'aws-lambda';
import { defineRoute, type RouteDef } from '@sitewalk/shared/contract/route';
import { errorBody } from '@sitewalk/shared/envelope';
import { bySpecificity, createHttpHandler, type HttpEvent, type Implementation } from './handler.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../domain/errors.ts';
import type { Actor } from '@sitewalk/shared/policy';
import { Role } from '@sitewalk/shared/roles';
import { METRICS_NAMESPACE } from './metrics.ts';
import { tracer } from '../ports/tracer.ts';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER, clientAddress, viewerAddressOf } from './origin.ts';

// Prepare: a small contract of test routes, independent of the product's.
const testRoutes = {
  'thing.get': defineRoute({
    method: 'GET',
    path: '/api/thing/{id}',
    resource: 'health',
    access: 10,
    source: 'added',
    summary: 'a protected read',
    params: z.object({ id: z.coerce.number().int().positive() }),
    query: z.object({ verbose: z.enum(['yes', 'no']).optional() }),
    response: z.object({ id: z.number(), name: z.string() }),
  }),
  'thing.some': defineRoute({
    method: 'GET',
    path: '/api/thing/some',
    resource: 'health',
    access: 'public',
    source: 'added',
    summary: 'a literal path beside a parameter',
    response: z.object({ literal: z.literal(true) }),
  }),
  'thing.create': defineRoute({
    method: 'POST',
    path: '/api/thing',
    resource: 'health',
    access: 'public',
    source: 'added',
    summary: 'a public write',
    body: z.strictObject({ name: z.string().min(1), size: z.number().max(10) }),
    response: z.object({ name: z.string() }),
    status: 201,
  }),
  'thing.delete': defineRoute({
    method: 'DELETE',
    path: '/api/thing/{id}',
    resource: 'health',
    access: 10,
    source: 'added',
    summary: 'not served yet',
    params: z.object({ id: z.coerce.number() }),
    response: z.object({}),
  }),
} satisfies Record<string, RouteDef>;

const context = { awsRequestId: 'test', functionName: 'test' } as Context;

const event = (
  method: string,
  path: string,
  options: {
    body?: string;
    claims?: Record<string, string>;
    query?: Record<string, string>;
    params?: Record<string, string>;
    cookies?: string[];
    headers?: Record<string, string>;
    sourceIp?: string;
  } = {},
): HttpEvent =>
  ({
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: options.headers ?? {},
    cookies: options.cookies,
    queryStringParameters: options.query,
    pathParameters: options.params,
    body: options.body,
    isBase64Encoded: false,
    requestContext: {
      http: {
        method,
        path,
        protocol: 'HTTP/1.1',
        sourceIp: options.sourceIp ?? '127.0.0.1',
        userAgent: 'test',
      },
      authorizer: { jwt: { claims: options.claims ?? {}, scopes: [] } },
    },
  }) as unknown as HttpEvent;

type TestImplementations = { [K in keyof typeof testRoutes]?: Implementation<(typeof testRoutes)[K]> };

/** Test users by Cognito username: 12 is a Manager (the least role of thing.get), 13 an Employee. */
const testActors: Record<string, Actor> = {
  '12': {
    userId: 12,
    roleId: Role.Manager,
    managementCompanyIds: [1],
    organizationIds: [],
    locationIds: [5],
  },
  '13': {
    userId: 13,
    roleId: Role.Employee,
    managementCompanyIds: [1],
    organizationIds: [],
    locationIds: [5],
  },
};

const handlerWith = (implementations: TestImplementations) =>
  createHttpHandler(
    'test',
    Object.entries(testRoutes),
    implementations as Record<string, Implementation<RouteDef> | undefined>,
    {
      resolveActor: async (claims) => {
        const actor = testActors[String(claims.username)];
        if (!actor) throw new UnauthorizedError();
        return actor;
      },
    },
  );

const errorOf = (result: { body?: string }) => errorBody.parse(JSON.parse(result.body ?? ''));

const claims = { sub: 'abc', username: '12' };

describe('the handler factory', () => {
  it('parses path and query, hands over claims and answers the parsed response without extra keys', async () => {
    const handler = handlerWith({
      'thing.get': async ({ params, query, claims: given, actor }) => ({
        id: params.id,
        name: `${query.verbose}-${given?.sub}-${actor.userId}`,
        pin: '1234',
      }),
    });
    const result = await handler(
      event('GET', '/api/thing/42', { params: { id: '42' }, query: { verbose: 'yes' }, claims }),
      context,
    );
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? '')).toEqual({ id: 42, name: 'yes-abc-12' });
    expect(result.headers?.['cache-control']).toBe('no-store');
  });

  it('routes a literal path before a parameter', async () => {
    const handler = handlerWith({
      'thing.some': async () => ({ literal: true as const }),
      'thing.get': async () => {
        throw new Error('the parameter route must not answer');
      },
    });
    const result = await handler(event('GET', '/api/thing/some'), context);
    expect(JSON.parse(result.body ?? '')).toEqual({ literal: true });
  });

  it("runs the route API Gateway matched (its routeKey) with its parameters, never the path's second match", async () => {
    const handler = handlerWith({
      'thing.some': async () => {
        throw new Error('the path must not be matched again');
      },
      'thing.get': async ({ params }) => ({ id: params.id, name: 'x' }),
    });
    // The gateway matched GET /api/thing/{id} with id "some" (say, from `/api/thing/%73ome`): a 400, not thing.some.
    const result = await handler(
      {
        ...event('GET', '/api/thing/some', { params: { id: 'some' }, claims }),
        routeKey: 'GET /api/thing/{id}',
      },
      context,
    );
    expect(result.statusCode).toBe(400);
    expect(errorBody.parse(JSON.parse(result.body ?? '')).validationErrors).toHaveProperty('id');
  });

  it('answers bad path and query values with a 400 naming each field', async () => {
    const handler = handlerWith({ 'thing.get': async () => ({ id: 1, name: 'x' }) });
    const result = await handler(
      event('GET', '/api/thing/abc', { params: { id: 'abc' }, query: { verbose: 'maybe' }, claims }),
      context,
    );
    expect(result.statusCode).toBe(400);
    const body = errorOf(result);
    expect(body.error).toBe('Bad Request');
    expect(Object.keys(body.validationErrors ?? {})).toEqual(['id']);
  });

  it('answers a bad body with a 400 whose message is `field: message` pairs joined by "; "', async () => {
    const handler = handlerWith({ 'thing.create': async ({ body }) => ({ name: body.name }) });
    const result = await handler(
      event('POST', '/api/thing', { body: JSON.stringify({ name: '', size: 11, extra: 1 }) }),
      context,
    );
    expect(result.statusCode).toBe(400);
    const body = errorOf(result);
    expect(Object.keys(body.validationErrors ?? {}).sort()).toEqual(['name', 'request', 'size']);
    expect(body.message.split('; ')).toHaveLength(3);
    expect(body.message).toMatch(/^(name|size|request): /);
  });

  it('answers a missing or malformed JSON body with a 400, never a 500', async () => {
    const handler = handlerWith({ 'thing.create': async ({ body }) => ({ name: body.name }) });
    const missing = await handler(event('POST', '/api/thing'), context);
    expect(missing.statusCode).toBe(400);
    const malformed = await handler(event('POST', '/api/thing', { body: '{"name":' }), context);
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).validationErrors).toEqual({ body: ['Malformed JSON body'] });
  });

  it('answers 201 where the route says so', async () => {
    const handler = handlerWith({ 'thing.create': async ({ body }) => ({ name: body.name }) });
    const result = await handler(
      event('POST', '/api/thing', { body: JSON.stringify({ name: 'a', size: 1 }) }),
      context,
    );
    expect(result.statusCode).toBe(201);
  });

  it('refuses a protected route without verified claims with a 401 in the envelope', async () => {
    const handler = handlerWith({ 'thing.get': async () => ({ id: 1, name: 'x' }) });
    const result = await handler(event('GET', '/api/thing/1', { params: { id: '1' } }), context);
    expect(result.statusCode).toBe(401);
    expect(errorOf(result)).toMatchObject({ success: false, error: 'Unauthorized' });
  });

  it("refuses an actor below the route's least role with a 403", async () => {
    const handler = handlerWith({ 'thing.get': async () => ({ id: 1, name: 'x' }) });
    const result = await handler(
      event('GET', '/api/thing/1', { params: { id: '1' }, claims: { sub: 'e', username: '13' } }),
      context,
    );
    expect(result.statusCode).toBe(403);
    expect(errorOf(result).error).toBe('Forbidden');
  });

  it("answers 401 when the token's user no longer exists", async () => {
    const handler = handlerWith({ 'thing.get': async () => ({ id: 1, name: 'x' }) });
    const result = await handler(
      event('GET', '/api/thing/1', { params: { id: '1' }, claims: { sub: 'gone', username: '99' } }),
      context,
    );
    expect(result.statusCode).toBe(401);
  });

  it.each([
    [new NotFoundError('Thing not found'), 404, 'Not Found'],
    [new ForbiddenError(), 403, 'Forbidden'],
    [new ConflictError('Email already in use', { existingUserId: 9 }), 409, 'Conflict'],
  ])('maps %s to its status', async (error, status, reason) => {
    const handler = handlerWith({
      'thing.get': async () => {
        throw error;
      },
    });
    const result = await handler(event('GET', '/api/thing/1', { params: { id: '1' }, claims }), context);
    expect(result.statusCode).toBe(status);
    expect(errorOf(result)).toMatchObject({ error: reason, message: error.message });
  });

  it('carries numeric details such as existingUserId in validationErrors', async () => {
    const handler = handlerWith({
      'thing.get': async () => {
        throw new ConflictError('Email already in use', { existingUserId: 9 });
      },
    });
    const result = await handler(event('GET', '/api/thing/1', { params: { id: '1' }, claims }), context);
    expect(errorOf(result).validationErrors).toEqual({ existingUserId: 9 });
  });

  it('answers 429 with Retry-After', async () => {
    const handler = handlerWith({
      'thing.create': async () => {
        throw new TooManyRequestsError('Too many attempts', 30);
      },
    });
    const result = await handler(
      event('POST', '/api/thing', { body: JSON.stringify({ name: 'a', size: 1 }) }),
      context,
    );
    expect(result.statusCode).toBe(429);
    expect(result.headers?.['retry-after']).toBe('30');
  });

  it('hides unexpected failures behind a bare 500 with no stack trace', async () => {
    const handler = handlerWith({
      'thing.get': async () => {
        throw new Error('secret internals at /var/task/index.js:1:1');
      },
    });
    const result = await handler(event('GET', '/api/thing/1', { params: { id: '1' }, claims }), context);
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('secret');
    expect(errorOf(result).message).toBe('Internal Server Error');
  });

  it('answers 501 for a contract route that has no implementation yet', async () => {
    const result = await handlerWith({})(
      event('DELETE', '/api/thing/1', { params: { id: '1' }, claims }),
      context,
    );
    expect(result.statusCode).toBe(501);
  });

  it('answers 404 in the envelope for a path no route matches', async () => {
    const result = await handlerWith({})(event('GET', '/api/nothing'), context);
    expect(result.statusCode).toBe(404);
    expect(errorOf(result).success).toBe(false);
  });

  it('reads request cookies and sets response cookies', async () => {
    const handler = handlerWith({
      'thing.create': async ({ cookies, reply, body }) => {
        reply.cookies.push(`seen=${cookies.session}`);
        return { name: body.name };
      },
    });
    const result = await handler(
      event('POST', '/api/thing', {
        body: JSON.stringify({ name: 'a', size: 1 }),
        cookies: ['session=a%3Db', 'x=1', 'malformed=%E0%A4%A'],
      }),
      context,
    );
    expect(result.cookies).toEqual(['seen=a=b']);
  });
});

describe('observability', () => {
  // Prepare: routes under the names the metrics table knows, answering what each case needs.
  const observedRoutes = {
    'walkReport.start': defineRoute({
      method: 'POST',
      path: '/api/walk/{id}/report',
      resource: 'walk',
      access: 10,
      source: 'added',
      summary: 'starts a report',
      params: z.object({ id: z.coerce.number() }),
      response: z.object({ id: z.number() }),
      status: 201,
    }),
    'auth.login': defineRoute({
      method: 'POST',
      path: '/api/auth/login',
      resource: 'auth',
      access: 'public',
      source: 'added',
      summary: 'signs in',
      body: z.object({ password: z.string() }),
      response: z.object({ ok: z.boolean() }),
    }),
  } satisfies Record<string, RouteDef>;

  /** EMF documents the handler published, and the JSON log lines it wrote. */
  const observe = (outcome: (password: string) => Promise<{ ok: boolean }>) => {
    const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'sitewalk-test' });
    const published: Record<string, unknown>[] = [];
    const publish = metrics.publishStoredMetrics.bind(metrics);
    vi.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => {
      published.push(metrics.serializeMetrics() as unknown as Record<string, unknown>);
      return publish();
    });
    const lines: Record<string, unknown>[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      return true;
    });
    const handler = createHttpHandler(
      'sitewalk-test',
      Object.entries(observedRoutes),
      {
        'walkReport.start': async ({ params, logger }) => {
          logger.setLogLevel('INFO');
          logger.info('starting');
          return { id: params.id };
        },
        'auth.login': async ({ body }) => outcome(body.password),
      } satisfies {
        [K in keyof typeof observedRoutes]: Implementation<(typeof observedRoutes)[K]>;
      } as Record<string, Implementation<RouteDef>>,
      {
        metrics,
        resolveActor: async (claims) => ({ ...testActors['12']!, userId: Number(claims.username) }),
      },
    );
    return { handler, published, lines };
  };

  afterEach(() => vi.restoreAllMocks());

  const login = (password: string) =>
    event('POST', '/api/auth/login', { body: JSON.stringify({ password }) });

  it('counts a started report by its route, and logs the route and the user on every line', async () => {
    const { handler, published, lines } = observe(async () => ({ ok: true }));
    const result = await handler(
      event('POST', '/api/walk/{id}/report', { params: { id: '7' }, claims: { sub: 's', username: '12' } }),
      context,
    );
    expect(result.statusCode).toBe(201);
    expect(published).toEqual([
      expect.objectContaining({
        service: 'sitewalk-test',
        route: 'walkReport.start',
        ReportsStarted: 1,
        _aws: expect.objectContaining({
          CloudWatchMetrics: [
            expect.objectContaining({
              Namespace: 'SiteWalk',
              Dimensions: [['service', 'route']],
              Metrics: [{ Name: 'ReportsStarted', Unit: 'Count' }],
            }),
          ],
        }),
      }),
    ]);
    expect(lines).toEqual([
      expect.objectContaining({
        message: 'starting',
        route: 'walkReport.start',
        routeKey: 'POST /api/walk/{id}/report',
        userId: '12',
      }),
    ]);
  });

  it('counts a refused sign-in as a failed sign-in and a client error, without a user', async () => {
    const { handler, published } = observe(async () => {
      throw new UnauthorizedError();
    });
    expect((await handler(login('wrong'), context)).statusCode).toBe(401);
    expect(published).toEqual([
      expect.objectContaining({ route: 'auth.login', FailedSignIns: 1, ClientErrors: 1 }),
    ]);
    expect(published[0]).not.toHaveProperty('ReportsStarted');
  });

  it.each([
    [
      'a throttled request',
      new TooManyRequestsError('slow down', 60),
      429,
      { Throttles: 1, ClientErrors: 1 },
    ],
    ['a bad body', null, 400, { ClientErrors: 1 }],
    ['an unexpected failure', new Error('boom'), 500, { ServerErrors: 1 }],
  ])('counts %s by its route', async (_, error, status, counted) => {
    const { handler, published } = observe(async () => {
      if (error) throw error;
      return { ok: true };
    });
    const request = error ? login('x') : event('POST', '/api/auth/login', { body: '{"password":1}' });
    expect((await handler(request, context)).statusCode).toBe(status);
    expect(published).toEqual([expect.objectContaining({ route: 'auth.login', ...counted })]);
    expect(
      Object.keys(published[0] ?? {})
        .filter((key) => /^[A-Z]/.test(key))
        .sort(),
    ).toEqual(Object.keys(counted).sort());
  });

  it('counts nothing for a plain success, and publishes no empty document', async () => {
    const { handler, published } = observe(async () => ({ ok: true }));
    expect((await handler(login('right'), context)).statusCode).toBe(200);
    expect(published).toEqual([]);
  });

  it('forgets the user of one request before the next', async () => {
    const { handler, lines } = observe(async () => ({ ok: true }));
    await handler(
      event('POST', '/api/walk/{id}/report', { params: { id: '1' }, claims: { sub: 's', username: '12' } }),
      context,
    );
    await handler(event('POST', '/api/walk/{id}/report', { params: { id: '2' } }), context);
    expect(lines.map((line) => line.userId)).toEqual(['12']);
  });
});

describe('the client’s address and the origin secret (issue 27)', () => {
  // Prepare: a public route that answers the address the handler decided on.
  const echoRoutes = {
    'echo.ip': defineRoute({
      method: 'POST',
      path: '/api/echo',
      resource: 'health',
      access: 'public',
      source: 'added',
      summary: 'answers the client address',
      response: z.object({ clientIp: z.string() }),
    }),
  } satisfies Record<string, RouteDef>;
  const SECRET = 'origin-secret-7f3a9c';
  const EDGE = '130.176.1.20'; // a CloudFront edge server, as API Gateway sees it
  const echoHandler = (originSecret?: () => Promise<string>) =>
    createHttpHandler(
      'test',
      Object.entries(echoRoutes),
      { 'echo.ip': async ({ clientIp }) => ({ clientIp }) } as Record<string, Implementation<RouteDef>>,
      originSecret ? { originSecret } : {},
    );
  const call = (headers: Record<string, string>, routeKey = true) => {
    const request = event('POST', '/api/echo', { headers, sourceIp: EDGE });
    return routeKey ? request : { ...request, routeKey: '$default' };
  };

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it.each([
    ['198.51.100.7:46532', '198.51.100.7'],
    ['2001:db8:85a3::8a2e:370:7334:46532', '2001:db8:85a3::8a2e:370:7334'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['::ffff:198.51.100.7:1024', '::ffff:198.51.100.7'],
  ])('reads the viewer address %s as %s (port stripped)', (header, address) => {
    expect(viewerAddressOf(header)).toBe(address);
  });

  it.each([
    ['nothing', ''],
    ['no port', '198.51.100.7'],
    ['a port that is no number', '198.51.100.7:http'],
    ['a name', 'example.com:443'],
    ['two addresses (a viewer’s claim joined to CloudFront’s)', '203.0.113.9:1, 198.51.100.7:46532'],
    ['an address out of range', '300.1.1.1:80'],
  ])('reads no address from %s', (_, header) => {
    expect(viewerAddressOf(header)).toBeUndefined();
  });

  it('believes the viewer address only on a request that came through the distribution', () => {
    const request = call({ [VIEWER_ADDRESS_HEADER]: '198.51.100.7:46532' });
    expect(clientAddress(request, true)).toBe('198.51.100.7');
    expect(clientAddress(request, false)).toBe(EDGE);
    // Through the distribution but without a usable report: the connection's address, as before.
    expect(clientAddress(call({ [VIEWER_ADDRESS_HEADER]: 'garbage' }), true)).toBe(EDGE);
  });

  it('with an origin secret, answers a request that carries it, with the viewer’s address', async () => {
    const handler = echoHandler(async () => SECRET);
    const result = await handler(
      call({ [ORIGIN_SECRET_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '2001:db8::7:50000' }),
      context,
    );
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? '')).toEqual({ clientIp: '2001:db8::7' });
  });

  it.each([
    ['without the secret', {}],
    ['with another secret', { [ORIGIN_SECRET_HEADER]: 'origin-secret-7f3a9d' }],
    ['with the secret and more', { [ORIGIN_SECRET_HEADER]: `${SECRET} ` }],
    ['with an empty secret', { [ORIGIN_SECRET_HEADER]: '' }],
  ])('with an origin secret, refuses a request %s with a 403 that names no secret', async (_, headers) => {
    const lines: string[] = [];
    for (const stream of [process.stdout, process.stderr])
      vi.spyOn(stream, 'write').mockImplementation((chunk) => {
        lines.push(String(chunk));
        return true;
      });
    vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO'); // the refusal's warning is to be seen
    const implementation = vi.fn(async () => ({ clientIp: 'reached' }));
    const handler = createHttpHandler(
      'test',
      Object.entries(echoRoutes),
      { 'echo.ip': implementation } as Record<string, Implementation<RouteDef>>,
      { originSecret: async () => SECRET },
    );
    for (const request of [
      call({ ...headers, [VIEWER_ADDRESS_HEADER]: '198.51.100.7:1' }),
      call(headers, false),
    ]) {
      const result = await handler(request, context);
      expect(result.statusCode).toBe(403);
      expect(errorOf(result).success).toBe(false);
      expect(result.body).not.toContain(SECRET);
    }
    expect(implementation).not.toHaveBeenCalled();
    expect(lines.join('')).toContain('did not come through CloudFront');
    expect(lines.join('')).not.toContain(SECRET);
  });

  it('says once when a request through the distribution names no viewer (the origin request policy stopped forwarding it)', async () => {
    const lines: string[] = [];
    for (const stream of [process.stdout, process.stderr])
      vi.spyOn(stream, 'write').mockImplementation((chunk) => {
        lines.push(String(chunk));
        return true;
      });
    vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO');
    const handler = echoHandler(async () => SECRET);
    const named = await handler(
      call({ [ORIGIN_SECRET_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '198.51.100.7:1' }),
      context,
    );
    expect(JSON.parse(named.body ?? '')).toEqual({ clientIp: '198.51.100.7' });
    expect(lines.join('')).not.toContain('named no viewer address');
    for (let i = 0; i < 2; i += 1) {
      const unnamed = await handler(call({ [ORIGIN_SECRET_HEADER]: SECRET }), context);
      expect(JSON.parse(unnamed.body ?? '')).toEqual({ clientIp: EDGE });
    }
    expect(lines.join('').match(/named no viewer address/g)).toHaveLength(1);
  });

  it('without an origin secret (the local host), answers everyone with the connection’s address, whatever the viewer header says', async () => {
    const handler = echoHandler();
    const result = await handler(call({ [VIEWER_ADDRESS_HEADER]: '198.51.100.7:46532' }), context);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? '')).toEqual({ clientIp: EDGE });
  });
});

describe('what a trace and a log line keep of a request', () => {
  const secret = 'eyJ-an-access-token-and-PIN-4321';
  const createThing = (body: Record<string, unknown>) =>
    createHttpHandler('sitewalk-test', Object.entries(testRoutes), {
      'thing.create': async () => ({ name: secret }),
    } as Record<string, Implementation<RouteDef>>)(
      event('POST', '/api/thing', { body: JSON.stringify(body) }),
      context,
    );

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('records the request in X-Ray, but not its answer', async () => {
    // Prepare: the Tracer as in Lambda, on a segment that keeps what it is given.
    const recorded = { annotations: [] as unknown[], metadata: [] as unknown[] };
    const segment = {
      addNewSubsegment: () => segment,
      addAnnotation: (...args: unknown[]) => recorded.annotations.push(args),
      addMetadata: (...args: unknown[]) => recorded.metadata.push(args),
      addError: (...args: unknown[]) => recorded.metadata.push(args),
      addErrorFlag: () => undefined,
      close: () => undefined,
    };
    vi.spyOn(tracer, 'isTracingEnabled').mockReturnValue(true);
    vi.spyOn(tracer.provider, 'getSegment').mockReturnValue(segment as never);
    vi.spyOn(tracer.provider, 'setSegment').mockImplementation(() => undefined);

    // Act
    const result = await createThing({ name: 'x', size: 1 });

    // Assess: traced (its annotations), and the answer went to the caller only.
    expect(result.body).toContain(secret);
    expect(recorded.annotations).not.toEqual([]);
    expect(JSON.stringify(recorded.metadata)).not.toContain(secret);
  });

  it('logs no request, even with POWERTOOLS_LOGGER_LOG_EVENT on', async () => {
    vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'DEBUG');
    vi.stubEnv('POWERTOOLS_LOGGER_LOG_EVENT', 'true');
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);

    await createThing({ name: secret, size: 1 });

    expect(written.join('')).not.toContain(secret);
  });
});

describe('bySpecificity', () => {
  it('orders literal segments before parameters, as API Gateway matches', () => {
    const paths = [
      '/api/user/{id}',
      '/api/user/some/by-user/{id}',
      '/api/user/some',
      '/api/user/all/{x}',
    ].map((path) => ({ path }));
    expect(paths.sort(bySpecificity).map((p) => p.path)).toEqual([
      '/api/user/some',
      '/api/user/some/by-user/{id}',
      '/api/user/all/{x}',
      '/api/user/{id}',
    ]);
  });
});
