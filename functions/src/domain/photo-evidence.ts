import { isSamePicture, photoVerdict, type PhotoEvidence, type PhotoFlagKind } from '@sitewalk/shared/flags';
import type { DataService } from '../db/service.ts';
import type { CompletedMarkerItem, MarkerImageItem } from '../db/entities/walkReport.ts';
import { readReport } from '../db/walk-reports.ts';
import { getWalk } from '../db/walks.ts';
import { getLocation } from '../db/locations.ts';
import { clock } from '../ports/clock.ts';
import {
  indexPhotoHash,
  photosSharingBands,
  setPhotoEvidence,
  unindexPhotoHash,
  type StoredEvidence,
} from '../db/flags.ts';
import { reconcilePhotoFlags } from './flags.ts';
import { evidenceOf } from './photo-files.ts';
import { timeZoneAt } from '@sitewalk/shared/time-zones';

/**
 * A walk photo's evidence (issue 18): when its file has landed in storage, what the file says is stored on the
 * photo and decides its flags. Called by the worker that handles upload events (`walkPhoto`), with the object's
 * key and bytes; it answers null for a key that names no photo of a report (anything else in the bucket, or a
 * photo whose report was deleted meanwhile). Running it again for the same photo changes nothing.
 */

/** `tenants/{managementCompanyId}/walk-photo/{walkReportId}/{file}` (functions/src/ports/storage.ts). */
const WALK_PHOTO_KEY = /^tenants\/(\d+)\/walk-photo\/(\d+)\/[^/]+$/;

export const walkReportIdOfPhotoKey = (key: string): number | null => {
  const match = WALK_PHOTO_KEY.exec(key);
  const id = Number(match?.[2]);
  return match && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The completed marker at the photo's marker nearest in time to the photo (camera's time, else the phone's). */
const completedMarkerOf = (
  storedPhoto: MarkerImageItem,
  completed: readonly CompletedMarkerItem[],
  cameraTakenAt: string | null,
) => {
  const at = Date.parse(cameraTakenAt ?? storedPhoto.takenAt ?? storedPhoto.createdAt);
  const gap = (c: CompletedMarkerItem) => Math.abs(Date.parse(c.arrivedAt) - at);
  return (
    completed
      .filter((c) => c.markerId === storedPhoto.markerId)
      .sort((a, b) => gap(a) - gap(b) || a.arrivedAt.localeCompare(b.arrivedAt))[0] ?? null
  );
};

export interface RecordedEvidence {
  walkReportId: number;
  clientId: string;
  evidence: PhotoEvidence;
  flags: PhotoFlagKind[];
}

/**
 * Reads a landed walk photo's evidence and stores it: camera time and position against its completed marker and
 * marker, and its difference hash against the photos of earlier reports of the same management company (found
 * by key through the hash's bands, `photosSharingBands`); then the photo's flags on its report and the month
 * tally. `photo.key` is the object's key, `bytes` its content and `photo.etag` the ETag of the object those bytes
 * were read from: the evidence is stored once per ETag, and an object with another ETag replaces it (issue 27).
 * `now` is when it was examined (the product's time).
 */
export const recordPhotoEvidence = async (
  deps: { db: DataService },
  photo: { key: string; etag: string },
  bytes: Uint8Array,
  now: Date = clock.now(),
): Promise<RecordedEvidence | null> => {
  const { db } = deps;
  const walkReportId = walkReportIdOfPhotoKey(photo.key);
  if (walkReportId === null) return null;
  const stored = await readReport(db, walkReportId);
  const storedPhoto = stored?.images.find((i) => i.key === photo.key);
  if (!stored || !storedPhoto) return null;
  const { report, completed } = stored;

  const [walk, location] = await Promise.all([
    getWalk(db, report.walkId),
    getLocation(db, report.locationId),
  ]);
  const timeZone = location ? timeZoneAt(location.latitude, location.longitude) : 'UTC';
  const evidence = await evidenceOf(bytes, timeZone);
  const marker = walk?.markers.find((m) => m.id === storedPhoto.markerId) ?? null;
  const completedMarker = completedMarkerOf(storedPhoto, completed, evidence.takenAt);
  const found = photoVerdict(evidence, completedMarker, marker);

  // The same picture in an earlier photo of another report of the company (a later one is not 'already used').
  const earlier = (other: { recordedAt: string; walkReportId: number }) =>
    other.recordedAt < storedPhoto.createdAt ||
    (other.recordedAt === storedPhoto.createdAt && other.walkReportId < walkReportId);
  const { hash } = evidence;
  const copyOf = hash
    ? (await photosSharingBands(db, report.managementCompanyId, hash))
        .filter(
          (other) => other.walkReportId !== walkReportId && earlier(other) && isSamePicture(hash, other.hash),
        )
        .sort((a, b) => a.recordedAt.localeCompare(b.recordedAt))[0]
    : undefined;

  const facts: StoredEvidence = {
    evidenceAt: now.toISOString(),
    evidenceEtag: photo.etag,
    cameraTakenAt: evidence.takenAt ?? undefined,
    cameraLat: evidence.lat ?? undefined,
    cameraLng: evidence.lng ?? undefined,
    hash: hash ?? undefined,
    reusedFrom: copyOf?.walkReportId,
  };
  for (const flag of found) {
    if (flag.kind === 'photoTime') facts.cameraTimeOffset = flag.offsetSeconds;
    if (flag.kind === 'photoPosition') facts.cameraDistance = Math.round(flag.distance * 100) / 100;
  }
  const key = { walkReportId, clientId: storedPhoto.clientId };
  if (!(await setPhotoEvidence(db, key, facts))) return null;
  // Another object examined before (issue 27): its hash no longer stands for this photo.
  if (storedPhoto.hash && storedPhoto.hash !== hash) {
    await unindexPhotoHash(db, {
      managementCompanyId: report.managementCompanyId,
      ...key,
      hash: storedPhoto.hash,
    });
  }
  if (hash) {
    await indexPhotoHash(db, {
      managementCompanyId: report.managementCompanyId,
      ...key,
      hash,
      recordedAt: storedPhoto.createdAt,
    });
  }
  const flags = [...found.map((f) => f.kind as PhotoFlagKind), ...(copyOf ? (['photoReused'] as const) : [])];
  await reconcilePhotoFlags(db, report, storedPhoto, flags);
  return { walkReportId, clientId: storedPhoto.clientId, evidence, flags };
};
