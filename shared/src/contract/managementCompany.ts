import * as z from 'zod';
import { defineRoute } from './route.ts';
import { messages } from '../messages.ts';
import { Role } from '../roles.ts';
import { FILE_NAME_MAX_LENGTH } from '../constants.ts';
import {
  deleted,
  idParam,
  idParams,
  logoUploadQuery,
  pagedQuery,
  uploadTicket,
  viewUrl,
} from '../schemas/common.ts';
import {
  createManagementCompanyBody,
  managementCompaniesPage,
  managementCompany,
  updateManagementCompanyBody,
} from '../schemas/managementCompany.ts';

const spec = 'access-and-administration' as const;
const resource = 'managementCompany' as const;
const logoParams = z.object({ id: idParam, name: z.string().min(1).max(FILE_NAME_MAX_LENGTH) });

export const managementCompanyRoutes = {
  'managementCompany.create': defineRoute({
    method: 'POST',
    path: '/api/managementCompany',
    resource,
    access: Role.Admin,
    source: spec,
    summary: 'Create a management company',
    body: createManagementCompanyBody,
    missingBody: messages.validation.noManagementCompanyInfo,
    response: managementCompany,
    status: 201,
  }),
  'managementCompany.update': defineRoute({
    method: 'PUT',
    path: '/api/managementCompany',
    resource,
    access: Role.Owner,
    source: spec,
    summary: 'Update a management company',
    body: updateManagementCompanyBody,
    missingBody: messages.validation.noManagementCompanyInfo,
    response: managementCompany,
  }),
  'managementCompany.logoUpload': defineRoute({
    method: 'GET',
    path: '/api/managementCompany/update/logo/{id}/{name}',
    resource,
    access: Role.Owner,
    source: spec,
    summary: "A presigned PUT for the company's logo (jpeg or png, at most 1,000,000 bytes)",
    params: logoParams,
    query: logoUploadQuery,
    response: uploadTicket,
  }),
  'managementCompany.logo': defineRoute({
    method: 'GET',
    path: '/api/managementCompany/logo/{id}/{name}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: "A short-lived URL to view the company's logo",
    params: logoParams,
    response: viewUrl,
  }),
  'managementCompany.get': defineRoute({
    method: 'GET',
    path: '/api/managementCompany/{id}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: 'One management company',
    params: idParams,
    response: managementCompany,
  }),
  'managementCompany.getByLocation': defineRoute({
    method: 'GET',
    path: '/api/managementCompany/by-location/{locationId}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: 'The management company of a location',
    params: z.object({ locationId: idParam }),
    response: managementCompany,
  }),
  'managementCompany.allByUser': defineRoute({
    method: 'GET',
    path: '/api/managementCompany/by-user/{userId}',
    resource,
    access: Role.Employee,
    source: spec,
    summary: 'The management companies a user may see',
    params: z.object({ userId: idParam }),
    response: z.object({ companies: z.array(managementCompany) }),
  }),
  'managementCompany.some': defineRoute({
    method: 'GET',
    path: '/api/managementCompany/some',
    resource,
    access: Role.Owner,
    source: spec,
    summary: 'A page of management companies, by name',
    query: pagedQuery,
    response: managementCompaniesPage,
  }),
  'managementCompany.delete': defineRoute({
    method: 'DELETE',
    path: '/api/managementCompany/{id}',
    resource,
    access: Role.Admin,
    source: spec,
    summary:
      'Delete a management company for good, with its files; refused (409) while it still has areas or users, naming them',
    params: idParams,
    response: deleted,
  }),
};
