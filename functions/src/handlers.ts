import type { Context } from 'aws-lambda';
import type { Resource } from '@sitewalk/shared/contract/route';
import type { HttpEvent, HttpResult } from './http/handler.ts';
import type { Worker } from './resource-access.ts';

export interface ResourceModule {
  handler: (event: HttpEvent, context: Context) => Promise<HttpResult>;
  /** The contract routes this Lambda serves for real; the others answer 501 until their issue lands. */
  implementations: Record<string, unknown>;
}

/**
 * The Lambda entry module of each resource (`functions/src/<resource>/handler.ts`, the CDK app's entry
 * too). Imported lazily, so a module's environment is read at its first request, like a cold start.
 */
export const resourceModules: Partial<Record<Resource, () => Promise<ResourceModule>>> = {
  health: () => import('./health/handler.ts'),
  auth: () => import('./auth/handler.ts'),
  managementCompany: () => import('./managementCompany/handler.ts'),
  organization: () => import('./organization/handler.ts'),
  location: () => import('./location/handler.ts'),
  user: () => import('./user/handler.ts'),
  geo: () => import('./geo/handler.ts'),
  walk: () => import('./walk/handler.ts'),
  incident: () => import('./incident/handler.ts'),
  schedule: () => import('./schedule/handler.ts'),
  alert: () => import('./alert/handler.ts'),
  task: () => import('./task/handler.ts'),
  export: () => import('./export/handler.ts'),
  lockCheck: () => import('./lockCheck/handler.ts'),
};

/** The entry module of each worker (`functions/src/<worker>/handler.ts`), loaded the same way. */
export const workerModules: Record<Worker, () => Promise<{ handler: (event: never) => Promise<unknown> }>> = {
  cleanup: () => import('./cleanup/handler.ts'),
  evaluator: () => import('./evaluator/handler.ts'),
  walkPhoto: () => import('./walkPhoto/handler.ts'),
  auditAnchor: () => import('./auditAnchor/handler.ts'),
  mailOutbox: () => import('./mailOutbox/handler.ts'),
};
