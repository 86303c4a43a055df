import type { DataService } from './service.ts';
import { mapBounded, pagesOf } from './bounded.ts';
import { searchFields as userSearchFields } from './users.ts';

/**
 * Gives the items written before the Super User's lists read the stage's indexes what those lists need
 * (docs/data-model.md, "The Super User's lists"): a location its gsi3 keys and search text, an area its gsi3
 * keys, a user their search text. Locations and areas are put again as read (a patch rebuilds gsi3's sort key
 * but not its static partition key); users are patched with their own searchable fields. ElectroDB writes the
 * derived attributes and keys; `updatedAt` moves. Items that have them are left alone. Nothing else may write
 * meanwhile (a put replaces the item as read): the local host runs it at start. Answers how many it rewrote.
 */
/** An item read with its keys, as a put takes it (ElectroDB writes the keys from the attributes). */
const withoutKeys = <T extends object>(item: T): T =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !/^(pk|sk|gsi\d+(pk|sk))$/.test(name))) as T;

export const backfillStageLists = async (db: DataService): Promise<number> => {
  let patched = 0;
  for await (const page of pagesOf((cursor) =>
    db.entities.location.scan.go({ cursor, data: 'includeKeys' }),
  )) {
    const missing = page.filter((l) => !('gsi3pk' in l) || l.searchText === undefined);
    await mapBounded(missing, (item) => db.entities.location.put(withoutKeys(item)).go());
    patched += missing.length;
  }
  for await (const page of pagesOf((cursor) =>
    db.entities.organization.scan.go({ cursor, data: 'includeKeys' }),
  )) {
    const missing = page.filter((o) => !('gsi3pk' in o));
    await mapBounded(missing, (item) => db.entities.organization.put(withoutKeys(item)).go());
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
