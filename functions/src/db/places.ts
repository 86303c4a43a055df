import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { DataService } from './service.ts';
import { readByKeys } from './bounded.ts';

/** DynamoDB's most keys in one BatchGetItem. */
const BATCH_GET_MAX_KEYS = 100;

export interface PlaceIds {
  locationIds?: Iterable<number>;
  organizationIds?: Iterable<number>;
  managementCompanyIds?: Iterable<number>;
}

/**
 * Locations, areas and companies by id, in one BatchGetItem for all three kinds (a request per 100 keys, the
 * keys DynamoDB leaves unprocessed asked again): what a page of rows names is read in one round trip, not one a
 * kind. Ids with no item (a place deleted meanwhile) are not answered; nothing is in any order. The one batch
 * read of places: `getLocations`, `getOrganizations` and `getManagementCompanies` read through it.
 */
export const getPlaces = async (db: DataService, ids: PlaceIds) => {
  const { location, organization, managementCompany } = db.entities;
  const keys = [
    ...[...new Set(ids.locationIds)].map((locationId) => location.get({ locationId }).params().Key),
    ...[...new Set(ids.organizationIds)].map(
      (organizationId) => organization.get({ organizationId }).params().Key,
    ),
    ...[...new Set(ids.managementCompanyIds)].map(
      (managementCompanyId) => managementCompany.get({ managementCompanyId }).params().Key,
    ),
  ] as Record<string, unknown>[];
  const { documentClient: client, table } = db;
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_MAX_KEYS)
    chunks.push(keys.slice(i, i + BATCH_GET_MAX_KEYS));
  const items = (
    await Promise.all(
      chunks.map((chunk) =>
        readByKeys(chunk, async (left) => {
          const answer = await client.send(
            new BatchGetCommand({ RequestItems: { [table]: { Keys: left } } }),
          );
          return {
            data: answer.Responses?.[table] ?? [],
            unprocessed: answer.UnprocessedKeys?.[table]?.Keys ?? [],
          };
        }),
      ),
    )
  ).flat();
  // Each entity's parse keeps only its own items (ElectroDB checks the item's entity name and version).
  return {
    locations: location.parse({ Items: items }).data,
    // With their attributes beyond ElectroDB's fields: an area's kept totals (db/area-members.ts).
    organizations: organization.parse({ Items: items }, {
      data: 'includeKeys',
    } as unknown as Parameters<typeof organization.parse>[1]).data,
    managementCompanies: managementCompany.parse({ Items: items }).data,
  };
};
