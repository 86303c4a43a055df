import * as z from 'zod';
import { id, idParamOf, instant, isoDateTime, wholeNumberParam } from './common.ts';
import { AUDIT_PAGE_LIMIT_MAX } from '../constants.ts';

/** What the audit log records changes of (issue 18): the objects of administration and their memberships. */
export const auditObjectKinds = [
  'managementCompany',
  'organization',
  'location',
  'user',
  'membership',
  'walk',
  'incident',
  'task',
  /** Issue 31: a lock check (finished, a discrepancy resolved). */
  'lockCheck',
] as const;
export const auditObjectKind = z.enum(auditObjectKinds);
export type AuditObjectKind = z.infer<typeof auditObjectKind>;

export const auditObjectKindNames: Record<AuditObjectKind, string> = {
  managementCompany: 'Management company',
  organization: 'Area',
  location: 'Location',
  user: 'User',
  membership: 'Membership',
  walk: 'Walk',
  incident: 'Incident',
  task: 'Task',
  lockCheck: 'Lock check',
};

export const auditActions = [
  'create',
  'update',
  'delete',
  'move',
  'addMember',
  'removeMember',
  'resolve',
  'reopen',
  'changeStatus',
  /** A read, not a change: someone was shown a user's PIN (the entry never holds the PIN). */
  'revealPin',
  /** A location's unit roster imported as a new version (issue 31). */
  'importRoster',
  /** A lock check finished, its discrepancies then fixed (issue 31). */
  'finish',
] as const;
export const auditAction = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditAction>;

export const auditActionNames: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  move: 'Moved to another area',
  addMember: 'Added to',
  removeMember: 'Removed from',
  resolve: 'Resolved',
  reopen: 'Reopened',
  changeStatus: 'Changed status',
  revealPin: 'Revealed the PIN',
  importRoster: 'Imported a unit roster',
  finish: 'Finished',
};

/** Changed fields only, never a secret (PIN, password, token): field name to value. */
export const auditFields = z.record(z.string(), z.unknown());

/** One entry of a company's audit log (the system log, of changes that concern no company, is company 0). */
export const auditEntry = z.object({
  managementCompanyId: z.number().int().nonnegative(),
  seq: id,
  at: isoDateTime,
  /** Id 0: SiteWalk itself (the command line, the demo generator). */
  actor: z.object({ id: z.number().int().nonnegative(), name: z.string(), roleId: z.number().int() }),
  action: auditAction,
  objectKind: auditObjectKind,
  objectId: id,
  objectName: z.string().nullable(),
  locationId: id.nullable(),
  organizationId: id.nullable(),
  before: auditFields.nullable(),
  after: auditFields.nullable(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const seqCursor = 'cursor must be the nextCursor of an earlier page';

/** Filters of a company's log; `cursor` is an earlier answer's `nextCursor` (older entries than it). */
export const auditQuery = z
  .object({
    objectKind: auditObjectKind.optional(),
    actorId: idParamOf('actorId must be a user id').optional(),
    locationId: idParamOf('locationId must be a location id').optional(),
    from: instant.optional(),
    to: instant.optional(),
    cursor: idParamOf(seqCursor).optional(),
    limit: wholeNumberParam(`limit must be a whole number from 1 to ${AUDIT_PAGE_LIMIT_MAX}`)
      .pipe(
        z
          .number()
          .min(1, `limit must be a whole number from 1 to ${AUDIT_PAGE_LIMIT_MAX}`)
          .max(AUDIT_PAGE_LIMIT_MAX, `limit must be a whole number from 1 to ${AUDIT_PAGE_LIMIT_MAX}`),
      )
      .default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });

/** Newest first. `nextCursor` null: nothing older matches. */
export const auditPage = z.object({ entries: z.array(auditEntry), nextCursor: z.string().nullable() });

/** A company's id, or 0: the system log (changes that concern no company; Super Users and Admins). */
export const auditLogParams = z.object({
  id: wholeNumberParam('id must be a management company id, or 0 for the system log').pipe(
    z.number().nonnegative('id must be a management company id, or 0 for the system log'),
  ),
});
