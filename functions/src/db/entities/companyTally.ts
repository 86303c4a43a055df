import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/**
 * A company's totals of locations, areas and users (db/company-tallies.ts), moved by ADD in the same
 * transaction as the creates and deletes they count; company 0 counts the users of no company (Super Users,
 * Admins). Their sum is the stage's totals the Super User's lists answer. `countedAt`: once counted whole
 * (the backfill, or a new company's), after which the writes keep it.
 */
export const companyTallyEntity = new Entity({
  model: { entity: 'companyTally', version: '1', service },
  attributes: {
    managementCompanyId: { type: 'number', required: true, readOnly: true },
    locations: { type: 'number' },
    areas: { type: 'number' },
    users: { type: 'number' },
    countedAt: { type: 'string' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['managementCompanyId'] },
      sk: { field: 'sk', composite: [] },
    },
    all: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['managementCompanyId'] },
    },
  },
});
export type CompanyTallyItem = EntityItem<typeof companyTallyEntity>;
