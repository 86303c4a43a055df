import type { ImportedUnit } from '@sitewalk/shared/roster';
import type { RosterVersionItem } from '../db/entities/roster.ts';

/** A roster version's header as the versions list answers it. */
export const toRosterVersionSummary = (item: RosterVersionItem) => ({
  version: item.version,
  importedAt: item.importedAt,
  importedBy: { firstName: item.importedByFirstName, lastName: item.importedByLastName },
  unitCount: item.unitCount,
  fileName: item.fileName ?? null,
});

/** A roster version with its units (already in walk order). */
export const toRosterVersion = ({ header, units }: { header: RosterVersionItem; units: ImportedUnit[] }) => ({
  locationId: header.locationId,
  ...toRosterVersionSummary(header),
  units,
});
