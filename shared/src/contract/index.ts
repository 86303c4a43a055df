import type { RouteDef } from './route.ts';
import { healthRoutes } from './health.ts';
import { authRoutes } from './auth.ts';
import { managementCompanyRoutes } from './managementCompany.ts';
import { organizationRoutes } from './organization.ts';
import { userRoutes } from './user.ts';
import { locationRoutes } from './location.ts';
import { geoRoutes } from './geo.ts';
import { walkRoutes } from './walk.ts';
import { incidentRoutes } from './incident.ts';
import { scheduleRoutes } from './schedule.ts';
import { alertRoutes } from './alert.ts';
import { taskRoutes } from './task.ts';
import { auditRoutes } from './audit.ts';
import { exportRoutes } from './export.ts';
import { lockCheckRoutes } from './lockCheck.ts';

/** Every call of the API, once. The CDK app, the local host, the SPA's client and the OpenAPI document read this. */
export const routes = {
  ...healthRoutes,
  ...authRoutes,
  ...managementCompanyRoutes,
  ...organizationRoutes,
  ...userRoutes,
  ...locationRoutes,
  ...geoRoutes,
  ...walkRoutes,
  ...incidentRoutes,
  ...scheduleRoutes,
  ...alertRoutes,
  ...taskRoutes,
  ...auditRoutes,
  ...exportRoutes,
  ...lockCheckRoutes,
} satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
