import type { DataService } from './service.ts';
import { mapBounded, pagesOf } from './bounded.ts';
import { searchFields as locationSearchFields } from './locations.ts';
import { searchFields as userSearchFields } from './users.ts';

/**
 * Gives the items written before the Super User's lists read the stage's indexes what those lists need
 * (docs/data-model.md, "The Super User's lists"): a location its gsi3 keys and search text, an area its gsi3
 * keys, a user their search text. Each is patched with its own values, so ElectroDB writes the derived
 * attributes and rebuilds the keys (its `updatedAt` moves). Items that have them are left alone; the local
 * host runs it at start. Answers how many items it patched.
 */
export const backfillStageLists = async (db: DataService): Promise<number> => {
  let patched = 0;
  for await (const page of pagesOf((cursor) =>
    db.entities.location.scan.go({ cursor, data: 'includeKeys' }),
  )) {
    const missing = page.filter((l) => !('gsi3pk' in l) || l.searchText === undefined);
    await mapBounded(missing, (item) =>
      db.entities.location
        .patch({ locationId: item.locationId })
        .set(locationSearchFields(item))
        .composite({ managementCompanyId: item.managementCompanyId, organizationId: item.organizationId })
        .go(),
    );
    patched += missing.length;
  }
  for await (const page of pagesOf((cursor) =>
    db.entities.organization.scan.go({ cursor, data: 'includeKeys' }),
  )) {
    const missing = page.filter((o) => !('gsi3pk' in o));
    await mapBounded(missing, (item) =>
      db.entities.organization
        .patch({ organizationId: item.organizationId })
        .set({ name: item.name })
        .composite({ managementCompanyId: item.managementCompanyId })
        .go(),
    );
    patched += missing.length;
  }
  for await (const page of pagesOf((cursor) => db.entities.user.scan.go({ cursor }))) {
    const missing = page.filter((u) => u.searchText === undefined);
    await mapBounded(missing, (user) =>
      db.entities.user
        .patch({ userId: user.userId })
        .set(userSearchFields(user))
        .composite(
          user.managementCompanyId === undefined ? {} : { managementCompanyId: user.managementCompanyId },
        )
        .go(),
    );
    patched += missing.length;
  }
  return patched;
};
