import middy from '@middy/core';
import httpRouterHandler, { type Route } from '@middy/http-router';
import { Logger } from '@aws-lambda-powertools/logger';
import type { Metrics } from '@aws-lambda-powertools/metrics';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type * as z from 'zod';
import type { RouteName, Routes } from '@sitewalk/shared/contract/index';
import type { Actor } from '@sitewalk/shared/policy';
import {
  type Resource,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  routeKey,
} from '@sitewalk/shared/contract/route';
import {
  MalformedBodyError,
  MissingBodyError,
  RequestValidationError,
  toErrorResponse,
} from './error-mapper.ts';
import { ForbiddenError, NotAvailableError, UnauthorizedError } from '../domain/errors.ts';
import type { Claims } from '../domain/actor.ts';
import { lambdaMiddlewares } from '../lambda.ts';
import { countAnswer, createMetrics } from './metrics.ts';
import { clientAddress, isOriginSecret, ORIGIN_SECRET_HEADER, originSecretFromEnv } from './origin.ts';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;

export type { Claims };

export interface Request<R extends RouteDef> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  /** Present on every protected route (the factory answers 401 before the implementation otherwise). */
  claims: Claims | null;
  /** Who is calling, with their scope: always present on protected routes, absent on public ones. */
  actor: R['access'] extends 'public' ? null : Actor;
  event: HttpEvent;
  /** The client's address (http/origin.ts): the viewer's behind CloudFront, the connection's on the local host. */
  clientIp: string;
  logger: Logger;
  /** Cookies sent with the request, by name. */
  cookies: Record<string, string>;
  /** `Set-Cookie` values and extra headers for the answer. */
  reply: { cookies: string[]; headers: Record<string, string> };
}

export type Implementation<R extends RouteDef> = (request: Request<R>) => Promise<RouteResponse<R>>;

export interface HandlerOptions {
  /** Loads the actor of a verified token (functions/src/domain/actor.ts); needed by protected routes. */
  resolveActor?: (claims: Claims) => Promise<Actor>;
  /** Where answers are counted; one per function unless a test hands over its own. */
  metrics?: Metrics;
  /**
   * The secret CloudFront adds to every request it forwards (http/origin.ts); a request without it is refused.
   * Default: the one ORIGIN_SECRET_ARN names, none when it is unset (the local host).
   */
  originSecret?: () => Promise<string>;
}

/** The routes of one resource, by contract name. */
export type ResourceRouteName<Res extends Resource> = {
  [K in RouteName]: Routes[K]['resource'] extends Res ? K : never;
}[RouteName];

export type Implementations<Res extends Resource> = {
  [K in ResourceRouteName<Res>]?: Implementation<Routes[K]>;
};

const parsePart = <S extends z.ZodType | undefined>(
  schema: S,
  value: unknown,
  part: 'params' | 'query' | 'body',
): unknown => {
  if (!schema) return part === 'body' ? undefined : {};
  const result = schema.safeParse(value);
  if (!result.success) throw new RequestValidationError(part, result.error);
  return result.data;
};

const readBody = (event: HttpEvent, missingBody?: string): unknown => {
  let body: unknown;
  if (event.body !== undefined && event.body !== null && event.body !== '') {
    const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      throw new MalformedBodyError('Malformed JSON body');
    }
  }
  if ((body === undefined || body === null) && missingBody) throw new MissingBodyError(missingBody);
  return body;
};

const readCookies = (event: HttpEvent): Record<string, string> =>
  Object.fromEntries(
    (event.cookies ?? []).flatMap((cookie) => {
      const at = cookie.indexOf('=');
      if (at <= 0) return [];
      try {
        return [[cookie.slice(0, at).trim(), decodeURIComponent(cookie.slice(at + 1).trim())]];
      } catch {
        return []; // a malformed cookie is no cookie, never a 500
      }
    }),
  );

