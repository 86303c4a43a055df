import { Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnStage,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routes } from '@sitewalk/shared/contract/index';
import { resources, routeKey, type Resource, type RouteDef } from '@sitewalk/shared/contract/route';
import type { StageConfig } from '../stage.ts';
import { ResourceFunction, type Backing } from './resource-function.ts';

/** Sign-in, refresh, sign-out and password reset: the routes anyone may call without a token. */
export const isPublicAuthRoute = (route: RouteDef): boolean =>
  route.resource === 'auth' && route.access === 'public';

/**
 * The HTTP API: every route of the one contract in shared/, each on its resource's Lambda, behind the
 * Cognito JWT authorizer unless the contract says it is public. A route added to the contract is a route
 * here; there is no second list.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  private readonly stageConfig: StageConfig;
  private served?: Record<Resource, NodejsFunction>;

  constructor(scope: Construct, id: string, props: { stage: StageConfig }) {
    super(scope, id);
    const { stage } = props;
    this.stageConfig = stage;

    this.httpApi = new HttpApi(this, 'Http', {
      description: `SiteWalk ${stage.name}`,
      createDefaultStage: false,
      // CloudFront serves the SPA and the API from one origin: no CORS.
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: stage.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userId: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });
  }

  /** The Lambda of each resource. */
  get functions(): Record<Resource, NodejsFunction> {
    if (!this.served) throw new Error('Api.serve() has not been called');
    return this.served;
  }

  /**
   * Makes the functions and the routes. A second step, because CloudFront needs the API's address before
   * the functions can be given the app's URL.
   */
  serve(backing: Backing): void {
    const stage = this.stageConfig;
    const authorizer = new HttpUserPoolAuthorizer('Cognito', backing.userPool, {
      userPoolClients: [backing.userPoolClient],
    });

    const functions = Object.fromEntries(
      resources.map((resource) => [
        resource,
        new ResourceFunction(this, `${resource[0]?.toUpperCase()}${resource.slice(1)}`, {
          resource,
          stage,
          backing,
        }).function,
      ]),
    ) as Record<Resource, NodejsFunction>;
    const integrations = Object.fromEntries(
      resources.map((resource) => [
        resource,
        // One invoke permission per function, for this API, rather than one per route.
        new HttpLambdaIntegration(`${resource}Integration`, functions[resource], {
          scopePermissionToRoute: false,
        }),
      ]),
    ) as Record<Resource, HttpLambdaIntegration>;

    const stageResource = this.stage.node.defaultChild as CfnStage;
    // Raw CloudFormation (the property is untyped JSON), hence the capitalised names.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
      const httpRoute = new HttpRoute(this, `Route:${name}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations[route.resource],
        ...(route.access === 'public' ? {} : { authorizer }),
      });
      if (route.access === 'public') {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `Public by the contract: ${route.summary}`,
        });
      }
      if (isPublicAuthRoute(route)) {
        // Anyone may call these without a token: each gets a limit of its own, below the stage's, for all
        // callers together (the WAF limits each address; functions/src/domain/sessions.ts each account).
        routeSettings[routeKey(route)] = {
          ThrottlingRateLimit: stage.signInThrottle.rateLimit,
          ThrottlingBurstLimit: stage.signInThrottle.burstLimit,
        };
        // A stage can name only routes that exist.
        stageResource.node.addDependency(httpRoute);
      }
    }
    stageResource.routeSettings = routeSettings;
    this.served = functions;
  }
}
