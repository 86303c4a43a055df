import { type CreateEntityItem, type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/**
 * Access patterns:
 * - by id: primary (pk = company id)
 * - all companies, by name: gsi1 (one partition per stage; a stage serves one tenant)
 */
export const managementCompanyEntity = new Entity({
  model: { entity: 'managementCompany', version: '1', service },
  attributes: {
    managementCompanyId: { type: 'number', required: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    phone: { type: 'string' },
    website: { type: 'string' },
    logoKey: { type: 'string' },
    /** The company's roles that must use two-step verification, besides those the stage names. */
    mfaRequiredRoles: { type: 'list', items: { type: 'number' } },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['managementCompanyId'] },
      sk: { field: 'sk', composite: [] },
    },
    all: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['name', 'managementCompanyId'] },
    },
  },
});
export type ManagementCompanyItem = EntityItem<typeof managementCompanyEntity>;
export type CreateManagementCompanyItem = CreateEntityItem<typeof managementCompanyEntity>;
