import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Context } from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import sirv from 'sirv';
import { routes, type RouteName } from '@sitewalk/shared/contract/index';
import { routeKey, type RouteDef } from '@sitewalk/shared/contract/route';
import { bySpecificity, type HttpEvent, type HttpResult } from '@sitewalk/functions/http/handler';
import { toErrorResponse } from '@sitewalk/functions/http/error-mapper';
import { NotAvailableError, UnauthorizedError, AppError } from '@sitewalk/functions/http/errors';
import { resourceModules, type ResourceModule } from '@sitewalk/functions/handlers';
import { RUNTIME_CONFIG_PATH, runtimeConfig, type RuntimeConfig } from '@sitewalk/shared/runtime-config';
import { LOCAL_REGION } from './standins/index.ts';
import { LOCAL_MAP_STYLE_URL } from './settings.ts';

/**
 * The local stand-in for API Gateway (HTTP API) and CloudFront: it matches `/api/*` against the one
 * contract, verifies the Cognito access token as the JWT authorizer would, and calls the very same Lambda
 * handler export with an APIGatewayProxyEventV2. Everything else is the SPA, with index.html as fallback.
 */
export interface LocalHostOptions {
  port: number;
  hostname?: string;
  auth: { jwksUrl: string; issuer: string; clientId: string };
  /** The built SPA; absent = API only. */
  webDist?: string;
  /** Served at /config.json, as CloudFront serves the one the CDK app writes at deploy time. */
  runtimeConfig?: RuntimeConfig;
  modules?: typeof resourceModules;
}

export interface LocalHost {
  url: string;
  server: Server;
  close: () => Promise<void>;
}

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  name: RouteName;
  route: RouteDef;
  pattern: RegExp;
  paramNames: string[];
}

const compile = (): CompiledRoute[] =>
  (Object.entries(routes) as [RouteName, RouteDef][])
    .sort(([, a], [, b]) => bySpecificity(a, b))
    .map(([name, route]) => {
      const paramNames: string[] = [];
      const source = route.path
        .split('/')
        .map((segment) => {
          const param = /^\{(\w+)\}$/.exec(segment);
          if (!param?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          paramNames.push(param[1]);
          return '([^/]+)';
        })
        .join('/');
      return { name, route, pattern: new RegExp(`^${source}/?$`), paramNames };
    });

class HttpProblem extends AppError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const send = (res: ServerResponse, result: HttpResult): void => {
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.body ?? '');
};

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpProblem(413, 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

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
  const spa = options.webDist ? sirv(options.webDist, { single: true, dev: false, etag: true }) : null;
  const config = JSON.stringify(
    runtimeConfig.parse(
      options.runtimeConfig ?? {
        apiBasePath: '/api',
        region: LOCAL_REGION,
        mapStyleUrl: LOCAL_MAP_STYLE_URL,
      },
    ),
  );

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

  const handleApi = async (req: IncomingMessage, url: URL): Promise<HttpResult> => {
    const method = req.method ?? 'GET';
    const candidates = compiled.filter((c) => c.pattern.test(url.pathname));
    const match = candidates.find((c) => c.route.method === method);
    if (!match) {
      if (candidates.length > 0) throw new HttpProblem(405, `${method} is not allowed on ${url.pathname}`);
      throw new HttpProblem(404, `No route for ${method} ${url.pathname}`);
    }
    const values = match.pattern.exec(url.pathname)?.slice(1) ?? [];
    const pathParameters = Object.fromEntries(
      match.paramNames.map((n, i) => [n, decodeURIComponent(values[i] ?? '')]),
    );
    const claims = match.route.access === 'public' ? null : await authorize(req);
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
    const query: Record<string, string> = {};
    for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
    const now = new Date();
    const event: HttpEvent = {
      version: '2.0',
      routeKey: routeKey(match.route),
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      cookies: req.headers.cookie
        ?.split(';')
        .map((c) => c.trim())
        .filter(Boolean),
      headers,
      queryStringParameters: url.search ? query : undefined,
      pathParameters: match.paramNames.length ? pathParameters : undefined,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: url.host,
        domainPrefix: url.hostname,
        http: {
          method,
          path: url.pathname,
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

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      handleApi(req, url)
        .then((result) => send(res, result))
        .catch((error: unknown) => {
          const { response, unexpected } = toErrorResponse(error);
          if (unexpected) console.error('[local host]', error);
          send(res, response);
        });
      return;
    }
    if (url.pathname === RUNTIME_CONFIG_PATH) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      res.end(config);
      return;
    }
    if (spa) {
      spa(req, res, () => send(res, toErrorResponse(new HttpProblem(404, 'Not Found')).response));
      return;
    }
    send(res, toErrorResponse(new HttpProblem(404, 'The web app is not being served')).response);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.hostname ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.hostname === '0.0.0.0' ? 'localhost' : (options.hostname ?? 'localhost')}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
