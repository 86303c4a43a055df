import type * as z from 'zod';
import { decideActivity, type Actor } from '@sitewalk/shared/policy';
import type { auditQuery, AuditEntry } from '@sitewalk/shared/schemas/audit';
import { AUDIT_READ_BUDGET } from '@sitewalk/shared/constants';
import type { DataService } from '../db/service.ts';
import type { AuditEntryItem } from '../db/entities/audit.ts';
import { auditEntriesDescending } from '../db/audit.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';

const parseFields = (text: string) => JSON.parse(text) as Record<string, unknown> | null;

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
