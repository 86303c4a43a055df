import { Role } from '@sitewalk/shared/roles';
import { CHANGE_MAX_ITEMS } from '@sitewalk/shared/constants';
import type { Actor } from '@sitewalk/shared/policy';
import type { DataService } from './service.ts';
import type { CreateLocationItem, LocationItem } from './entities/location.ts';
import { mapBounded, pageOfSearchedQuery, readPartition, type PageAsked } from './bounded.ts';
import { getPlaces } from './places.ts';
import { areaMembersChanged } from './area-members.ts';
import { listAllManagementCompanies } from './managementCompanies.ts';
import { AuditedChangeRefused, writeAudited, writeAuditedOrFail, type AuditActor } from './audit.ts';
import { auditView, changedFields } from './audit-fields.ts';
import { stageTotal, tallyMoved } from './company-tallies.ts';
import { locationChangedStatus, locationCreatedStatus, locationGoneStatus } from './location-status.ts';
import type { ScheduleTimes } from '@sitewalk/shared/walk-windows';

/** Named access patterns of locations (docs/data-model.md). */

type LocationDraft = Omit<CreateLocationItem, 'locationId'>;
type LocationChanges = Partial<Omit<LocationDraft, 'organizationId' | 'managementCompanyId'>>;

export const getLocation = async (db: DataService, locationId: number) =>
  (await db.entities.location.get({ locationId }).go()).data;

/** Locations by id, in one batch read (in no particular order). */
export const getLocations = async (db: DataService, ids: readonly number[]) =>
  (await getPlaces(db, { locationIds: ids })).locations;

export const listLocationsOfCompany = (db: DataService, managementCompanyId: number) =>
  readPartition((cursor) => db.entities.location.query.byCompany({ managementCompanyId }).go({ cursor }));

/** An organization's locations (gsi2 of location). */
export const listLocationsOfOrganization = (db: DataService, organizationId: number) =>
  readPartition((cursor) => db.entities.location.query.byOrganization({ organizationId }).go({ cursor }));

/**
 * A page of every location of the stage (a global scope's list), by name (gsi3), searched over name, address,
 * city, state and ZIP code: one Query beside the stage's total (db/company-tallies.ts), or with a search the
 * count of its matches; not every company's partition.
 */
export const pageOfStageLocations = (db: DataService, asked: PageAsked) =>
  pageOfSearchedQuery<LocationItem>(
    asked,
    (needle) => (options) => {
      const query = db.entities.location.query.all({});
      const searched = needle
        ? query.where(({ searchText }, { contains }) => contains(searchText, needle))
        : query;
      return searched.go(options as never);
    },
    () => stageTotal(db, 'locations'),
  );

/** The fields the search text is made of, all of them: an update that changes one writes every one. */
const searchFields = (item: LocationItem) => ({
  name: item.name,
  address: item.address,
  city: item.city,
  state: item.state,
  zipcode: item.zipcode,
});

// One collator for every comparison: localeCompare with a locale builds one per call (0.2 ms a 20-name sort).
const names = new Intl.Collator('en', { sensitivity: 'base' });
/** Names in the order lists show them (case- and accent-blind). */
export const compareNames = (a: string, b: string) => names.compare(a, b);
export const byLocationName = (a: LocationItem, b: LocationItem) => compareNames(a.name, b.name);

/** The locations in someone's scope, by name. */
export const locationsInScope = async (db: DataService, scope: Actor): Promise<LocationItem[]> => {
  let items: LocationItem[];
  if (scope.roleId >= Role.Admin) {
    const companies = await listAllManagementCompanies(db);
    items = (await mapBounded(companies, (c) => listLocationsOfCompany(db, c.managementCompanyId))).flat();
  } else if (scope.roleId >= Role.CompanyManager) {
    items = (await mapBounded(scope.managementCompanyIds, (id) => listLocationsOfCompany(db, id))).flat();
  } else if (scope.roleId === Role.AreaManager) {
    items = (await mapBounded(scope.organizationIds, (id) => listLocationsOfOrganization(db, id))).flat();
  } else {
    items = await getLocations(db, scope.locationIds);
  }
  return items.sort(byLocationName);
};

/** A location's memberships (gsi1 of userLocation). */
export const membershipsOfLocation = (db: DataService, locationId: number) =>
  readPartition((cursor) => db.entities.userLocation.query.byLocation({ locationId }).go({ cursor }));

const locationEntry = (
  item: Pick<LocationItem, 'locationId' | 'organizationId' | 'managementCompanyId' | 'name'>,
) => ({
  managementCompanyId: item.managementCompanyId,
  objectKind: 'location' as const,
  objectId: item.locationId,
  objectName: item.name,
  locationId: item.locationId,
  organizationId: item.organizationId,
});

/** The location as written, or AuditedChangeRefused (a 404) when it went right after. */
const reread = async (db: DataService, locationId: number) => {
  const item = await getLocation(db, locationId);
  if (!item) throw new AuditedChangeRefused();
  return item;
};

