import type { EntityItem } from 'electrodb';
import type { DataService } from './service.ts';
import type { locationEntity } from './entities/location.ts';
import { mapBounded, pagesOf } from './bounded.ts';
import { unchangedSince, writeIf } from './conditional.ts';
import { countStageTallies } from './company-tallies.ts';
import { keepAreaMembers, keptTotals } from './area-members.ts';
import { getUserAccess, membershipIdsOf, searchFields as userSearchFields } from './users.ts';

/**
 * Gives the items written before the Super User's lists read the stage's indexes what those lists need
 * (docs/data-model.md, "The Super User's lists"): a location its gsi3 keys and search text, an area its gsi3
 * keys, a user their search text and membership ids, an area membership its gsi2 keys (put again while it
 * exists), an area its kept totals (db/area-members.ts), and the companies' tallies their first count. Locations and areas are put again as read (a patch rebuilds gsi3's sort
 * key but not its static partition key); users are patched with their own searchable fields. ElectroDB writes the
 * derived attributes and keys; `updatedAt` moves. Items that have them are left alone. Each write is made only
 * over the item as read, so it can run beside the API (`npm run backfill` on a deployed stage; the local host
 * runs it at start). Answers how many it rewrote.
 */
/** An item read with its keys, as a put takes it (ElectroDB writes the keys from the attributes). */
const withoutKeys = <T extends object>(item: T): T =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !/^(pk|sk|gsi\d+(pk|sk))$/.test(name))) as T;

/** An item the backfill rewrites: the change it makes is written only over the item as it was read. */
interface Versioned {
  updatedAt?: string;
}

/**
 * Writes `write(item)` under the condition that the item is still as read (its `updatedAt`, which every write
 * moves): a deployed stage keeps writing while the backfill runs, and a put over a newer item would undo that
 * change. A refused write reads the item again and, while it still needs it (`needs`), tries again; a deleted
 * item is left deleted. Answers whether it wrote.
 */
const rewriteUnchanged = async <T extends Versioned>(
  item: T,
  read: (item: T) => Promise<T | null>,
  needs: (item: T) => boolean,
  write: (item: T, unchanged: string | undefined) => Promise<unknown>,
): Promise<boolean> => {
  let current: T | null = item;
  for (let attempt = 0; attempt < REWRITE_ATTEMPTS && current && needs(current); attempt++) {
    if (await writeIf(write(current, current.updatedAt))) return true;
    current = await read(current);
  }
  return false;
};
const REWRITE_ATTEMPTS = 3;

const locationNeeds = (l: object & { searchText?: string }) => !('gsi3pk' in l) || l.searchText === undefined;

type LocationAsRead = EntityItem<typeof locationEntity> & Versioned;

/** One location put again with its gsi3 keys and search text, over the item as read only (see above). */
export const backfillLocation = (db: DataService, item: LocationAsRead) =>
  rewriteUnchanged(
    item,
    async ({ locationId }) =>
      (await db.entities.location.get({ locationId }).go({ data: 'includeKeys' })).data,
    locationNeeds,
    (current, unchanged) =>
      db.entities.location.put(withoutKeys(current)).where(unchangedSince(unchanged)).go(),
  );

export const backfillStageLists = async (db: DataService): Promise<number> => {
  let patched = 0;
  const count = (written: boolean[]) => (patched += written.filter(Boolean).length);
  for await (const page of pagesOf((cursor) =>
    db.entities.location.scan.go({ cursor, data: 'includeKeys' }),
  )) {
    count(await mapBounded(page.filter(locationNeeds), (item) => backfillLocation(db, item)));
  }
  const areaNeeds = (o: object) => !('gsi3pk' in o);
  for await (const page of pagesOf((cursor) =>
    db.entities.organization.scan.go({ cursor, data: 'includeKeys' }),
  )) {
    count(
      await mapBounded(page.filter(areaNeeds), (item) =>
        rewriteUnchanged(
          item,
          async ({ organizationId }) =>
            (await db.entities.organization.get({ organizationId }).go({ data: 'includeKeys' })).data,
          areaNeeds,
          (current, unchanged) =>
            db.entities.organization.put(withoutKeys(current)).where(unchangedSince(unchanged)).go(),
        ),
      ),
    );
  }
  // A user's searchable fields (ElectroDB derives the search text) and their membership ids, from their
  // memberships read at the write (a join moves the user's `updatedAt`, so one meanwhile refuses the write).
  const userNeeds = (u: { searchText?: string; membershipIdsKept?: boolean }) =>
    u.searchText === undefined || u.membershipIdsKept !== true;
  for await (const page of pagesOf((cursor) => db.entities.user.scan.go({ cursor }))) {
    count(
      await mapBounded(page.filter(userNeeds), (item) =>
        rewriteUnchanged(
          item,
          async ({ userId }) => (await db.entities.user.get({ userId }).go()).data,
          userNeeds,
          async (user, unchanged) => {
            const ids = membershipIdsOf(await getUserAccess(db, user.userId));
            const patch = db.entities.user
              .patch({ userId: user.userId })
              .set({ ...userSearchFields(user), ...ids.set });
            return (ids.removed.length ? patch.remove(ids.removed) : patch)
              .composite(
                user.managementCompanyId === undefined
                  ? {}
                  : { managementCompanyId: user.managementCompanyId },
              )
              .where(unchangedSince(unchanged))
              .go();
          },
        ),
      ),
    );
  }
  // An area membership's gsi2 keys, beside its area's locations (an area's totals read them in one Query). A
  // membership is never changed, only created and deleted: put again only while it exists.
  const membershipNeeds = (m: object) => !('gsi2pk' in m);
  for await (const page of pagesOf((cursor) =>
    db.entities.userOrganization.scan.go({ cursor, data: 'includeKeys' }),
  )) {
    count(
      await mapBounded(page.filter(membershipNeeds), (item) =>
        writeIf(
          db.entities.userOrganization
            .put(withoutKeys(item))
            .where(({ userId }, { exists }) => exists(userId))
            .go(),
        ),
      ),
    );
  }
  // An area's kept totals, counted from its gsi2 partition (which the memberships' keys above complete).
  for await (const page of pagesOf((cursor) =>
    db.entities.organization.scan.go({ cursor, data: 'includeKeys' }),
  )) {
    count(
      await mapBounded(
        page.filter((area) => keptTotals(area) === null),
        (area) => keepAreaMembers(db, area.organizationId),
      ),
    );
  }
  // The lists' totals, from the indexes the keys above complete.
  await countStageTallies(db);
  return patched;
};
