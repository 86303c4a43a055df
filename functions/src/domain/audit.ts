import type * as z from 'zod';
import { decideActivity, type Actor } from '@sitewalk/shared/policy';
import type { auditQuery, AuditEntry } from '@sitewalk/shared/schemas/audit';
import { AUDIT_READ_BUDGET } from '@sitewalk/shared/constants';
import type { DataService } from '../db/service.ts';
import type { AuditEntryItem } from '../db/entities/audit.ts';
import type { AuditRecord } from '../db/audit.ts';
import { auditEntriesDescending } from '../db/audit.ts';
import { canonicalJson } from './audit-chain.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';

/**
 * What the audit log keeps of each kind of object: the fields people change, never a secret. A user's PIN
 * is only ever `hasPin` (whether one is set), and passwords and tokens live elsewhere (Cognito, hashed reset
 * tokens), so nothing here can carry them.
 */
type Fields = Record<string, unknown>;

const pick = (item: Fields | null | undefined, names: readonly string[]): Fields | null =>
  item
    ? Object.fromEntries(names.filter((name) => item[name] !== undefined).map((name) => [name, item[name]]))
    : null;

export const auditView = {
  managementCompany: (item: Fields | null) => pick(item, ['name', 'email', 'phone', 'website']),
  organization: (item: Fields | null) =>
    pick(item, ['name', 'address', 'city', 'state', 'zipcode', 'managementCompanyId']),
  location: (item: Fields | null) =>
    pick(item, [
      'name',
      'address',
      'city',
      'state',
      'zipcode',
      'latitude',
      'longitude',
      'zoomLevel',
      'organizationId',
    ]),
  user: (item: Fields | null) =>
    item
      ? {
          ...pick(item, [
            'firstName',
            'lastName',
            'email',
            'phone',
            'roleId',
            'managementCompanyId',
            'companyEmail',
            'defaultLocationId',
          ]),
          hasPin: item.pinCipher !== undefined && item.pinCipher !== '',
        }
      : null,
  /** A walk's markers can be hundreds of points: the log keeps their count and names in walking order. */
  walk: (item: Fields | null) => {
    if (!item) return null;
    const markers = Array.isArray(item.markers) ? (item.markers as { name?: unknown }[]) : [];
    return {
      ...pick(item, ['name', 'description', 'deletedAt']),
      markerCount: markers.length,
      markerNames: markers.map((marker) => String(marker.name ?? '')),
    };
  },
  incident: (item: Fields | null) => pick(item, ['status', 'resolvedAt']),
  task: (item: Fields | null) => pick(item, ['status', 'completedAt']),
} as const;

/**
 * The fields that differ between two views (both sides of each), or the whole view on the side that
 * exists for a create or a delete.
 */
export const changedFields = (
  before: Fields | null,
  after: Fields | null,
): Pick<AuditRecord, 'before' | 'after'> => {
  if (!before || !after) return { before, after };
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (name) => canonicalJson(before[name]) !== canonicalJson(after[name]),
  );
  return { before: pick(before, names) ?? {}, after: pick(after, names) ?? {} };
};

/** Whether a change changed anything the log keeps. */
export const changesSomething = (fields: Pick<AuditRecord, 'before' | 'after'>) =>
  !fields.before || !fields.after || Object.keys(fields.before).length + Object.keys(fields.after).length > 0;

const parseFields = (text: string) => JSON.parse(text) as Fields | null;

export const toAuditEntry = (item: AuditEntryItem): AuditEntry => ({
  managementCompanyId: item.managementCompanyId,
  seq: item.seq,
  at: item.at,
  actor: { id: item.actorId, name: item.actorName, roleId: item.actorRoleId },
  action: item.action as AuditEntry['action'],
  objectKind: item.objectKind as AuditEntry['objectKind'],
  objectId: item.objectId,
  objectName: item.objectName ?? null,
  locationId: item.locationId ?? null,
  organizationId: item.organizationId ?? null,
  before: parseFields(item.before),
  after: parseFields(item.after),
  hash: item.hash,
});

const notFound = 'Management company not found';
/** Entries read from the table per query while filtering. */
const READ_PAGE = 200;

/**
 * A page of a company's log, newest first, filtered. It reads at most AUDIT_READ_BUDGET entries: when those
 * run out before `limit` matches, it answers what it found and a cursor to read on from.
 */
export const listActivity = async (
  db: DataService,
  actor: Actor,
  managementCompanyId: number,
  query: z.output<typeof auditQuery>,
) => {
  const decision = decideActivity(actor, managementCompanyId);
  if (decision === 'not-found') throw new NotFoundError(notFound);
  if (decision === 'forbidden') throw new ForbiddenError();
  const matches = (item: AuditEntryItem) =>
    (!query.objectKind || item.objectKind === query.objectKind) &&
    (!query.actorId || item.actorId === query.actorId) &&
    (!query.locationId || item.locationId === query.locationId) &&
    (!query.to || item.at <= query.to);
  const found: AuditEntryItem[] = [];
  let below = query.cursor;
  let read = 0;
  for (;;) {
    const page = await auditEntriesDescending(db, managementCompanyId, below, READ_PAGE);
    read += page.length;
    for (const item of page) {
      // Times never go back along a log: past `from`, nothing older can match.
      if (query.from && item.at < query.from) return { entries: found.map(toAuditEntry), nextCursor: null };
      if (matches(item)) found.push(item);
      if (found.length === query.limit) {
        return { entries: found.map(toAuditEntry), nextCursor: item.seq > 1 ? String(item.seq) : null };
      }
    }
    const last = page.at(-1);
    if (page.length < READ_PAGE || !last || last.seq <= 1)
      return { entries: found.map(toAuditEntry), nextCursor: null };
    below = last.seq;
    if (read >= AUDIT_READ_BUDGET) return { entries: found.map(toAuditEntry), nextCursor: String(below) };
  }
};
