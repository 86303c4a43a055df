import { type CreateEntityItem, type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';
import { searchTextOf } from './search-text.ts';

/**
 * Access patterns:
 * - by id: primary
 * - a company's locations, by name: gsi1 (pk = company)
 * - an area's locations, by name: gsi2 (pk = area)
 * - every location of the stage, by name (the Super User's lists, a page at a time): gsi3 (one partition)
 */
export const locationEntity = new Entity({
  model: { entity: 'location', version: '1', service },
  attributes: {
    locationId: { type: 'number', required: true },
    managementCompanyId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    name: { type: 'string', required: true },
    address: { type: 'string', required: true },
    city: { type: 'string', required: true },
    state: { type: 'string', required: true },
    zipcode: { type: 'string', required: true },
    latitude: { type: 'number', required: true },
    longitude: { type: 'number', required: true },
    zoomLevel: { type: 'number', required: true, default: 18 },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    /**
     * What a search of the Super User's list matches (a FilterExpression: DynamoDB compares case-sensitively):
     * the searchable fields, lower-cased. Derived whenever one of them is written; an update sets them all
     * (`searchFields`), since the setter sees only the attributes of its own write.
     */
    searchText: {
      type: 'string',
      watch: ['name', 'address', 'city', 'state', 'zipcode'],
      set: (_, item) => searchTextOf([item.name, item.address, item.city, item.state, item.zipcode]),
    },
    /** Set once the location's month tallies hold its whole history (functions/src/db/tallies.ts). */
    talliedAt: { type: 'string' },
    /**
     * Moved by every join of the location (db/memberships.ts), so a move carrying the members it read is
     * refused when one joined meanwhile (db/locations.ts, `moveLocation`).
     */
    membersVersion: { type: 'number' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['locationId'] },
      sk: { field: 'sk', composite: [] },
    },
    byCompany: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['managementCompanyId'] },
      sk: { field: 'gsi1sk', composite: ['name', 'locationId'] },
    },
    byOrganization: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['organizationId'] },
      sk: { field: 'gsi2sk', composite: ['name', 'locationId'] },
    },
    all: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: [] },
      sk: { field: 'gsi3sk', composite: ['name', 'locationId'] },
    },
  },
});
export type LocationItem = EntityItem<typeof locationEntity>;
export type CreateLocationItem = CreateEntityItem<typeof locationEntity>;
