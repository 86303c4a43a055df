import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/**
 * One version of a location's unit roster (issue 31; docs/data-model.md, 'Unit rosters'): its header. The
 * units are in `rosterChunk` items under the header's `importId`. The header is written last, on the
 * condition that its version does not exist yet, so the newest header is always a whole version and, of two
 * imports racing to the same number, exactly one lands. Access patterns:
 * - a location's versions, newest first (the current is the first): primary
 * - one version: primary
 */
export const rosterVersionEntity = new Entity({
  model: { entity: 'rosterVersion', version: '1', service },
  attributes: {
    locationId: { type: 'number', required: true, readOnly: true },
    version: { type: 'number', required: true, readOnly: true, padding: { length: 10, char: '0' } },
    /** Names this import's chunks: chunks of an import that lost the race carry another id, and are never read. */
    importId: { type: 'string', required: true, readOnly: true },
    managementCompanyId: { type: 'number', required: true, readOnly: true },
    importedAt: { type: 'string', required: true, readOnly: true },
    importedBy: { type: 'number', required: true, readOnly: true },
    /** The importer's name then, so the versions list reads no user (a renamed or deleted user keeps it). */
    importedByFirstName: { type: 'string', required: true, readOnly: true },
    importedByLastName: { type: 'string', required: true, readOnly: true },
    unitCount: { type: 'number', required: true, readOnly: true },
    chunkCount: { type: 'number', required: true, readOnly: true },
    fileName: { type: 'string', readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['locationId'] },
      sk: { field: 'sk', composite: ['version'] },
    },
  },
});
export type RosterVersionItem = EntityItem<typeof rosterVersionEntity>;

/**
 * Up to ROSTER_CHUNK_UNITS units of one roster version, in walk order, as compact JSON text (see
 * functions/src/db/rosters.ts): a 5,000-unit roster is 10 items, read with one Query and unmarshalled as 10
 * strings rather than 25,000 map attributes. Access patterns:
 * - a version's units: primary (one Query of the import's chunks, in order)
 */
export const rosterChunkEntity = new Entity({
  model: { entity: 'rosterChunk', version: '1', service },
  attributes: {
    locationId: { type: 'number', required: true, readOnly: true },
    version: { type: 'number', required: true, readOnly: true, padding: { length: 10, char: '0' } },
    importId: { type: 'string', required: true, readOnly: true },
    chunk: { type: 'number', required: true, readOnly: true, padding: { length: 4, char: '0' } },
    units: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['locationId', 'version'] },
      sk: { field: 'sk', composite: ['importId', 'chunk'] },
    },
  },
});
export type RosterChunkItem = EntityItem<typeof rosterChunkEntity>;

/**
 * A management company's remembered roster column mapping (shared/src/roster.ts `RosterMapping`), saved at
 * an import so the next import of any of its locations starts from it. Access patterns:
 * - by company: primary
 */
export const rosterMappingEntity = new Entity({
  model: { entity: 'rosterMapping', version: '1', service },
  attributes: {
    managementCompanyId: { type: 'number', required: true, readOnly: true },
    unit: { type: 'string', required: true },
    status: { type: 'string', required: true },
    /** Absent: the export has no such column. */
    delinquent: { type: 'string' },
    overlocked: { type: 'string' },
    size: { type: 'string' },
    updatedAt: { type: 'string', required: true },
    updatedBy: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['managementCompanyId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
export type RosterMappingItem = EntityItem<typeof rosterMappingEntity>;
