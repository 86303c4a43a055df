import { randomUUID } from 'node:crypto';
import type { DataService } from '@sitewalk/functions/db/service';
import { createRosterVersion, putRosterChunks, rosterChunks } from '@sitewalk/functions/db/rosters';
import { daysAfter } from '@sitewalk/functions/db/lock-check-cadence';
import { LOCK_CHECK_EVERY_DAYS_DEFAULT } from '@sitewalk/shared/constants';
import { compareUnitNumbers } from '@sitewalk/shared/roster';
import { mapBounded } from '@sitewalk/functions/domain/fan-out';
import type { DemoPerson } from './generate.ts';
import type { DemoRoster } from './lock-checks.ts';
import { putInBatches } from './batch-write.ts';

interface Placement {
  locationId: number;
  managementCompanyId: number;
}

/**
 * The demo's rosters, each its location's first version (chunks, then the header, as an import writes them),
 * and the count of days to the `noLockCheck` alert started at each import.
 */
export const writeDemoRosters = async (
  db: DataService,
  rosters: readonly DemoRoster[],
  placeOf: (locationKey: string) => Placement,
  personOf: (personKey: string) => DemoPerson & { userId: number },
) => {
  await mapBounded(rosters, async (roster) => {
    const { locationId, managementCompanyId } = placeOf(roster.locationKey);
    const importer = personOf(roster.importerKey);
    const units = [...roster.units].sort((a, b) => compareUnitNumbers(a.number, b.number));
    const header = {
      locationId,
      version: 1,
      importId: randomUUID(),
      managementCompanyId,
      importedAt: roster.importedAt,
      importedBy: importer.userId,
      importedByFirstName: importer.firstName,
      importedByLastName: importer.lastName,
      unitCount: units.length,
      chunkCount: 0,
      fileName: 'rent-roll.csv',
    };
    const chunks = rosterChunks(header, units);
    header.chunkCount = chunks.length;
    await putRosterChunks(db, chunks);
    await createRosterVersion(db, header);
  });
  await putInBatches(
    rosters.map((roster) => ({
      locationId: placeOf(roster.locationKey).locationId,
      everyDays: LOCK_CHECK_EVERY_DAYS_DEFAULT,
      since: roster.importedAt,
      dueCheckAt: daysAfter(roster.importedAt, LOCK_CHECK_EVERY_DAYS_DEFAULT),
    })),
    (batch) => db.entities.lockCheckCadence.put(batch).go(),
  );
};
