import { LOCK_CHECK_EVERY_DAYS_DEFAULT } from '@sitewalk/shared/constants';
import type { Actor } from '@sitewalk/shared/policy';
import type { DataService } from '../db/service.ts';
import {
  daysAfter,
  getLockCheckCadence,
  lockChecksDueBy,
  lockCheckLooked,
  setLockCheckEveryDays,
} from '../db/lock-check-cadence.ts';
import { currentRosterVersion } from '../db/rosters.ts';
import { getLocations } from '../db/locations.ts';
import { clock } from '../ports/clock.ts';
import type { DueCheck } from './alert-drafts.ts';
import { authorize } from './authorize.ts';
import { locationPlacement, visibleLocation } from './placements.ts';

/** Locations looked at per evaluator run at most; what is left is due still, so the next run takes it. */
export const CADENCES_PER_RUN = 200;

/** How a location's cadence answers: its days, its last full check, and when the next is due (null: no roster). */
const cadenceOf = async (db: DataService, locationId: number) => {
  const [cadence, roster] = await Promise.all([
    getLockCheckCadence(db, locationId),
    currentRosterVersion(db, locationId),
  ]);
  const everyDays = cadence?.everyDays ?? LOCK_CHECK_EVERY_DAYS_DEFAULT;
  return {
    locationId,
    everyDays,
    lastFullCheckAt: cadence?.lastFullCheckAt ?? null,
    dueAt: roster && cadence ? daysAfter(cadence.since, everyDays) : null,
  };
};

export const createLockCheckCadences = ({ db }: { db: DataService }) => ({
  /** Anyone who sees the location. */
  get: async (actor: Actor, locationId: number) => {
    await visibleLocation(db, actor, locationId);
    return cadenceOf(db, locationId);
  },

  /** Managers and above of the location, as for its walk windows. */
  set: async (actor: Actor, locationId: number, everyDays: number) => {
    const location = await visibleLocation(db, actor, locationId);
    authorize(actor, 'setSchedule', locationPlacement(location), 'Location not found');
    await setLockCheckEveryDays(db, locationId, everyDays, clock.now().toISOString());
    return cadenceOf(db, locationId);
  },
});

const dayCount = (days: number) => (days === 1 ? 'a day' : `${days} days`);

/**
 * The evaluator's `noLockCheck` check: a location with a roster and no full lock check in its number of days
 * raises one alert per lapse (again every that many days while none is done), to the location's leads;
 * bounded by the locations due.
 */
export const noLockCheckCheck =
  ({ db }: { db: DataService }): DueCheck =>
  async (now, raise) => {
    const due = await lockChecksDueBy(db, now.toISOString(), CADENCES_PER_RUN);
    const locations = new Map(
      (await getLocations(db, [...new Set(due.map((c) => c.locationId))])).map((l) => [l.locationId, l]),
    );
    let raised = 0;
    for (const cadence of due) {
      const location = locations.get(cadence.locationId);
      // A deleted location waits for its cleanup; one with no roster has nothing to check yet.
      if (location && (await currentRosterVersion(db, cadence.locationId))) {
        const outcome = await raise({
          kind: 'noLockCheck',
          key: `lockCheck#${cadence.locationId}#${cadence.dueCheckAt}`,
          locationId: cadence.locationId,
          message: `No full lock check at ${location.name} in ${dayCount(cadence.everyDays)}`,
        });
        if (outcome === 'raised') raised += 1;
      }
      await lockCheckLooked(db, cadence);
    }
    return raised;
  };
