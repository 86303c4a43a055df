import { type EntityItem } from 'electrodb';
import { Entity } from './entity.ts';
import { service } from './service-name.ts';

/**
 * A location's status item (docs/data-model.md, "The portfolio"): just what the owner's dashboard needs to
 * count and sort every location of a company without reading anything per location, kept up to date in the
 * same transactions as what it records (`functions/src/db/location-status.ts`). Stored field names are short:
 * a Query's read units are per 4 KB of items, and it reads every location of a company.
 * Access patterns:
 * - a company's locations, or one area's (begins_with on the sort key): primary (pk = company, sk = area,
 *   location). The item of area 0, location 0 marks a company whose every location has its item.
 * - one location's: primary, by its full key.
 */
export const locationStatusEntity = new Entity({
  // A short entity name: ElectroDB writes it into every item (`__edb_e__`), and a Query reads 500 of them.
  model: { entity: 'ls', version: '1', service },
  attributes: {
    managementCompanyId: { type: 'number', required: true, field: 'c' },
    organizationId: { type: 'number', required: true, field: 'a' },
    locationId: { type: 'number', required: true, field: 'l' },
    /** What a card shows and a search matches (name, address, city, state, ZIP code). */
    name: { type: 'string', field: 'n' },
    address: { type: 'string', field: 'ad' },
    city: { type: 'string', field: 'ci' },
    state: { type: 'string', field: 'st' },
    zipcode: { type: 'string', field: 'z' },
    /**
     * The schedule's time zone and its windows, JSON of [id, label, days, start, end, graceMinutes, walkIds];
     * absent when they are the default windows (most locations'), as a location without a schedule has them.
     */
    timeZone: { type: 'string', field: 'tz' },
    windows: { type: 'string', field: 'w' },
    /**
     * Reports started lately: `<walkReportId>.<walkId>.<started>` (pruned after a day and a bit). Instants in
     * entries are whole seconds since the epoch in base 36 (location-status.ts, `encodeInstant`).
     */
    reportStarts: { type: 'set', items: 'string', field: 'r' },
    /** The same reports finished: `<walkReportId>.<finished>.<markers reached>/<markers>`. */
    reportEnds: { type: 'set', items: 'string', field: 'e' },
    /** Reports with a flag, started in the last 8 days: `<started>.<walkReportId>`. */
    flagged: { type: 'set', items: 'string', field: 'f' },
    /** Unresolved incidents of any age, their ids, one set per priority (a priority change moves one). */
    open1: { type: 'set', items: 'number', field: 'o1' },
    open2: { type: 'set', items: 'number', field: 'o2' },
    open3: { type: 'set', items: 'number', field: 'o3' },
    /**
     * The last lock check finished (issue 31): `<lockCheckId>.<finished>.<discrepancies>`, and its discrepancies
     * closed since (resolved or followed by a task), `<lockCheckId>.<unit>.<kind>` each: the open ones are the
     * difference, kept by set additions that never conflict. A later check's finish replaces both.
     */
    lastLockCheck: { type: 'string', field: 'lk' },
    lockClosed: { type: 'set', items: 'string', field: 'lr' },
    /** Set once the item holds all of the above (built from the location's data, or written whole). */
    built: { type: 'boolean', field: 'b' },
  },
  indexes: {
    primary: {
      // Short keys of their own (`ls<company>`, `ls#<area>#<location>`): every location's is read.
      pk: { field: 'pk', composite: ['managementCompanyId'], template: 'ls${managementCompanyId}' },
      sk: {
        field: 'sk',
        composite: ['organizationId', 'locationId'],
        template: 'ls#${organizationId}#${locationId}',
      },
    },
  },
});
export type LocationStatusItem = EntityItem<typeof locationStatusEntity>;
