import type { ImportedUnit, RosterChanges } from '@sitewalk/shared/roster';
import { UNIT_STATUSES, type UnitStatus } from '@sitewalk/shared/lock-check';
import type { DataService } from './service.ts';
import type { RosterChunkItem, RosterMappingItem, RosterVersionItem } from './entities/roster.ts';
import { deleteByKeys, pageOfQuery, readPartition } from './bounded.ts';
import { writeAudited, type AuditActor, type AuditRecord } from './audit.ts';

/** Named access patterns of unit rosters (docs/data-model.md, 'Unit rosters'). */

/** Units per chunk item: 500 units of at most ~90 bytes of JSON each stay far below DynamoDB's 400 KB an item. */
export const ROSTER_CHUNK_UNITS = 500;

/**
 * A unit as a chunk stores it: `[number, status index, delinquent, overlocked, size]`, flags as 0/1 and a
 * missing size as 0 — about a third of the JSON of the named fields.
 */
type StoredUnit = [string, number, 0 | 1, 0 | 1, string | 0];

const packUnit = (unit: ImportedUnit): StoredUnit => [
  unit.number,
  UNIT_STATUSES.indexOf(unit.status),
  unit.delinquent ? 1 : 0,
  unit.overlocked ? 1 : 0,
  unit.size ?? 0,
];

const unpackUnit = ([number, status, delinquent, overlocked, size]: StoredUnit): ImportedUnit => ({
  number,
  status: UNIT_STATUSES[status] as UnitStatus,
  delinquent: delinquent === 1,
  overlocked: overlocked === 1,
  size: size === 0 ? null : size,
});

/** The units of a version cut into chunk items, in their order. */
export const rosterChunks = (
  header: Pick<RosterVersionItem, 'locationId' | 'version' | 'importId'>,
  units: readonly ImportedUnit[],
): RosterChunkItem[] =>
  Array.from({ length: Math.ceil(units.length / ROSTER_CHUNK_UNITS) }, (_, chunk) => ({
    locationId: header.locationId,
    version: header.version,
    importId: header.importId,
    chunk,
    units: JSON.stringify(
      units.slice(chunk * ROSTER_CHUNK_UNITS, (chunk + 1) * ROSTER_CHUNK_UNITS).map(packUnit),
    ),
  }));

/** A location's newest roster header (its current roster), or null when it has none. */
export const currentRosterVersion = async (db: DataService, locationId: number) =>
  (await db.entities.rosterVersion.query.primary({ locationId }).go({ order: 'desc', count: 1 })).data[0] ??
  null;

export const getRosterVersion = async (db: DataService, locationId: number, version: number) =>
  (await db.entities.rosterVersion.get({ locationId, version }).go()).data;

/** A page of a location's versions, newest first, and how many there are. */
export const rosterVersionsPage = (
  db: DataService,
  locationId: number,
  { offset, limit }: { offset: number; limit: number },
) =>
  pageOfQuery<RosterVersionItem>(
    (options) =>
      db.entities.rosterVersion.query.primary({ locationId }).go({ ...options, order: 'desc' } as never),
    { offset, limit, filtered: false },
  );

/** A version's units, in walk order: its import's chunks, in one Query (two past 1 MB). */
export const rosterUnits = async (
  db: DataService,
  header: Pick<RosterVersionItem, 'locationId' | 'version' | 'importId'>,
): Promise<ImportedUnit[]> => {
  const chunks = await readPartition((cursor) =>
    db.entities.rosterChunk.query
      .primary({ locationId: header.locationId, version: header.version })
      .begins({ importId: header.importId })
      .go({ cursor }),
  );
  return chunks
    .sort((a, b) => a.chunk - b.chunk)
    .flatMap((item) => (JSON.parse(item.units) as StoredUnit[]).map(unpackUnit));
};

/** Writes chunk items with batch writes; those DynamoDB leaves unprocessed are written again, a few times. */
export const putRosterChunks = async (db: DataService, chunks: readonly RosterChunkItem[], attempts = 5) => {
  let left = [...chunks];
  for (let attempt = 1; left.length > 0; attempt++) {
    if (attempt > attempts) throw new Error(`${left.length} roster chunks were not written`);
    const { unprocessed } = await db.entities.rosterChunk.put(left).go();
    const again = new Set(unprocessed.map((key) => key.chunk));
    left = left.filter((item) => again.has(item.chunk));
  }
};

/** Removes the chunks of an import whose header was never written (it lost the race for its version). */
export const deleteRosterChunks = (db: DataService, chunks: readonly RosterChunkItem[]) =>
  deleteByKeys(
    chunks.map(({ locationId, version, importId, chunk }) => ({ locationId, version, importId, chunk })),
    (keys) => db.entities.rosterChunk.delete(keys).go(),
  );

/**
 * Writes a version's header where that version does not exist yet, with its audit entry (what changed): false
 * when another import took it.
 */
export const createRosterVersion = async (
  db: DataService,
  header: RosterVersionItem,
  audit: { actor: AuditActor; organizationId: number; locationName: string; changes: RosterChanges },
) => {
  const { changes } = audit;
  const record: AuditRecord = {
    managementCompanyId: header.managementCompanyId,
    action: 'importRoster',
    objectKind: 'location',
    objectId: header.locationId,
    objectName: audit.locationName,
    locationId: header.locationId,
    organizationId: audit.organizationId,
    before: { unitCount: changes.countBefore },
    after: {
      rosterVersion: header.version,
      unitCount: changes.countAfter,
      added: changes.added.length,
      removed: changes.removed.length,
      statusChanged: changes.statusChanged.length,
    },
  };
  const outcome = await writeAudited(db, { actor: audit.actor, record }, ({ rosterVersion }) => [
    rosterVersion.create(header).commit(),
  ]);
  return !outcome.canceled;
};

export const getRosterMapping = async (db: DataService, managementCompanyId: number) =>
  (await db.entities.rosterMapping.get({ managementCompanyId }).go()).data;

export const putRosterMapping = async (db: DataService, item: RosterMappingItem) =>
  (await db.entities.rosterMapping.put(item).go()).data;

/**
 * A deleted location's cleanup step for rosters: its newest `limit` versions, each with every chunk of its
 * version number (a losing or dead import's too), and the chunks of the number after the newest (an import that
 * died before its header). Chunks go before their header, so a step cut short is simply run again.
 */
export const deleteRostersOfLocation = async (db: DataService, locationId: number, limit: number) => {
  const headers = (
    await db.entities.rosterVersion.query.primary({ locationId }).go({ order: 'desc', count: limit })
  ).data;
  const newest = headers[0];
  if (!newest) return 0;
  for (const version of [newest.version + 1, ...headers.map((header) => header.version)]) {
    const chunks = await readPartition((cursor) =>
      db.entities.rosterChunk.query.primary({ locationId, version }).go({ cursor }),
    );
    await deleteRosterChunks(db, chunks);
  }
  await deleteByKeys(
    headers.map(({ version }) => ({ locationId, version })),
    (keys) => db.entities.rosterVersion.delete(keys).go(),
  );
  return headers.length;
};
