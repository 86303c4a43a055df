import {
  createServer,
  STATUS_CODES,
  type RequestListener,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { randomUUID } from 'node:crypto';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Context } from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import sirv from 'sirv';
import { routes, type RouteName } from '@sitewalk/shared/contract/index';
import { routeKey, type RouteDef } from '@sitewalk/shared/contract/route';
import { bySpecificity, type HttpEvent, type HttpResult } from '@sitewalk/functions/http/handler';
import { toErrorResponse } from '@sitewalk/functions/http/error-mapper';
import {
  AppError,
  BadRequestError,
  NotAvailableError,
  UnauthorizedError,
} from '@sitewalk/functions/domain/errors';
import { formatValidationMessage } from '@sitewalk/shared/envelope';
import { resourceModules, type ResourceModule } from '@sitewalk/functions/handlers';
import { RUNTIME_CONFIG_PATH, runtimeConfig, type RuntimeConfig } from '@sitewalk/shared/runtime-config';
import { LOCAL_REGION } from './standins/index.ts';
import { LOCAL_CONTACT } from './settings.ts';
import { LOCAL_MAP_STYLE_PATH, offlineMapStyle } from './map-style.ts';
import {
  APP_ENTRY_FILES,
  createPageRouter,
  HASHED_ASSET_CACHE_CONTROL,
  HASHED_ASSETS_DIR,
  readPagesManifest,
} from '../web-pages.ts';
import { createStorageProxy, type StorageProxyOptions } from './storage-proxy.ts';

/**
 * The local stand-in for API Gateway (HTTP API) and CloudFront: it matches `/api/*` against the one
 * contract, verifies the Cognito access token as the JWT authorizer would, and calls the very same Lambda
 * handler export with an APIGatewayProxyEventV2. Everything else is the web app: each path gets the document
 * that serves it (infra/web-pages.ts), as CloudFront gives it in AWS.
 *
 * Nothing a client sends may stop it or get past the envelope: paths are matched on their raw segments and
 * each parameter is decoded once (never re-resolved, so `%2E%2E` is a value, not `..`); every request runs
 * under one guard; malformed requests the HTTP parser refuses, over-long headers (431) and over-size bodies
 * (413) answer in the error envelope too (docs/architecture.md, "Bad requests").
 */
export interface LocalHostOptions {
  port: number;
  hostname?: string;
  auth: { jwksUrl: string; issuer: string; clientId: string };
  /** The built SPA; absent = API only. */
  webDist?: string;
  /** Served at /config.json, as CloudFront serves the one the CDK app writes at deploy time. */
  runtimeConfig?: RuntimeConfig;
  /**
   * The map style the default runtime config names (`SITEWALK_MAP_STYLE_URL`); absent = the host's own
   * offline style, served at /map/style.json and named on the page's own origin.
   */
  mapStyleUrl?: string;
  modules?: typeof resourceModules;
  /**
   * Serves the test-only clock control at CLOCK_CONTROL_PATH (local host only, never in AWS): it moves the
   * product's clock forward and runs the evaluator at once. Absent = 404.
   */
  clockControl?: { evaluate: () => Promise<unknown> };
  /**
   * The upload bucket on the page's own origin (infra/local/storage-proxy.ts): the bucket's stand-in URLs in
   * API answers are moved to the origin the page was opened at, and `/<bucket>/…` is checked and forwarded to
   * the stand-in. Absent = the handlers' URLs go out as they are.
   */
  storage?: StorageProxyOptions;
  /**
   * Also HTTPS on this port (`npm start -- --lan`): a phone on the network needs a secure context for its
   * position, camera and service worker. Same handler, same origin rules.
   */
  https?: { port: number; hostname: string; key: string; cert: string };
}

/** The test-only clock control's path: outside /api, so it is in no contract and no deployed stage. */
export const CLOCK_CONTROL_PATH = '/__local/clock';
/** The clock control moves the clock at most this far in one call. */
const CLOCK_ADVANCE_MAX_MINUTES = 7 * 24 * 60;

