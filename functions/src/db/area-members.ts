import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DataService } from './service.ts';
import { readRawPartition } from './bounded.ts';
import { writeIf } from './conditional.ts';

/**
 * An area's totals kept on its item (docs/data-model.md, "The Super User's lists"): the ids of its locations, of
 * its own members and of each location's members, as DynamoDB number sets beside the area's ElectroDB fields.
 * Every write that moves one changes them in its own transaction, by ADD and DELETE of set members (writing a
 * member twice changes nothing, so no write needs to know what the sets held). An areas page reads its totals
 * with its rows: its locations are `locationIds`, its employees the users in `areaMembers` or in the sets of its
 * locations. A deleted location leaves `locationIds`, so its members' set, if any is left, counts for nothing.
 */

/** Present once the sets are whole: on every area made since, and on older ones once the backfill counted them. */
const KEPT = 'membersKept';
const LOCATION_IDS = 'locationIds';
const AREA_MEMBERS = 'areaMembers';
/** Moved by every change of the sets: the backfill writes them only over the version it counted. */
const VERSION = 'membersVersion';
const LOCATION_MEMBERS = 'locationMembers_';
const locationMembers = (locationId: number) => `${LOCATION_MEMBERS}${locationId}`;

/** What one write changes in one area's sets; each set is only added to or only taken from. */
export interface AreaMembersChange {
  organizationId: number;
  /** Locations made in the area, or moved into it with their members (a set of none clears it). */
  locationsIn?: readonly { locationId: number; memberIds?: readonly number[] }[];
  /** Locations deleted or moved out: out of `locationIds`, with their members' set. */
  locationsOut?: readonly number[];
  /** Users joining or leaving one location of the area. */
  joined?: readonly { locationId: number; userIds: readonly number[] }[];
  left?: readonly { locationId: number; userIds: readonly number[] }[];
  /** Users joining or leaving the area itself. */
  joinedArea?: readonly number[];
  leftArea?: readonly number[];
}

/**
 * The raw UpdateItem of one area's changes, conditioned on the area existing (so no write makes a half item).
 * The members added to (or taken from) one set are gathered first: DynamoDB takes one action a set per update.
 */
