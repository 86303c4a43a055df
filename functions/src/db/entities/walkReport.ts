import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { ARRIVAL_METHODS } from '@sitewalk/shared/arrival';
import { service } from './service-name.ts';

/**
 * A walk as walked: the report item and, in the same partition (collection `report`), each completed marker
 * reached and each note. Recording writes carry a client-chosen id; the completed marker and note items are
 * keyed by it, so a retried write finds its item instead of making a second one. Access patterns:
 * - a report with everything recorded on it: primary, collection `report` (one Query)
 * - a location's reports, newest first: gsi1 (pk = location, sk = start time)
 * The report item also carries what its table row shows (walk name, expected markers and completed markers, first
 * and last arrival), kept up to date by each completed marker write, so a list of reports needs no read per report.
 */
export const walkReportEntity = new Entity({
  model: { entity: 'walkReport', version: '1', service },
  attributes: {
    walkReportId: { type: 'number', required: true },
    walkId: { type: 'number', required: true },
    locationId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    managementCompanyId: { type: 'number', required: true },
    userId: { type: 'number', required: true },
    clientId: { type: 'string', required: true },
    startedAt: { type: 'string', required: true },
    finishedAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    /** The walk's name and marker count when the walk started: what this report was measured against. */
    walkName: { type: 'string', required: true },
    markerCount: { type: 'number', required: true },
    /**
     * The unit each door check asks for (issue 27): one per door marker whose range names a unit, drawn by the API
     * when the report started and never changed. Absent on reports started before the API drew units.
     */
    doorUnits: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          markerId: { type: 'number', required: true },
          unit: { type: 'string', required: true },
        },
      },
    },
    /** Markers reached; a set, so a repeated arrival at one marker counts once. */
    visitedMarkerIds: { type: 'set', items: 'number' },
    firstArrivalAt: { type: 'string' },
    lastArrivalAt: { type: 'string' },
    /**
     * Items recorded on the report, each counted in the transaction that writes it, under a condition that
     * keeps it within its cap (shared/src/constants.ts). Absent on reports older than the caps: counted from 0.
     * The completed markers' count is stored as `checkpointCount` (its name before the glossary).
     */
    completedMarkerCount: { type: 'number', field: 'checkpointCount' },
    noteCount: { type: 'number' },
    photoCount: { type: 'number' },
    /**
     * Its flags (shared/src/flags.ts), one entry each, `<kind>:c<completedMarkerId>` for a completed marker's and
     * `<kind>:p<photo ref>` for a photo's (`functions/src/domain/flags.ts`): a set, so adding or removing a flag
     * again changes nothing; its size is the report's flag count. Absent on reports without flags.
     */
    flags: { type: 'set', items: 'string' },
    /**
     * The client ids of writes the walker discarded on the phone (issue 28): a set, so a repeated notice counts
     * once; its size is the report's discarded count. Absent when none was.
     */
    discardedWriteIds: { type: 'set', items: 'string' },
  },
  indexes: {
    primary: {
      collection: 'report',
      pk: { field: 'pk', composite: ['walkReportId'] },
      sk: { field: 'sk', composite: [] },
    },
    byLocation: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['locationId'] },
      sk: { field: 'gsi1sk', composite: ['startedAt', 'walkReportId'] },
    },
  },
});
export type WalkReportItem = EntityItem<typeof walkReportEntity>;

