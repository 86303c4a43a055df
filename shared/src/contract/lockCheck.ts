import * as z from 'zod';
import { defineRoute } from './route.ts';
import { Role } from '../roles.ts';
import { idParam, idParamOf } from '../schemas/common.ts';
import {
  rosterImportBody,
  rosterImported,
  rosterMapping,
  rosterMappingAnswer,
  rosterQuery,
  rosterVersion,
  rosterVersionsPage,
  rosterVersionsQuery,
} from '../schemas/lockCheck.ts';

/** Lock checks (issue 31): so far a location's unit roster and a company's remembered CSV mapping. */
const resource = 'lockCheck' as const;
const locationParams = z.object({ locationId: idParam });
const companyParams = z.object({ managementCompanyId: idParamOf('No management company id') });

export const lockCheckRoutes = {
  'rosterMapping.get': defineRoute({
    method: 'GET',
    path: '/api/lock-check/mapping/{managementCompanyId}',
    resource,
    access: Role.Manager,
    source: 'added',
    summary: "The company's remembered roster column mapping (null until saved; Managers and above of it)",
    params: companyParams,
    response: rosterMappingAnswer,
  }),
  'rosterMapping.set': defineRoute({
    method: 'PUT',
    path: '/api/lock-check/mapping/{managementCompanyId}',
    resource,
    access: Role.Manager,
    source: 'added',
    summary: "Remember the company's roster column mapping (Managers and above of it)",
    params: companyParams,
    body: rosterMapping,
    response: rosterMappingAnswer,
  }),
  'roster.get': defineRoute({
    method: 'GET',
    path: '/api/lock-check/roster/{locationId}',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: "A location's current unit roster in walk order, or an older version by ?version (404: none)",
    params: locationParams,
    query: rosterQuery,
    response: rosterVersion,
  }),
  'roster.import': defineRoute({
    method: 'PUT',
    path: '/api/lock-check/roster/{locationId}',
    resource,
    access: Role.Manager,
    source: 'added',
    summary:
      "Save a new version of a location's unit roster (the previous kept); 409 when another import landed after basedOnVersion",
    params: locationParams,
    body: rosterImportBody,
    response: rosterImported,
  }),
  'rosterVersion.someByLocation': defineRoute({
    method: 'GET',
    path: '/api/lock-check/roster/{locationId}/versions',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: "A page of a location's roster versions, newest first",
    params: locationParams,
    query: rosterVersionsQuery,
    response: rosterVersionsPage,
  }),
};
