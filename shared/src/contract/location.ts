import * as z from 'zod';
import { defineRoute } from './route.ts';
import { Role } from '../roles.ts';
import { deleted, idParams, pagedOfCompanyQuery, pagedQuery } from '../schemas/common.ts';
import { nameResponse } from '../schemas/organization.ts';
import { createLocationBody, location, locationsPage, updateLocationBody } from '../schemas/location.ts';

const spec = 'field-operations' as const;
const resource = 'location' as const;

export const locationRoutes = {
  'location.create': defineRoute({
    method: 'POST',
    path: '/api/location',
    resource,
    access: Role.AreaManager,
    source: spec,
    summary: 'Create a location in an area',
    body: createLocationBody,
    response: location,
    status: 201,
  }),
  'location.get': defineRoute({
    method: 'GET',
    path: '/api/location/{id}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: 'One location',
    params: idParams,
    response: location,
  }),
  'location.organizationName': defineRoute({
    method: 'GET',
    path: '/api/location/organization-name/{id}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: "The name of a location's area",
    params: idParams,
    response: nameResponse,
  }),
  'location.managementCompanyName': defineRoute({
    method: 'GET',
    path: '/api/location/management-company-name/{id}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: "The name of a location's management company",
    params: idParams,
    response: nameResponse,
  }),
  'location.allByUser': defineRoute({
    method: 'GET',
    path: '/api/location/all/by-user/{id}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: "The locations of a user's scope, by name",
    params: idParams,
    response: z.array(location),
  }),
  'location.someByUser': defineRoute({
    method: 'GET',
    path: '/api/location/some/by-user/{id}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: "A page of the locations of a user's scope",
    params: idParams,
    query: pagedOfCompanyQuery,
    response: locationsPage,
  }),
  'location.allByOrganization': defineRoute({
    method: 'GET',
    path: '/api/location/all/by-organization/{id}',
    resource,
    access: Role.AreaManager,
    source: spec,
    summary: "An area's locations, by name",
    params: idParams,
    response: z.array(location),
  }),
  'location.someByOrganization': defineRoute({
    method: 'GET',
    path: '/api/location/some/by-organization/{id}',
    resource,
    access: Role.AreaManager,
    source: spec,
    summary: "A page of an area's locations (search over name, address, city, state and zipcode)",
    params: idParams,
    query: pagedQuery,
    response: locationsPage,
  }),
  'location.update': defineRoute({
    method: 'PUT',
    path: '/api/location',
    resource,
    access: Role.AreaManager,
    source: spec,
    summary: 'Update a location (moving it to another area needs Company Manager)',
    body: updateLocationBody,
    response: location,
  }),
  'location.delete': defineRoute({
    method: 'DELETE',
    path: '/api/location/{id}',
    resource,
    access: Role.AreaManager,
    source: spec,
    summary:
      'Delete a location and its memberships at once; its walks, walk reports (checkpoints, notes, photos), incidents (and images), tally and files follow in bounded steps, and users who had it as their default have none',
    params: idParams,
    response: deleted,
  }),
};