/** A new location, recorded in its company's audit log, with its status item (its schedule's times). */
export const createLocation = async (
  db: DataService,
  locationId: number,
  draft: LocationDraft,
  schedule: ScheduleTimes,
  actor: AuditActor,
) => {
  const item = { locationId, ...draft };
  await writeAuditedOrFail(
    db,
    {
      actor,
      record: { ...locationEntry(item), action: 'create', before: null, after: auditView.location(item) },
    },
    ({ location, locationStatus, companyTally }) => [
      location.create(item).commit(),
      tallyMoved({ companyTally }, item.managementCompanyId, 'locations', 1),
      ...locationCreatedStatus({ locationStatus }, item, schedule),
      // Also refused when the area went meanwhile.
      ...areaMembersChanged(db, [
        { organizationId: item.organizationId, locationsIn: [{ locationId: item.locationId }] },
      ]),
    ],
  );
  return reread(db, locationId);
};

/** Only what was sent changes: a field left out keeps its value. */
const definedOnly = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

/** The key parts not being set, so ElectroDB can rebuild the index keys (it also checks they still match). */
const unchangedKeys = (item: LocationItem, changes: LocationChanges) => ({
  managementCompanyId: item.managementCompanyId,
  ...(changes.name ? {} : { name: item.name }),
});

/** Changes a location that stays in its organization. */
export const updateLocation = async (
  db: DataService,
  item: LocationItem,
  changes: LocationChanges,
  actor: AuditActor,
) => {
  const fields = changedFields(
    auditView.location(item),
    auditView.location({ ...item, ...definedOnly(changes) }),
  );
  await writeAuditedOrFail(
    db,
    {
      actor,
      record: { ...locationEntry({ ...item, ...definedOnly(changes) }), action: 'update', ...fields },
    },
    ({ location, locationStatus }) => [
      location
        .patch({ locationId: item.locationId })
        .set({ ...searchFields(item), ...definedOnly(changes), organizationId: item.organizationId })
        .composite(unchangedKeys(item, changes))
        .commit(),
      ...locationChangedStatus({ locationStatus }, { ...item, ...definedOnly(changes) }),
    ],
  );
  return reread(db, item.locationId);
};

/**
 * The most users a location moves with: the location, its status item (removed from its old area, built again
 * in the new one), both areas' kept totals and its memberships make one transaction.
 */
export const MOVING_MEMBERS_MAX = CHANGE_MAX_ITEMS - 4;

/**
 * Moves a location to another organization with its changes. Memberships carry their location's
 * organization: the location and all of them change in one transaction, so no reader ever sees some moved
 * and some not. False when the location or its users changed meanwhile (two moves at once: the second finds
 * the location gone from where it read it).
 */
export const moveLocation = async (
  db: DataService,
  item: LocationItem,
  organizationId: number,
  changes: LocationChanges,
  members: readonly { userId: number }[],
  actor: AuditActor,
) => {
  const fields = changedFields(
    auditView.location(item),
    auditView.location({ ...item, ...definedOnly(changes), organizationId }),
  );
  const moved = await writeAudited(
    db,
    {
      actor,
      record: {
        ...locationEntry({ ...item, ...definedOnly(changes), organizationId }),
        action: 'move',
        ...fields,
      },
    },
    ({ location, userLocation, locationStatus }) => [
      ...locationGoneStatus({ locationStatus }, item),
      location
        .patch({ locationId: item.locationId })
        .set({ ...searchFields(item), ...definedOnly(changes), organizationId })
        .composite(unchangedKeys(item, changes))
        .where((attributes, { eq }) => eq(attributes.organizationId, item.organizationId))
        // With the members read after the item: a join since moved the version.
        .where(({ membersVersion }, { eq, notExists }) =>
          item.membersVersion === undefined
            ? notExists(membersVersion)
            : eq(membersVersion, item.membersVersion),
        )
        .commit(),
      ...members.map((m) =>
        userLocation
          .patch({ userId: m.userId, locationId: item.locationId })
          .set({ organizationId })
          .commit(),
      ),
      ...areaMembersChanged(db, [
        { organizationId: item.organizationId, locationsOut: [item.locationId] },
        {
          organizationId,
          locationsIn: [{ locationId: item.locationId, memberIds: members.map((m) => m.userId) }],
        },
      ]),
    ],
  );
  return !moved.canceled;
};

/**
 * Deletes a location and writes its cleanup, with as many of its memberships as fit in one transaction; the
 * cleanup's first steps remove any others, then its walks, reports, incidents, files and tally, and clear
 * users' defaults. False when another delete got there first (its cleanup is already written).
 */
export const deleteLocation = async (
  db: DataService,
  item: LocationItem,
  members: readonly { userId: number }[],
  actor: AuditActor,
) => {
  const removed = await writeAudited(
    db,
    {
      actor,
      record: { ...locationEntry(item), action: 'delete', before: auditView.location(item), after: null },
    },
    ({ location, locationCleanup, userLocation, locationStatus, companyTally }) => [
      // Only while it exists, so a late delete (its cleanup done) cannot move the company's tally again.
      location
        .delete({ locationId: item.locationId })
        .where((attributes, { exists }) => exists(attributes.locationId))
        .commit(),
      tallyMoved({ companyTally }, item.managementCompanyId, 'locations', -1),
      ...locationGoneStatus({ locationStatus }, item),
      locationCleanup
        .create({
          locationId: item.locationId,
          organizationId: item.organizationId,
          managementCompanyId: item.managementCompanyId,
        })
        .commit(),
      ...areaMembersChanged(db, [{ organizationId: item.organizationId, locationsOut: [item.locationId] }]),
      ...members
        .slice(0, CHANGE_MAX_ITEMS - 5)
        .map((m) => userLocation.delete({ userId: m.userId, locationId: item.locationId }).commit()),
    ],
  );
  return !removed.canceled;
};
