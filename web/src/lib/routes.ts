import type { RouteName, Routes } from '@sitewalk/shared/contract/index';
import { alertRoutes } from '@sitewalk/shared/contract/alert';
import { authRoutes } from '@sitewalk/shared/contract/auth';
import { incidentRoutes } from '@sitewalk/shared/contract/incident';
import { locationRoutes } from '@sitewalk/shared/contract/location';
import { managementCompanyRoutes } from '@sitewalk/shared/contract/managementCompany';
import { organizationRoutes } from '@sitewalk/shared/contract/organization';
import { userRoutes } from '@sitewalk/shared/contract/user';

/**
 * The contract's routes as the SPA builds them (the zod schemas of every route were most of its modules' start-up
 * time, issue 30): those of the app's shell, its first screen (the dashboard) and the administration screens at
 * once, and the field's and the rest (walks, lock checks, tasks, exports...) when a screen first calls one of them,
 * from their own chunk (later-routes.ts; precached by the service worker like every script, so offline too).
 * routes.test.ts checks the two hold every route of the contract once.
 */
export const firstRoutes = {
  ...authRoutes,
  ...userRoutes,
  ...incidentRoutes,
  ...alertRoutes,
  ...organizationRoutes,
  ...locationRoutes,
  ...managementCompanyRoutes,
};

let laterRoutes: Promise<Partial<Routes>> | undefined;

/** The later routes, loaded once (a failed load, e.g. offline before the service worker held it, is tried again). */
const loadLaterRoutes = (): Promise<Partial<Routes>> =>
  (laterRoutes ??= import('./later-routes.ts').then(
    (module) => module.laterRoutes,
    (error: unknown) => {
      laterRoutes = undefined;
      throw error;
    },
  ));

const laterRoute = async <Name extends RouteName>(name: Name): Promise<Routes[Name]> => {
  const route = (await loadLaterRoutes())[name];
  if (!route) throw new Error(`Unknown route ${name}`);
  return route as Routes[Name];
};

/** A route of the contract by name: at once for the first routes, else once the later ones have loaded. */
export const routeOf = <Name extends RouteName>(name: Name): Routes[Name] | Promise<Routes[Name]> =>
  (firstRoutes as Partial<Routes>)[name] ?? laterRoute(name);
