import type { RouteDef } from './route.ts';
import { healthRoutes } from './health.ts';

/** Every call of the API, once. The CDK app, the local host, the SPA's client and the OpenAPI document read this. */
export const routes = {
  ...healthRoutes,
} satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