const updateOf = (db: DataService, organizationId: number, changes: readonly AreaMembersChange[]) => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const name = (attribute: string) => {
    const placeholder = `#a${Object.keys(names).length}`;
    names[placeholder] = attribute;
    return placeholder;
  };
  const value = (v: unknown) => {
    const placeholder = `:v${Object.keys(values).length}`;
    values[placeholder] = v;
    return placeholder;
  };
  const added = new Map<string, Set<number>>();
  const taken = new Map<string, Set<number>>();
  const gather = (into: Map<string, Set<number>>, attribute: string, ids: readonly number[]) => {
    for (const id of ids) into.set(attribute, (into.get(attribute) ?? new Set()).add(id));
  };
  const set: string[] = [];
  const remove: string[] = [];
  const all = <K extends Exclude<keyof AreaMembersChange, 'organizationId'>>(key: K) =>
    changes.flatMap((c): NonNullable<AreaMembersChange[K]>[number][] => [...(c[key] ?? [])]);
  for (const { locationId, memberIds } of all('locationsIn')) {
    gather(added, LOCATION_IDS, [locationId]);
    if (memberIds === undefined) continue;
    if (memberIds.length) set.push(`${name(locationMembers(locationId))} = ${value(new Set(memberIds))}`);
    else remove.push(name(locationMembers(locationId)));
  }
  for (const locationId of all('locationsOut')) {
    gather(taken, LOCATION_IDS, [locationId]);
    remove.push(name(locationMembers(locationId)));
  }
  for (const { locationId, userIds } of all('joined')) gather(added, locationMembers(locationId), userIds);
  for (const { locationId, userIds } of all('left')) gather(taken, locationMembers(locationId), userIds);
  gather(added, AREA_MEMBERS, all('joinedArea'));
  gather(taken, AREA_MEMBERS, all('leftArea'));
  const actions = (of: Map<string, Set<number>>) =>
    [...of].map(([attribute, ids]) => `${name(attribute)} ${value(ids)}`);
  const add = [...actions(added), `${name(VERSION)} ${value(1)}`];
  const del = actions(taken);
  const { Key, TableName } = db.entities.organization.get({ organizationId }).params();
  const pk = name('pk');
  return {
    TableName,
    Key,
    UpdateExpression: [
      set.length ? `SET ${set.join(', ')}` : '',
      remove.length ? `REMOVE ${remove.join(', ')}` : '',
      `ADD ${add.join(', ')}`,
      del.length ? `DELETE ${del.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' '),
    ConditionExpression: `attribute_exists(${pk})`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
};

/** The transaction items of these changes, one an area (a transaction may write an item only once). */
export const areaMembersChanged = (db: DataService, changes: readonly AreaMembersChange[]) => {
  const byArea = new Map<number, AreaMembersChange[]>();
  for (const change of changes) {
    byArea.set(change.organizationId, [...(byArea.get(change.organizationId) ?? []), change]);
  }
  // ElectroDB's transaction sends the items it is given: a raw Update is one of DynamoDB's TransactItems.
  return [...byArea].map(([organizationId, ofArea]) => ({ Update: updateOf(db, organizationId, ofArea) }));
};

/** How many areas' items these changes write (each takes one item of the transaction). */
export const areasTouched = (changes: readonly AreaMembersChange[]) =>
  new Set(changes.map((c) => c.organizationId)).size;

/** What memberships take of a transaction that writes them all: each one, and each area they are in once. */
export const itemsOfMemberships = (
  locations: readonly { organizationId: number }[],
  organizationIds: readonly number[],
) =>
  locations.length +
  organizationIds.length +
  new Set([...locations.map((l) => l.organizationId), ...organizationIds]).size;

/** Memberships grouped by their area, as joins and leaves of its locations and of itself. */
export const membershipsByArea = (
  direction: 'joined' | 'left',
  userId: number,
  locations: readonly { locationId: number; organizationId: number }[],
  organizationIds: readonly number[],
): AreaMembersChange[] => [
  ...locations.map(({ locationId, organizationId }) => ({
    organizationId,
    [direction]: [{ locationId, userIds: [userId] }],
  })),
  ...organizationIds.map((organizationId) => ({
    organizationId,
    [direction === 'joined' ? 'joinedArea' : 'leftArea']: [userId],
  })),
];

/** A new area's put (ElectroDB's transaction item), written with its sets whole: all empty. */
export const withAreaMembersKept = <P>(committed: P): P => {
  const { Put: put } = committed as { Put: { Item: object } };
  return { ...committed, Put: { ...put, Item: { ...put.Item, [KEPT]: true, [VERSION]: 0 } } };
};

/** What an area's sets hold. */
interface AreaMembers {
  locationIds: Iterable<number>;
  areaMembers: Iterable<number>;
  membersOf: (locationId: number) => Iterable<number>;
}

/** An area's totals: its locations, and the users of it or of one of its locations, once. */
const totalsOf = ({ locationIds, areaMembers, membersOf }: AreaMembers) => {
  const locations = [...locationIds];
  const employees = new Set(areaMembers);
  for (const locationId of locations) for (const userId of membersOf(locationId)) employees.add(userId);
  return { totalLocations: locations.length, totalEmployees: employees.size };
};

/** An area's totals from its item as read with its raw attributes; null while they are not kept. */
export const keptTotals = (item: object): { totalLocations: number; totalEmployees: number } | null => {
  const area = item as Readonly<Record<string, Iterable<number> | undefined>>;
  if ((area[KEPT] as unknown) !== true) return null;
  return totalsOf({
    locationIds: area[LOCATION_IDS] ?? [],
    areaMembers: area[AREA_MEMBERS] ?? [],
    membersOf: (locationId) => area[locationMembers(locationId)] ?? [],
  });
};

/**
 * What an area's sets hold, counted from its gsi2 partition: its locations (`location.byOrganization`), its
 * locations' memberships (`userLocation.byOrganization`) and its own (`userOrganization.inArea`), under their
 * entities' sort-key prefixes (`$location_1`, `$userlocation_1`, `$userorganization_1`, in that order), so
 * reading from the first prefix on reads the three.
 */
export const countAreaMembers = async (db: DataService, organizationId: number) => {
  const items = await readRawPartition((cursor) =>
    db.entities.location.query
      .byOrganization({ organizationId })
      .gte({} as never)
      .go({ data: 'raw', cursor } as never),
  );
  const locationIds = new Set<number>();
  const areaMembers = new Set<number>();
  const byLocation = new Map<number, Set<number>>();
  for (const item of items) {
    if (item.__edb_e__ === 'location') locationIds.add(item.locationId as number);
    else if (item.__edb_e__ === 'userOrganization') areaMembers.add(item.userId as number);
    else if (item.__edb_e__ === 'userLocation') {
      const locationId = item.locationId as number;
      byLocation.set(locationId, (byLocation.get(locationId) ?? new Set()).add(item.userId as number));
    }
  }
  return { locationIds, areaMembers, byLocation };
};

/** An area's totals counted from its partition, for an area whose sets are not kept yet. */
export const countedTotals = async (db: DataService, organizationId: number) => {
  const { locationIds, areaMembers, byLocation } = await countAreaMembers(db, organizationId);
  return totalsOf({ locationIds, areaMembers, membersOf: (locationId) => byLocation.get(locationId) ?? [] });
};

/**
 * Counts an older area's sets and writes them whole, over the version it read before counting (every change
 * of the sets moves it, so a join or a leave meanwhile makes it count again). Answers whether it wrote them
 * (not when the area is gone or they are kept already).
 */
export const keepAreaMembers = async (db: DataService, organizationId: number): Promise<boolean> => {
  const { Key, TableName } = db.entities.organization.get({ organizationId }).params();
  for (;;) {
    const { Item: area } = await db.documentClient.send(
      new GetCommand({ TableName, Key, ConsistentRead: true }),
    );
    if (!area || area[KEPT] === true) return false;
    const version = area[VERSION] as number | undefined;
    const counted = await countAreaMembers(db, organizationId);
    const names: Record<string, string> = { '#pk': 'pk', '#kept': KEPT, '#version': VERSION };
    const values: Record<string, unknown> = { ':kept': true };
    const set = ['#kept = :kept'];
    const remove: string[] = [];
    let n = 0;
    const put = (attribute: string, ids: Set<number>) => {
      const at = n++;
      names[`#s${at}`] = attribute;
      if (ids.size) {
        values[`:s${at}`] = ids;
        set.push(`#s${at} = :s${at}`);
      } else remove.push(`#s${at}`);
    };
    put(LOCATION_IDS, counted.locationIds);
    put(AREA_MEMBERS, counted.areaMembers);
    for (const [locationId, members] of counted.byLocation) put(locationMembers(locationId), members);
    for (const attribute of Object.keys(area)) {
      const locationId = Number(attribute.slice(LOCATION_MEMBERS.length));
      if (attribute.startsWith(LOCATION_MEMBERS) && !counted.byLocation.has(locationId)) {
        put(attribute, new Set());
      }
    }
    if (version !== undefined) values[':version'] = version;
    const written = await writeIf(
      db.documentClient.send(
        new UpdateCommand({
          TableName,
          Key,
          UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
          ConditionExpression: `attribute_exists(#pk) AND ${
            version === undefined ? 'attribute_not_exists(#version)' : '#version = :version'
          }`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      ),
    );
    if (written) return true;
  }
};