export interface LocalHost {
  url: string;
  server: Server;
  /** The HTTPS listener's URL (localhost), when {@link LocalHostOptions.https} was given. */
  httpsUrl?: string;
  close: () => Promise<void>;
}

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** Past the limit a body is read on and dropped up to this much, so the client reads its 413; beyond, the connection is closed. */
const MAX_DISCARD_BYTES = 4 * MAX_BODY_BYTES;

type Segment = { literal: string } | { param: string };

interface CompiledRoute {
  name: RouteName;
  route: RouteDef;
  segments: Segment[];
}

const compile = (): CompiledRoute[] =>
  (Object.entries(routes) as [RouteName, RouteDef][])
    .sort(([, a], [, b]) => bySpecificity(a, b))
    .map(([name, route]) => ({
      name,
      route,
      segments: route.path.split('/').map((segment): Segment => {
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        return param ? { param } : { literal: segment };
      }),
    }));

/**
 * The raw values of a route's parameters, by name, in a path's raw segments; null when it does not match.
 * Segments are compared as sent, still percent-encoded: `%2F` stays inside its segment and `%2E%2E` is a value.
 */
const matchSegments = (compiled: CompiledRoute, segments: string[]): Record<string, string> | null => {
  if (compiled.segments.length !== segments.length) return null;
  const values: Record<string, string> = {};
  for (const [i, segment] of compiled.segments.entries()) {
    const raw = segments[i] ?? '';
    if ('literal' in segment) {
      if (segment.literal !== raw) return null;
    } else {
      if (raw === '') return null;
      values[segment.param] = raw;
    }
  }
  return values;
};

/** The request target split as sent: its path (one trailing slash dropped, as the router allows) and query. */
const splitTarget = (target: string): { path: string; query: string } => {
  const at = target.indexOf('?');
  const path = at < 0 ? target : target.slice(0, at);
  return {
    path: path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path,
    query: at < 0 ? '' : target.slice(at + 1),
  };
};

const MALFORMED_ESCAPE = 'Malformed percent-encoding';

/** A Host header that can stand in an origin: a name or IPv4 address, or a bracketed IPv6 one, and a port. */
const HOST_HEADER = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const json = (statusCode: number, body: unknown): HttpResult => ({
  statusCode,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

/**
 * GET: the product's time. POST `{ advanceMinutes }`: moves it forward and runs the evaluator at once.
 * DELETE: back to the real time (the browser journeys share one host).
 */
const controlClock = async (req: IncomingMessage, evaluate: () => Promise<unknown>): Promise<HttpResult> => {
  const { clock, setClockOffset, clockOffset } = await import('@sitewalk/functions/ports/clock');
  switch (req.method) {
    case 'GET':
      return json(200, { now: clock.now().toISOString() });
    case 'DELETE':
      setClockOffset(0);
      return json(200, { now: clock.now().toISOString() });
    case 'POST': {
      const body = (await readBody(req)).toString('utf8');
      let minutes: unknown;
      try {
        minutes = (JSON.parse(body) as { advanceMinutes?: unknown }).advanceMinutes;
      } catch {
        throw new BadRequestError('The body must be JSON: { "advanceMinutes": N }');
      }
      if (
        typeof minutes !== 'number' ||
        !Number.isInteger(minutes) ||
        minutes < 1 ||
        minutes > CLOCK_ADVANCE_MAX_MINUTES
      ) {
        throw new BadRequestError(
          `advanceMinutes must be a whole number from 1 to ${CLOCK_ADVANCE_MAX_MINUTES}`,
        );
      }
      setClockOffset(clockOffset() + minutes * 60_000);
      const evaluation = await evaluate();
      return json(200, { now: clock.now().toISOString(), evaluation });
    }
    default:
      throw new HttpProblem(405, `${req.method ?? ''} is not allowed on this path`);
  }
};

class HttpProblem extends AppError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Set when a request must not keep its connection (a body past MAX_DISCARD_BYTES is still arriving). */
class ClosingProblem extends HttpProblem {}

const send = (res: ServerResponse, result: HttpResult): void => {
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.body ?? '');
};

const tooLarge = `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`;

/** The body, up to API Gateway's limit; a larger one is drained (bounded) so the 413 reaches the client. */
const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DISCARD_BYTES) {
        req.removeAllListeners('data');
        req.pause();
        reject(new ClosingProblem(413, tooLarge));
        return;
      }
      if (size > MAX_BODY_BYTES) chunks.length = 0;
      else chunks.push(chunk);
    });
    req.on('end', () =>
      size > MAX_BODY_BYTES ? reject(new HttpProblem(413, tooLarge)) : resolve(Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });

