import type { MarkerImageItem } from '../db/entities/walkReport.ts';
import type { DataService } from '../db/service.ts';
import { photosOfReport, setUnitRead } from '../db/walk-reports.ts';
import type { TextDetector } from '../ports/text-detector.ts';
import type { Storage } from '../ports/storage.ts';
import { recordPhotoEvidence } from './photo-evidence.ts';
import { reconcileDoorFlag } from './flags.ts';
import { unitFromDetections } from './unit-reading.ts';

/** The report a walk photo's object key names: `tenants/{company}/walk-photo/{walkReportId}/{file}`. */
const WALK_PHOTO_KEY = /^tenants\/[A-Za-z0-9_-]+\/walk-photo\/(\d+)\/[A-Za-z0-9_.-]+$/;

/**
 * A walk photo that has arrived in the upload bucket: its object's key and ETag (as the upload event names them),
 * with the item recorded when its upload URL was handed out.
 */
export interface ArrivedPhoto {
  bucket: string;
  key: string;
  etag: string;
  walkReportId: number;
  photo: MarkerImageItem;
}

/**
 * One thing done to every walk photo as it arrives. Upload events come at least once, so a step leaves a photo
 * it has already done for the same object (its ETag) alone, and does it again for an object with another ETag
 * (issue 27: what was examined is the object that is there); it answers what it did, for the log.
 */
export type WalkPhotoStep = (arrived: ArrivedPhoto, now: Date) => Promise<string>;

/** What became of one upload event: not a walk photo, a photo no longer recorded, or each step's outcome. */
export type WalkPhotoOutcome = 'notAWalkPhoto' | 'gone' | Record<string, string>;

/**
 * Reading the unit number on a door check's photo (issue 18): Rekognition's DetectText (its stand-in locally),
 * the unit chosen among what it found (unit-reading.ts), stored on the photo once, where the walk report shows
 * it beside the unit the walker typed.
 */
export const readDoorUnit =
  ({ db, detector }: { db: DataService; detector: TextDetector }): WalkPhotoStep =>
  async ({ bucket, key, etag, walkReportId, photo }, now) => {
    if (!photo.door) return 'notADoorPhoto';
    if (photo.unitRead?.etag === etag) {
      // Read before: its 'wrong door' flag again, in case a crash lost it (issue 27).
      await reconcileDoorFlag(db, walkReportId, { ...photo, readUnit: photo.unitRead.unit ?? null });
      return 'alreadyRead';
    }
    const read = unitFromDetections(await detector.detectText({ bucket, key }));
    const stored = await setUnitRead(
      db,
      { walkReportId, clientId: photo.clientId },
      {
        ...(read.unit !== null ? { unit: read.unit, confidence: read.confidence ?? 0 } : {}),
        readAt: now.toISOString(),
        // DetectText reads the object itself: the one this event announced.
        etag,
      },
    );
    // Refused: a racing copy of the event stored its reading first, or the report was deleted meanwhile.
    if (!stored) return 'alreadyRead';
    // The unit read against the one the report drew for the marker (issue 27).
    const wrongDoor = await reconcileDoorFlag(db, walkReportId, { ...photo, readUnit: read.unit });
    if (wrongDoor) return 'read: wrong door';
    return read.unit !== null ? 'read' : 'unreadable';
  };

/**
 * The evidence of every walk photo (issue 18's photo flags, photo-evidence.ts): its camera time and position
 * against its completed marker and marker, and its perceptual hash against earlier reports of the company. Stored on
 * the photo once; the photo's flags go on its report.
 */
export const examinePhoto =
  ({ db, storage }: { db: DataService; storage: Pick<Storage, 'readTagged'> }): WalkPhotoStep =>
  async ({ key, etag, photo }, now) => {
    if (photo.evidenceEtag === etag) return 'alreadyExamined';
    const object = await storage.readTagged(key);
    if (!object) return 'gone';
    // Tied to the ETag of the bytes read (a later object's own event then finds it examined).
    const recorded = await recordPhotoEvidence({ db }, { key, etag: object.etag }, object.bytes, now);
    // Null: a racing copy of the event stored the evidence first, or the report was deleted meanwhile.
    if (!recorded) return 'alreadyExamined';
    return recorded.flags.length > 0 ? `flagged: ${recorded.flags.join(', ')}` : 'examined';
  };

/**
 * The consumer of every walk photo that arrives in the upload bucket (the walkPhoto worker): it finds the photo's
 * item by its object key and runs each step on it, in order. A step that throws fails the event, which is tried
 * again (steps already done are left alone on the next try).
 */
export const createWalkPhotoConsumer = ({
  db,
  steps,
}: {
  db: DataService;
  steps: Record<string, WalkPhotoStep>;
}) => ({
  arrived: async (bucket: string, key: string, etag: string, now: Date): Promise<WalkPhotoOutcome> => {
    const match = WALK_PHOTO_KEY.exec(key);
    if (!match) return 'notAWalkPhoto';
    const walkReportId = Number(match[1]);
    const photo = (await photosOfReport(db, walkReportId)).find((p) => p.key === key);
    if (!photo) return 'gone';
    const outcomes: Record<string, string> = {};
    for (const [name, step] of Object.entries(steps)) {
      outcomes[name] = await step({ bucket, key, etag, walkReportId, photo }, now);
    }
    return outcomes;
  },
});