const claimsOf = (event: HttpEvent): Claims | null => {
  const claims = event.requestContext.authorizer?.jwt?.claims as Record<string, unknown> | undefined;
  return claims && typeof claims.sub === 'string' ? (claims as Claims) : null;
};

/** Parses the request with the route's schemas, runs the implementation and shapes the answer. */
const routeHandler =
  <R extends RouteDef>(
    route: R,
    implementation: Implementation<R>,
    logger: Logger,
    options: HandlerOptions,
  ) =>
  async (event: HttpEvent, clientIp: string): Promise<HttpResult> => {
    const claims = claimsOf(event);
    let actor: Actor | null = null;
    if (route.access !== 'public') {
      if (!claims) throw new UnauthorizedError();
      if (!options.resolveActor)
        throw new Error(`${route.path} is protected but its handler cannot load actors`);
      actor = await options.resolveActor(claims);
      // The route's least role; the policy module then decides object by object.
      if (actor.roleId < route.access) throw new ForbiddenError(route.forbiddenMessage);
    }
    const request = {
      params: parsePart(route.params, event.pathParameters ?? {}, 'params'),
      query: parsePart(route.query, event.queryStringParameters ?? {}, 'query'),
      body: parsePart(route.body, route.body ? readBody(event, route.missingBody) : undefined, 'body'),
      claims,
      actor,
      event,
      clientIp,
      logger,
      cookies: readCookies(event),
      reply: { cookies: [], headers: {} },
    } as unknown as Request<R>;
    const result = await implementation(request);
    // Parsing the answer too strips whatever the contract does not list (a PIN, a token hash…).
    const answer: unknown = route.response.parse(result);
    const status = route.status ?? 200;
    return {
      statusCode: status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...request.reply.headers },
      cookies: request.reply.cookies,
      body: status === 204 ? '' : JSON.stringify(answer),
    };
  };

const notAvailable = (route: RouteDef) => async (): Promise<HttpResult> => {
  throw new NotAvailableError(
    `${route.method} ${route.path} is listed in the API contract but not served yet`,
  );
};

/** The Lambda context, with the client's address as the origin check decided it. */
type OriginContext = Context & { clientIp: string };

/**
 * With an origin secret: refuses (403) every request that does not carry it, so nothing reaches the API around
 * CloudFront and its WAF, and believes CloudFront's viewer address on those that do. Without one (the local
 * host): the connection's address. Neither the secret nor the header's value is ever logged or answered.
 */
const throughDistribution = (
  originSecret: (() => Promise<string>) | undefined,
  logger: Logger,
): middy.MiddlewareObj<HttpEvent, HttpResult, Error, OriginContext> => {
  let warnedOfNoViewer = false;
  return {
    before: async (request) => {
      const { event } = request;
      if (!originSecret) {
        request.context.clientIp = clientAddress(event, false);
        return;
      }
      if (!isOriginSecret(event.headers?.[ORIGIN_SECRET_HEADER], await originSecret())) {
        logger.warn('Refused a request that did not come through CloudFront', {
          sourceIp: event.requestContext.http.sourceIp,
        });
        return toErrorResponse(new ForbiddenError()).response;
      }
      request.context.clientIp = clientAddress(event, true);
      if (!warnedOfNoViewer && request.context.clientIp === event.requestContext.http.sourceIp) {
        // CloudFront always names the viewer; without it the origin request policy has stopped forwarding it,
        // and the sign-in limits count edge servers again. Said once per container.
        warnedOfNoViewer = true;
        logger.warn('A request through CloudFront named no viewer address (CloudFront-Viewer-Address)');
      }
    },
  };
};

/** Literal segments win over parameters, as in API Gateway (`/user/some` before `/user/{id}`). */
export const bySpecificity = (a: { path: string }, b: { path: string }): number => {
  const rank = (path: string) => path.split('/').map((segment) => (segment.startsWith('{') ? '1' : '0'));
  const [ra, rb] = [rank(a.path), rank(b.path)];
  return ra.join('').localeCompare(rb.join('')) || rb.length - ra.length;
};

