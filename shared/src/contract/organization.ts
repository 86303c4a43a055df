import * as z from 'zod';
import { defineRoute } from './route.ts';
import { Role } from '../roles.ts';
import { FILE_NAME_MAX_LENGTH } from '../constants.ts';
import { messages } from '../messages.ts';
import {
  deleted,
  idParam,
  idParams,
  logoUploadQuery,
  pagedOfCompanyQuery,
  uploadTicket,
  viewUrl,
} from '../schemas/common.ts';
import {
  createOrganizationBody,
  nameResponse,
  organization,
  organizationsPage,
  updateOrganizationBody,
} from '../schemas/organization.ts';

const spec = 'access-and-administration' as const;
const resource = 'organization' as const;
const logoParams = z.object({ id: idParam, name: z.string().min(1).max(FILE_NAME_MAX_LENGTH) });

export const organizationRoutes = {
  'organization.create': defineRoute({
    method: 'POST',
    path: '/api/organization',
    resource,
    access: Role.CompanyManager,
    source: spec,
    summary: 'Create an area in a management company',
    forbiddenMessage: messages.permission.addArea,
    body: createOrganizationBody,
    missingBody: messages.validation.noOrganizationInfo,
    response: organization,
    status: 201,
  }),
  'organization.update': defineRoute({
    method: 'PUT',
    path: '/api/organization',
    resource,
    access: Role.AreaManager,
    source: spec,
    summary: 'Update an area',
    body: updateOrganizationBody,
    missingBody: messages.validation.noAreaInfo,
    response: organization,
  }),
  'organization.logoUpload': defineRoute({
    method: 'GET',
    path: '/api/organization/update/logo/{id}/{name}',
    resource,
    access: Role.AreaManager,
    source: spec,
    summary: "A presigned PUT for the area's logo",
    params: logoParams,
    query: logoUploadQuery,
    response: uploadTicket,
  }),
  'organization.logo': defineRoute({
    method: 'GET',
    path: '/api/organization/logo/{id}/{name}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: "A short-lived URL to view the area's logo",
    params: logoParams,
    response: viewUrl,
  }),
  'organization.get': defineRoute({
    method: 'GET',
    path: '/api/organization/{id}',
    resource,
    access: Role.AreaManager,
    source: spec,
    summary: 'One area, with its company name and totals',
    params: idParams,
    response: organization,
  }),
  'organization.managementCompanyName': defineRoute({
    method: 'GET',
    path: '/api/organization/managementCompany-name/{id}',
    resource,
    access: Role.AreaManager,
    source: spec,
    summary: "The name of an area's management company",
    params: idParams,
    response: nameResponse,
  }),
  'organization.allByUser': defineRoute({
    method: 'GET',
    path: '/api/organization/organizations/{userId}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: "The areas of a user's scope, by name",
    params: z.object({ userId: idParam }),
    response: z.array(organization),
  }),
  'organization.allByManagementCompany': defineRoute({
    method: 'GET',
    path: '/api/organization/all/by-management-company/{id}',
    resource,
    access: Role.AreaManager,
    source: spec,
    summary: "A management company's areas, by name",
    params: idParams,
    response: z.array(organization),
  }),
  'organization.someByUser': defineRoute({
    method: 'GET',
    path: '/api/organization/some/by-user/{userId}',
    resource,
    access: Role.AreaManager,
    source: spec,
    summary: "A page of the areas of a user's scope, of one management company when asked (the pickers)",
    params: z.object({ userId: idParam }),
    query: pagedOfCompanyQuery,
    response: organizationsPage,
  }),
  'organization.delete': defineRoute({
    method: 'DELETE',
    path: '/api/organization/{id}',
    resource,
    access: Role.CompanyManager,
    source: spec,
    summary:
      'Delete an area for good, with its logo; refused (409) while it still has locations or users, naming them',
    params: idParams,
    response: deleted,
  }),
};
