import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import type { Actor } from '@sitewalk/shared/policy';
import {
  compareUnitNumbers,
  repeatedUnitNumbers,
  rosterChanges,
  type RosterMapping,
} from '@sitewalk/shared/roster';
import type { rosterImportBody } from '@sitewalk/shared/schemas/lockCheck';
import type { DataService } from '../db/service.ts';
import type { RosterMappingItem, RosterVersionItem } from '../db/entities/roster.ts';
import { getManagementCompany } from '../db/managementCompanies.ts';
import { getUser } from '../db/users.ts';
import {
  createRosterVersion,
  currentRosterVersion,
  deleteRosterChunks,
  getRosterMapping,
  getRosterVersion,
  putRosterChunks,
  putRosterMapping,
  rosterChunks,
  rosterUnits,
  rosterVersionsPage,
} from '../db/rosters.ts';
import { startLockCheckCadence } from '../db/lock-check-cadence.ts';
import { clock } from '../ports/clock.ts';
import { authorize } from './authorize.ts';
import { BadRequestError, ConflictError, NotFoundError } from './errors.ts';
import { locationPlacement, visibleLocation } from './placements.ts';

const changedMeanwhile =
  'Another roster import of this location was saved first: read the current roster and import again';

/** A company the actor may keep the roster mapping of (Managers and above of it); else 404 or 403. */
const mappingCompany = async (db: DataService, actor: Actor, managementCompanyId: number) => {
  const company = await getManagementCompany(db, managementCompanyId);
  const notFound = 'Management company not found';
  if (!company) throw new NotFoundError(notFound);
  authorize(actor, 'rosterMapping', { kind: 'managementCompany', id: managementCompanyId }, notFound);
};

const mappingOf = (item: RosterMappingItem | null): RosterMapping | null =>
  item && {
    unit: item.unit,
    status: item.status,
    delinquent: item.delinquent ?? null,
    overlocked: item.overlocked ?? null,
    size: item.size ?? null,
  };

export const createRosters = ({ db }: { db: DataService }) => ({
  getMapping: async (actor: Actor, managementCompanyId: number) => {
    await mappingCompany(db, actor, managementCompanyId);
    return mappingOf(await getRosterMapping(db, managementCompanyId));
  },

  setMapping: async (actor: Actor, managementCompanyId: number, mapping: RosterMapping) => {
    await mappingCompany(db, actor, managementCompanyId);
    const item = await putRosterMapping(db, {
      managementCompanyId,
      unit: mapping.unit,
      status: mapping.status,
      // ElectroDB writes no attribute for undefined: a column the export lacks is absent.
      delinquent: mapping.delinquent ?? undefined,
      overlocked: mapping.overlocked ?? undefined,
      size: mapping.size ?? undefined,
      updatedAt: clock.now().toISOString(),
      updatedBy: actor.userId,
    });
    return mappingOf(item);
  },

  /** The current version (or `version`) with its units, for anyone who sees the location; 404 when none. */
  get: async (actor: Actor, locationId: number, version: number | undefined) => {
    await visibleLocation(db, actor, locationId);
    const header =
      version === undefined
        ? await currentRosterVersion(db, locationId)
        : await getRosterVersion(db, locationId, version);
    if (!header) {
      throw new NotFoundError(
        version === undefined ? 'This location has no unit roster' : `Roster version ${version} not found`,
      );
    }
    return { header, units: await rosterUnits(db, header) };
  },

  /** A page of the location's versions, newest first. */
  versions: async (actor: Actor, locationId: number, page: { offset: number; limit: number }) => {
    await visibleLocation(db, actor, locationId);
    return rosterVersionsPage(db, locationId, page);
  },

  /**
   * Saves the units as the location's next version (Managers and above of the location), if the current one
   * is still `basedOnVersion`: the chunks first, then the header on the condition that its version is new,
   * so a racing import gets 409 and a reader never meets a half-written version (docs/data-model.md).
   */
  import: async (actor: Actor, locationId: number, body: z.output<typeof rosterImportBody>) => {
    const location = await visibleLocation(db, actor, locationId);
    authorize(actor, 'importRoster', locationPlacement(location), 'Location not found');
    const repeated = repeatedUnitNumbers(body.units.map((unit) => unit.number));
    if (repeated.length > 0) {
      const message = `${repeated.length === 1 ? 'Unit' : 'Units'} ${repeated.join(', ')} listed more than once`;
      throw new BadRequestError(message, { units: [message] });
    }
    const [current, importer] = await Promise.all([
      currentRosterVersion(db, locationId),
      getUser(db, actor.userId),
    ]);
    if ((current?.version ?? null) !== body.basedOnVersion) throw new ConflictError(changedMeanwhile);
    const previous = current ? await rosterUnits(db, current) : [];
    const units = [...body.units].sort((a, b) => compareUnitNumbers(a.number, b.number));
    const header: RosterVersionItem = {
      locationId,
      version: (current?.version ?? 0) + 1,
      importId: randomUUID(),
      managementCompanyId: location.managementCompanyId,
      importedAt: clock.now().toISOString(),
      importedBy: actor.userId,
      importedByFirstName: importer?.firstName ?? '',
      importedByLastName: importer?.lastName ?? '',
      unitCount: units.length,
      chunkCount: 0,
      fileName: body.fileName || undefined,
    };
    const chunks = rosterChunks(header, units);
    header.chunkCount = chunks.length;
    const changes = rosterChanges(previous, units);
    await putRosterChunks(db, chunks);
    const audit = {
      actor,
      organizationId: location.organizationId,
      locationName: location.name,
      changes,
    };
    if (!(await createRosterVersion(db, header, audit))) {
      await deleteRosterChunks(db, chunks);
      throw new ConflictError(changedMeanwhile);
    }
    // The first roster starts the count of days to the 'noLockCheck' alert.
    if (header.version === 1) await startLockCheckCadence(db, locationId, header.importedAt);
    return { version: header.version, changes };
  },
});