/** Running totals of a location, updated in the same transaction as what they count. */
export const locationTallyEntity = new Entity({
  model: { entity: 'locationTally', version: '1', service },
  attributes: {
    locationId: { type: 'number', required: true },
    walkReportCount: { type: 'number', default: 0 },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['locationId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

/**
 * What a location's dashboard counts, one item per UTC month (`YYYY-MM`), written in the same transaction as
 * what it records (`functions/src/db/tallies.ts`): the dashboard reads these small items, batched, instead of
 * the week's reports and the range's incidents. Entries keep their times, so a window of any two instants is
 * counted exactly, not to the day.
 * - `reportStarts`: each report started that month, as milliseconds since the month's start (a set, so
 *   writing one again changes nothing; two reports of one location started in the same millisecond count once).
 * - `open1` … `resolved3`: the incidents created that month, one set per status and priority (typeId), each
 *   entry `createdAt#incidentId`; a resolve, reopen or priority change moves the entry between sets.
 */
export const locationMonthEntity = new Entity({
  model: { entity: 'locationMonth', version: '1', service },
  attributes: {
    locationId: { type: 'number', required: true },
    month: { type: 'string', required: true },
    reportStarts: { type: 'set', items: 'number' },
    open1: { type: 'set', items: 'string' },
    open2: { type: 'set', items: 'string' },
    open3: { type: 'set', items: 'string' },
    /** The flags on the month's reports, one entry each: `<ms of the report's start>#<walkReportId>#<flag>`. */
    flags: { type: 'set', items: 'string' },
    resolved1: { type: 'set', items: 'string' },
    resolved2: { type: 'set', items: 'string' },
    resolved3: { type: 'set', items: 'string' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['locationId'] },
      sk: { field: 'sk', composite: ['month'] },
    },
  },
});
export type LocationMonthItem = EntityItem<typeof locationMonthEntity>;

/** Which report a client's start request made, so a retried start answers the same report. */
export const walkReportStartEntity = new Entity({
  model: { entity: 'walkReportStart', version: '1', service },
  attributes: {
    clientId: { type: 'string', required: true },
    walkReportId: { type: 'number', required: true },
    userId: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['clientId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

export const completedMarkerEntity = new Entity({
  model: { entity: 'completedMarker', version: '1', service },
  attributes: {
    walkReportId: { type: 'number', required: true },
    clientId: { type: 'string', required: true },
    completedMarkerId: { type: 'number', required: true },
    markerId: { type: 'number', required: true },
    /** The device's clock. */
    arrivedAt: { type: 'string', required: true },
    /** The server's clock when the arrival was recorded. */
    receivedAt: { type: 'string', required: true },
    lat: { type: 'number', required: true },
    lng: { type: 'number', required: true },
    accuracy: { type: 'number', required: true },
    /** When the phone says it sent the write (its clock), against `receivedAt` for the clock flag. */
    sentAt: { type: 'string' },
    /**
     * By the phone's position or marked by hand (shared/src/arrival.ts); absent on items written before
     * issue 15, read as 'position'.
     */
    method: { type: ARRIVAL_METHODS },
    /**
     * Metres from the marker, measured by the API when the completed marker was recorded; absent on items written
     * before issue 15, measured on read from the walk's marker then.
     */
    distance: { type: 'number' },
    isDoor: { type: 'boolean', required: true },
    targetUnit: { type: 'string' },
    picturedUnit: { type: 'string' },
  },
  indexes: {
    primary: {
      collection: 'report',
      pk: { field: 'pk', composite: ['walkReportId'] },
      sk: { field: 'sk', composite: ['clientId'] },
    },
  },
});
export type CompletedMarkerItem = EntityItem<typeof completedMarkerEntity>;

export const walkNoteEntity = new Entity({
  model: { entity: 'walkNote', version: '1', service },
  attributes: {
    walkReportId: { type: 'number', required: true },
    clientId: { type: 'string', required: true },
    walkNoteId: { type: 'number', required: true },
    markerId: { type: 'number', required: true },
    note: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    primary: {
      collection: 'report',
      pk: { field: 'pk', composite: ['walkReportId'] },
      sk: { field: 'sk', composite: ['clientId'] },
    },
  },
});
export type WalkNoteItem = EntityItem<typeof walkNoteEntity>;

/**
 * A photo taken at a marker: its object key, recorded when the upload URL is handed out, and when and where the
 * phone says it was taken (absent on items written before issue 15, and when the phone had no fix); for a door
 * photo, the unit number read on it.
 */
export const markerImageEntity = new Entity({
  model: { entity: 'markerImage', version: '1', service },
  attributes: {
    walkReportId: { type: 'number', required: true },
    clientId: { type: 'string', required: true },
    markerId: { type: 'number', required: true },
    imageName: { type: 'string', required: true },
    key: { type: 'string', required: true },
    takenAt: { type: 'string' },
    lat: { type: 'number' },
    lng: { type: 'number' },
    accuracy: { type: 'number' },
    /** The photo of a door check: its unit number is read once it arrives (functions/src/walkPhoto/). */
    door: { type: 'boolean' },
    /**
     * What was read on it, when, and the ETag of the object the upload event announced (no `unit`: nothing
     * readable; no `etag`: read before issue 27). Absent: not read yet.
     */
    unitRead: {
      type: 'map',
      properties: {
        unit: { type: 'string' },
        confidence: { type: 'number' },
        readAt: { type: 'string', required: true },
        etag: { type: 'string' },
      },
    },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    /**
     * What the file itself says (issue 18, `functions/src/domain/photo-evidence.ts`), once it was read: the
     * camera's time (UTC) and position, its 64-bit difference hash (16 hex digits), and the facts behind its
     * flags: seconds from its completed marker's arrival, metres from its marker, the report it is a copy of.
     */
    evidenceAt: { type: 'string' },
    /** The ETag of the very object the evidence was read from: another ETag is examined again (issue 27). */
    evidenceEtag: { type: 'string' },
    cameraTakenAt: { type: 'string' },
    cameraLat: { type: 'number' },
    cameraLng: { type: 'number' },
    hash: { type: 'string' },
    cameraTimeOffset: { type: 'number' },
    cameraDistance: { type: 'number' },
    reusedFrom: { type: 'number' },
  },
  indexes: {
    primary: {
      collection: 'report',
      pk: { field: 'pk', composite: ['walkReportId'] },
      sk: { field: 'sk', composite: ['clientId'] },
    },
  },
});
export type MarkerImageItem = EntityItem<typeof markerImageEntity>;

/**
 * A walk photo's difference hash, indexed by one of its four 16-bit bands within its management company, so a
 * photo within `PHOTO_HASH_MAX_DISTANCE` bits of one already seen is found by key (four Queries), never a scan.
 * Access pattern: the photos of a company sharing a band, pk = company and band (`<band>:<4 hex>`).
 */
export const photoHashEntity = new Entity({
  model: { entity: 'photoHash', version: '1', service },
  attributes: {
    managementCompanyId: { type: 'number', required: true },
    band: { type: 'string', required: true },
    walkReportId: { type: 'number', required: true },
    clientId: { type: 'string', required: true },
    hash: { type: 'string', required: true },
    /** When the photo was recorded: of two reports with one picture, the later one is flagged. */
    recordedAt: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['managementCompanyId', 'band'] },
      sk: { field: 'sk', composite: ['walkReportId', 'clientId'] },
    },
  },
});
export type PhotoHashItem = EntityItem<typeof photoHashEntity>;
