import type { AuditRecord } from './audit.ts';
import { canonicalJson } from './audit-chain.ts';

/**
 * What an audit-log entry keeps of each kind of object (docs/data-model.md, 'The audit log'): the fields
 * people change, never a secret. A user's PIN is only ever `hasPin` (whether one is set), and passwords and
 * tokens live elsewhere (Cognito, hashed reset tokens), so nothing here can carry them.
 */
type Fields = Record<string, unknown>;

const pick = (item: Fields | null | undefined, names: readonly string[]): Fields | null =>
  item
    ? Object.fromEntries(names.filter((name) => item[name] !== undefined).map((name) => [name, item[name]]))
    : null;

export const auditView = {
  managementCompany: (item: Fields | null) =>
    pick(item, ['name', 'email', 'phone', 'website', 'mfaRequiredRoles']),
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

/**
 * A new logo or profile image: the log keeps no object key (a random file name says nothing), only whether
 * there was one before and that a new one was set.
 */
export const imageChange = (
  name: 'logo' | 'profileImage',
  previousKey: string | undefined,
): Pick<AuditRecord, 'before' | 'after'> => ({
  before: { [name]: previousKey === undefined ? 'none' : 'set' },
  after: { [name]: 'replaced' },
});

/** Whether a change changed anything the log keeps. */
export const changesSomething = (fields: Pick<AuditRecord, 'before' | 'after'>) =>
  !fields.before || !fields.after || Object.keys(fields.before).length + Object.keys(fields.after).length > 0;
