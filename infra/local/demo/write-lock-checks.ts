import { randomUUID } from 'node:crypto';
import type { DataService } from '@sitewalk/functions/db/service';
import { putRosterChunks, rosterChunks } from '@sitewalk/functions/db/rosters';
import { daysAfter } from '@sitewalk/functions/db/lock-check-cadence';
import { LOCK_CHECK_EVERY_DAYS_DEFAULT } from '@sitewalk/shared/constants';
import { compareUnitNumbers } from '@sitewalk/shared/roster';
import { mapBounded } from '@sitewalk/functions/domain/fan-out';
import { createLockChecks } from '@sitewalk/functions/domain/lock-checks';
import { loadUserScope } from '@sitewalk/functions/domain/scope';
import type { Storage } from '@sitewalk/functions/ports/storage';
import type { DemoPerson } from './generate.ts';
import type { DemoLockCheck, DemoRoster } from './lock-checks.ts';
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
    // The header as an import writes it, without the import's audit entry (demo data has no history).
    await db.entities.rosterVersion.create(header).go();
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

/** Taps of one demo check sent at once (each its own unit: their order does not matter). */
const TAPS_IN_FLIGHT = 24;

/**
 * The demo's lock checks, recorded as a phone records them (through the lock-check domain, as their walker):
 * started against the roster written above, one tap per unit, finished. The walkers' items must be written.
 */
export const writeDemoLockChecks = async (
  deps: { db: DataService; storage: Storage },
  checks: readonly DemoLockCheck[],
  locationIdOf: (locationKey: string) => number,
  userIdOf: (personKey: string) => number,
) => {
  const lockChecks = createLockChecks(deps);
  for (const demo of checks) {
    const scope = await loadUserScope(deps.db, userIdOf(demo.walkerKey));
    if (!scope) throw new Error(`The demo walker ${demo.walkerKey} was not written`);
    const actor = scope.asActor;
    const check = await lockChecks.start(actor, {
      clientId: randomUUID(),
      locationId: locationIdOf(demo.locationKey),
      scope: { kind: 'all' },
      startedAt: demo.startedAt,
    });
    await mapBounded(
      demo.taps,
      (tap) => lockChecks.recordResult(actor, check.id, { clientId: randomUUID(), ...tap }),
      TAPS_IN_FLIGHT,
    );
    await lockChecks.finish(actor, check.id, demo.finishedAt);
  }
};
