import { hashBands } from '@sitewalk/shared/flags';
import type { DataService } from './service.ts';
import type { PhotoHashItem } from './entities/walkReport.ts';
import { reportFlagTallies } from './tallies.ts';
import { reportFlaggedStatus } from './location-status.ts';
import { clock } from '../ports/clock.ts';
import { writeIf } from './conditional.ts';

/** Named access patterns of flags on walk reports (docs/data-model.md, "Flags"). */

/** The report fields a flag's tally entry is made of. */
export interface FlaggedReport {
  walkReportId: number;
  locationId: number;
  organizationId: number;
  managementCompanyId: number;
  startedAt: string;
  /** Its flags as read, before the change. */
  flags?: readonly string[] | undefined;
}

/**
 * Adds and removes flags of a report: on the report (its `flags` set) and in its month's tally, in one
 * transaction each way (DynamoDB cannot add to and delete from one set in one update). Both are idempotent, so a
 * retried or repeated change changes nothing; a report deleted meanwhile is left deleted.
 */
export const changeReportFlags = async (
  db: DataService,
  report: FlaggedReport,
  change: { add: readonly string[]; remove: readonly string[] },
) => {
  const key = { walkReportId: report.walkReportId };
  if (change.add.length > 0) {
    // A canceled transaction (the report is gone: a patch writes only an item that is there) changes nothing.
    await db.transaction
      .write(({ walkReport, locationMonth, locationStatus }) => [
        walkReport
          .patch(key)
          .add({ flags: [...change.add] })
          .commit(),
        ...reportFlagTallies({ locationMonth }, report, 'add', change.add),
        ...reportFlaggedStatus({ locationStatus }, report, true, clock.now()),
      ])
      .go();
  }
  if (change.remove.length > 0) {
    const removed = new Set(change.remove);
    const flaggedAfter = [...(report.flags ?? []), ...change.add].some((flag) => !removed.has(flag));
    await db.transaction
      .write(({ walkReport, locationMonth, locationStatus }) => [
        walkReport
          .patch(key)
          .delete({ flags: [...change.remove] })
          .commit(),
        ...reportFlagTallies({ locationMonth }, report, 'delete', change.remove),
        ...reportFlaggedStatus({ locationStatus }, report, flaggedAfter, clock.now()),
      ])
      .go();
  }
};

/** What a photo's file said, stored on its `markerImage` item. */
export interface StoredEvidence {
  evidenceAt: string;
  evidenceEtag: string;
  cameraTakenAt?: string;
  cameraLat?: number;
  cameraLng?: number;
  hash?: string;
  cameraTimeOffset?: number;
  cameraDistance?: number;
  reusedFrom?: number;
}

/**
 * Stores a photo's evidence on its item, once per object (its ETag): false when the evidence of that object is
 * stored already (a racing copy of its event) or the photo is gone.
 */
export const setPhotoEvidence = (
  db: DataService,
  key: { walkReportId: number; clientId: string },
  evidence: StoredEvidence,
) => {
  const absent = (
    [
      'cameraTakenAt',
      'cameraLat',
      'cameraLng',
      'hash',
      'cameraTimeOffset',
      'cameraDistance',
      'reusedFrom',
    ] as const
  ).filter((name) => evidence[name] === undefined);
  const patch = db.entities.markerImage.patch(key).set(evidence);
  return writeIf(
    (absent.length > 0 ? patch.remove(absent) : patch)
      // In parentheses: ElectroDB joins it to the patch's own condition (the item exists) with a bare AND.
      .where(
        ({ evidenceEtag }, op) =>
          `(${op.notExists(evidenceEtag)} OR ${op.ne(evidenceEtag, evidence.evidenceEtag)})`,
      )
      .go(),
  );
};

/** Photos of a company sharing a band with `hash` (each band's partition read up to `perBand` items). */
export const photosSharingBands = async (
  db: DataService,
  managementCompanyId: number,
  hash: string,
  perBand = 100,
): Promise<PhotoHashItem[]> => {
  const pages = await Promise.all(
    hashBands(hash).map(
      async (band) =>
        (
          await db.entities.photoHash.query
            .primary({ managementCompanyId, band })
            .go({ count: perBand, pages: 'all' })
        ).data,
    ),
  );
  return pages.flat();
};

/** Indexes a photo's hash by its bands (writing them again changes nothing). */
export const indexPhotoHash = async (
  db: DataService,
  photo: {
    managementCompanyId: number;
    walkReportId: number;
    clientId: string;
    hash: string;
    recordedAt: string;
  },
) => {
  await db.entities.photoHash.put(hashBands(photo.hash).map((band) => ({ ...photo, band }))).go();
};

/** Removes a photo's hash from the index (its report's deletion). */
export const unindexPhotoHash = async (
  db: DataService,
  photo: { managementCompanyId: number; walkReportId: number; clientId: string; hash: string },
) => {
  const { managementCompanyId, walkReportId, clientId } = photo;
  await db.entities.photoHash
    .delete(hashBands(photo.hash).map((band) => ({ managementCompanyId, band, walkReportId, clientId })))
    .go();
};
