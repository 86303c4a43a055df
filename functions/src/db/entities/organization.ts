import { type CreateEntityItem, type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/**
 * An area. Access patterns:
 * - by id: primary
 * - a company's areas, by name: gsi1 (pk = company)
 * - every area of the stage, by name (the Super User's lists, a page at a time): gsi3 (one partition)
 */
export const organizationEntity = new Entity({
  model: { entity: 'organization', version: '1', service },
  attributes: {
    organizationId: { type: 'number', required: true },
    managementCompanyId: { type: 'number', required: true },
    name: { type: 'string', required: true },
    address: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    zipcode: { type: 'string' },
    logoKey: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organizationId'] },
      sk: { field: 'sk', composite: [] },
    },
    byCompany: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['managementCompanyId'] },
      sk: { field: 'gsi1sk', composite: ['name', 'organizationId'] },
    },
    all: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: [] },
      sk: { field: 'gsi3sk', composite: ['name', 'organizationId'] },
    },
  },
});
export type OrganizationItem = EntityItem<typeof organizationEntity>;
export type CreateOrganizationItem = CreateEntityItem<typeof organizationEntity>;
