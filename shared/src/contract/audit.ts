import { defineRoute } from './route.ts';
import { Role } from '../roles.ts';
import { auditLogParams, auditPage, auditQuery } from '../schemas/audit.ts';

/** The audit log (issue 18), served by the management-company resource: a company's log is its Activity. */
export const auditRoutes = {
  'activity.someByManagementCompany': defineRoute({
    method: 'GET',
    path: '/api/managementCompany/activity/{id}',
    resource: 'managementCompany',
    access: Role.CompanyManager,
    source: 'added',
    summary:
      "A company's audit log, newest first, a page at a time (`cursor`), by object kind, actor, location and time",
    params: auditLogParams,
    query: auditQuery,
    response: auditPage,
  }),
};
