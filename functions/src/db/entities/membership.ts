import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/**
 * A user's membership of a location. It carries the location's area and company so that scope checks
 * need no further read. Access patterns:
 * - a user's locations: primary, in the user's `userAccess` collection
 * - a location's users: gsi1 (pk = location)
 * - the users of an area's locations: gsi2 (pk = area)
 */
export const userLocationEntity = new Entity({
  model: { entity: 'userLocation', version: '1', service },
  attributes: {
    userId: { type: 'number', required: true },
    locationId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    managementCompanyId: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    primary: {
      collection: 'userAccess',
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['locationId'] },
    },
    byLocation: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['locationId'] },
      sk: { field: 'gsi1sk', composite: ['userId'] },
    },
    byOrganization: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['organizationId'] },
      sk: { field: 'gsi2sk', composite: ['userId', 'locationId'] },
    },
  },
});
export type UserLocationItem = EntityItem<typeof userLocationEntity>;

/**
 * A user's membership of an area (area managers). Access patterns:
 * - a user's areas: primary, in the user's `userAccess` collection
 * - an area's users: gsi1 (pk = area)
 * - an area's totals: gsi2 (pk = area), beside the area's locations and their memberships, so one Query of
 *   the area's gsi2 partition reads all three (db/organizations.ts, `totalsOfOrganization`)
 */
export const userOrganizationEntity = new Entity({
  model: { entity: 'userOrganization', version: '1', service },
  attributes: {
    userId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    managementCompanyId: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    primary: {
      collection: 'userAccess',
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['organizationId'] },
    },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['userId'] },
    },
    inArea: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['organizationId'] },
      sk: { field: 'gsi2sk', composite: ['userId'] },
    },
  },
});
export type UserOrganizationItem = EntityItem<typeof userOrganizationEntity>;