/** The envelope as raw HTTP, for the socket of a request the HTTP parser refused. */
const rawEnvelope = (status: number, message: string): string => {
  const { body } = toErrorResponse(new HttpProblem(status, message)).response;
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
};

/** What the HTTP parser's refusals mean to a client, by Node's error code. */
const parserRefusal = (code: string | undefined): [number, string] => {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'The request headers are too large'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'The chunk extensions are too large'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'The request took too long to arrive'];
    default:
      return [400, 'Malformed HTTP request'];
  }
};

/** API Gateway hands JWT claims over as strings; arrays become "[a b]". */
const asGatewayClaims = (payload: JWTPayload): Record<string, string> =>
  Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      Array.isArray(value)
        ? `[${value.join(' ')}]`
        : typeof value === 'string'
          ? value
          : JSON.stringify(value),
    ]),
  );

const lambdaContext = (functionName: string): Context => {
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 29_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

export const startLocalHost = async (options: LocalHostOptions): Promise<LocalHost> => {
  const compiled = compile();
  const modules = options.modules ?? resourceModules;
  const loaded = new Map<string, Promise<ResourceModule>>();
  const jwks = createRemoteJWKSet(new URL(options.auth.jwksUrl));
  // As in AWS: each path gets the document that serves it, by the same router as the CloudFront Function.
  const site = options.webDist
    ? {
        // The build's brotli and gzip copies: compressed as CloudFront compresses. The documents, the service
        // worker and the web app manifest are revalidated on every load, and the hashed assets kept for a year,
        // as CloudFront serves them (aws/constructs/web-app.ts): a returning browser runs the app's scripts
        // from its cache instead of asking about each of them again.
        files: sirv(options.webDist, {
          dev: false,
          etag: true,
          brotli: true,
          gzip: true,
          setHeaders: (res, pathname) => {
            if (pathname.endsWith('.html') || APP_ENTRY_FILES.some((file) => pathname === `/${file}`))
              res.setHeader('cache-control', 'no-cache');
            else if (pathname.startsWith(`/${HASHED_ASSETS_DIR}/`))
              res.setHeader('cache-control', HASHED_ASSET_CACHE_CONTROL);
          },
        }),
        documentFor: createPageRouter(readPagesManifest(options.webDist)),
      }
    : null;
  // Given, parsed before the host listens; else made for each request, naming the page's own origin.
  const givenConfig = options.runtimeConfig
    ? JSON.stringify(runtimeConfig.parse(options.runtimeConfig))
    : null;
  const storage = options.storage ? createStorageProxy(options.storage) : null;
  // Set once listening: the origin of a request whose Host cannot name one.
  const fallbackOrigin = { http: '', https: '' };
  /** The origin the page was opened at (localhost, 127.0.0.1, a LAN address): what its URLs are made on. */
  const originOf = (req: IncomingMessage): string => {
    const scheme = (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
    const host = req.headers.host;
    return host && HOST_HEADER.test(host) ? `${scheme}://${host}` : fallbackOrigin[scheme];
  };
  const configFor = (req: IncomingMessage): string =>
    givenConfig ??
    JSON.stringify(
      runtimeConfig.parse({
        apiBasePath: '/api',
        region: LOCAL_REGION,
        mapStyleUrl: options.mapStyleUrl ?? `${originOf(req)}${LOCAL_MAP_STYLE_PATH}`,
        contactEmail: LOCAL_CONTACT.email,
        contactName: LOCAL_CONTACT.name,
      }),
    );
  // The offline map style, built once: Natural Earth's land, inlined (infra/local/map-style.ts).
  const mapStyle = JSON.stringify(offlineMapStyle());

  const authorize = async (req: IncomingMessage): Promise<Record<string, string>> => {
    const header = req.headers.authorization ?? '';
    const token = /^Bearer (.+)$/i.exec(header)?.[1];
    if (!token) throw new UnauthorizedError();
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: options.auth.issuer });
      // As API Gateway's JWT authorizer: access tokens carry the app client in client_id.
      if (payload.token_use !== 'access' || payload.client_id !== options.auth.clientId) throw new Error();
      return asGatewayClaims(payload);
    } catch {
      throw new UnauthorizedError();
    }
  };

  const handleApi = async (req: IncomingMessage, path: string, rawQuery: string): Promise<HttpResult> => {
    const method = req.method ?? 'GET';
    const segments = path.split('/');
    const candidates = compiled
      .map((c) => ({ ...c, values: matchSegments(c, segments) }))
      .filter((c): c is typeof c & { values: Record<string, string> } => c.values !== null);
    const match = candidates.find((c) => c.route.method === method);
    // The path as sent goes into no message: it is the client's own, and may be long.
    if (!match) {
      if (candidates.length > 0) throw new HttpProblem(405, `${method} is not allowed on this path`);
      throw new HttpProblem(404, `No route for ${method} on this path`);
    }
    // Each parameter decoded once, and never matched again.
    const pathParameters: Record<string, string> = {};
    const malformed: Record<string, string[]> = {};
    for (const [name, raw] of Object.entries(match.values)) {
      try {
        pathParameters[name] = decodeURIComponent(raw);
      } catch {
        malformed[name] = [MALFORMED_ESCAPE];
      }
    }
    const claims = match.route.access === 'public' ? null : await authorize(req);
    // As API Gateway would refuse it, but only after the token: a caller without one learns nothing.
    if (Object.keys(malformed).length)
      throw new BadRequestError(formatValidationMessage(malformed), malformed);
    const body = await readBody(req);

    const load = modules[match.route.resource];
    if (!load)
      throw new NotAvailableError(
        `${routeKey(match.route)} is listed in the API contract but not served yet`,
      );
    let module = loaded.get(match.route.resource);
    if (!module) {
      module = load();
      loaded.set(match.route.resource, module);
    }

    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    // As API Gateway: repeated keys joined with commas. A Map, so `constructor` or `__proto__` is just a key.
    const query = new Map<string, string>();
    for (const [key, value] of new URLSearchParams(rawQuery)) {
      const earlier = query.get(key);
      query.set(key, earlier === undefined ? value : `${earlier},${value}`);
    }
    const host = req.headers.host ?? 'localhost';
    const now = new Date();
    const event: HttpEvent = {
      version: '2.0',
      routeKey: routeKey(match.route),
      rawPath: path,
      rawQueryString: rawQuery,
      cookies: req.headers.cookie
        ?.split(';')
        .map((c) => c.trim())
        .filter(Boolean),
      headers,
      queryStringParameters: query.size ? Object.fromEntries(query) : undefined,
      pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: host,
        domainPrefix: host.split('.')[0] ?? host,
        http: {
          method,
          path,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: req.headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey: routeKey(match.route),
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
        authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: claims ?? {}, scopes: [] } },
      },
      body: body.length ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
    };
    const { handler } = await module;
    return handler(event, lambdaContext(`sitewalk-${match.route.resource}`));
  };

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = req.url ?? '/';
    // Origin-form only ("/path?query"), as browsers send; the target is never resolved against a Host.
    if (!target.startsWith('/')) throw new HttpProblem(400, 'The request target must be a path');
    const { path, query } = splitTarget(target);
    if (path === '/api' || path.startsWith('/api/')) {
      const result = await handleApi(req, path, query);
      // The bucket's URLs (uploads, photo views, exports) on the page's own origin.
      if (storage && typeof result.body === 'string')
        result.body = storage.toOrigin(result.body, originOf(req));
      send(res, result);
      return;
    }
    if (storage?.owns(path)) {
      await storage.forward(req, res);
      return;
    }
    if (path === CLOCK_CONTROL_PATH && options.clockControl) {
      send(res, await controlClock(req, options.clockControl.evaluate));
      return;
    }
    if (path === RUNTIME_CONFIG_PATH) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      res.end(configFor(req));
      return;
    }
    if (path === LOCAL_MAP_STYLE_PATH) {
      // Public data, asked for by the map's own fetch; `npm run dev` serves the app from another port.
      res.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'no-cache',
        'access-control-allow-origin': '*',
      });
      res.end(mapStyle);
      return;
    }
    if (site) {
      req.url = site.documentFor(path);
      site.files(req, res, () => send(res, toErrorResponse(new HttpProblem(404, 'Not Found')).response));
      return;
    }
    throw new HttpProblem(404, 'The web app is not being served');
  };

  /** The one guard around every request: whatever fails, the client gets the envelope and the host stays up. */
  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown): void => {
    const { response, unexpected } = toErrorResponse(error);
    if (unexpected) console.error('[local host]', error);
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    try {
      if (error instanceof ClosingProblem) {
        res.setHeader('connection', 'close');
        res.on('finish', () => req.socket.destroy());
      }
      send(res, response);
    } catch (sendError) {
      console.error('[local host]', sendError);
      res.destroy();
    }
  };

  const listener: RequestListener = (req, res) => {
    serve(req, res).catch((error: unknown) => fail(req, res, error));
  };
  // Requests Node's parser refuses (over-long headers, broken framing) never reach the listener above.
  const refuseMalformed = (error: NodeJS.ErrnoException, socket: Socket) => {
    // A response already under way on this socket cannot be followed by another (Node's default checks the same).
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, message] = parserRefusal(error.code);
    socket.end(rawEnvelope(status, message));
  };
  const server = createServer(listener);
  server.on('clientError', refuseMalformed);
  const secure = options.https
    ? createHttpsServer({ key: options.https.key, cert: options.https.cert }, listener)
    : null;
  secure?.on('clientError', refuseMalformed);

  const listen = (on: Server, port: number, hostname: string) =>
    new Promise<number>((resolve, reject) => {
      on.once('error', reject);
      on.listen(port, hostname, () => resolve((on.address() as AddressInfo).port));
    });
  const closeServer = (on: Server) =>
    new Promise<void>((resolve, reject) => {
      on.closeAllConnections();
      on.close((error) => (error ? reject(error) : resolve()));
    });
  const port = await listen(server, options.port, options.hostname ?? '127.0.0.1');
  const url = `http://${options.hostname === '0.0.0.0' ? 'localhost' : (options.hostname ?? 'localhost')}:${port}`;
  let httpsUrl: string | undefined;
  if (secure && options.https) {
    try {
      httpsUrl = `https://localhost:${await listen(secure, options.https.port, options.https.hostname)}`;
    } catch (error) {
      await closeServer(server);
      throw error;
    }
  }
  fallbackOrigin.http = url;
  fallbackOrigin.https = httpsUrl ?? '';
  return {
    url,
    server,
    ...(httpsUrl ? { httpsUrl } : {}),
    close: async () => {
      await Promise.all([closeServer(server), ...(secure ? [closeServer(secure)] : [])]);
    },
  };
};