/**
 * middy with Powertools' logger, metrics and tracer and the one error mapper around the given routes.
 * Routes without an implementation answer 501.
 *
 * A request runs the route API Gateway (or the local host) matched, named by `event.routeKey`, with the
 * path parameters it decoded: the path is never matched a second time, so nothing in it (`..`, a decoded
 * `%2F`) can lead to another route than the one the gateway authorized. Only an event without one of these
 * route keys (a direct invoke) is matched on its path by @middy/http-router.
 *
 * Every log line of a request names its route and, once signed in, its user; its answer is counted
 * (http/metrics.ts).
 */
export const createHttpHandler = (
  serviceName: string,
  routeEntries: readonly (readonly [string, RouteDef])[],
  implementations: Record<string, Implementation<RouteDef> | undefined>,
  options: HandlerOptions = {},
) => {
  const logger = new Logger({ serviceName });
  const metrics = options.metrics ?? createMetrics(serviceName);
  const answerError = (error: unknown): HttpResult => {
    const { response, unexpected } = toErrorResponse(error);
    if (unexpected) logger.error('Unhandled error', error as Error);
    return response;
  };
  const observed =
    (name: string, route: RouteDef, handler: (event: HttpEvent, clientIp: string) => Promise<HttpResult>) =>
    async (event: HttpEvent, clientIp: string): Promise<HttpResult> => {
      const userId = claimsOf(event)?.username;
      logger.appendKeys({ route: name, routeKey: routeKey(route), ...(userId ? { userId } : {}) });
      const answer = await handler(event, clientIp).catch(answerError);
      countAnswer(metrics, name, answer.statusCode ?? 200);
      return answer;
    };
  const handlers = [...routeEntries]
    .sort(([, a], [, b]) => bySpecificity(a, b))
    .map(([name, route]) => {
      const implementation = implementations[name];
      return {
        route,
        handler: observed(
          name,
          route,
          implementation ? routeHandler(route, implementation, logger, options) : notAvailable(route),
        ),
      };
    });
  const byRouteKey = new Map(handlers.map(({ route, handler }) => [routeKey(route), handler]));
  const byPath = httpRouterHandler<HttpEvent, HttpResult>(
    handlers.map(({ route, handler }): Route<HttpEvent, HttpResult> => ({
      method: route.method,
      path: route.path,
      handler: (event: HttpEvent, context: Context) => handler(event, (context as OriginContext).clientIp),
    })),
  );

  return (
    middy<HttpEvent, HttpResult, Error, OriginContext>()
      // The stack every Lambda runs under (lambda.ts): no answer in a trace (nor, by the functions'
      // environment, an error's message), no request (passwords, tokens) in a log line.
      .use(lambdaMiddlewares(logger))
      .use({
        // What the routes do not answer themselves: a path no route matches (a direct invoke).
        onError: async (request) => {
          request.response = answerError(request.error);
        },
      })
      .use(throughDistribution(options.originSecret ?? originSecretFromEnv(), logger))
      .handler(async (event, context) => {
        const matched = byRouteKey.get(event.routeKey);
        return matched ? matched(event, context.clientIp) : byPath(event, context);
      })
  );
};

/** One Lambda per resource, over that resource's own routes (`@sitewalk/shared/contract/<resource>`). */
export const createResourceHandler = <
  Res extends Resource,
  Table extends Record<string, RouteDef & { resource: Res }>,
>(
  resource: Res,
  routeTable: Table,
  implementations: { [K in keyof Table]?: Implementation<Table[K]> },
  options: HandlerOptions = {},
) =>
  createHttpHandler(
    `sitewalk-${resource}`,
    Object.entries(routeTable),
    implementations as Record<string, Implementation<RouteDef> | undefined>,
    options,
  );
