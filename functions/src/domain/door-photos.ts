import type { DataService } from '../db/service.ts';
import { photosOfReport, setUnitRead } from '../db/walk-reports.ts';
import type { TextDetector } from '../ports/text-detector.ts';
import { unitFromDetections } from './unit-reading.ts';

/** The report a walk photo's object key names: `tenants/{company}/walk-photo/{walkReportId}/{file}`. */
const WALK_PHOTO_KEY = /^tenants\/[A-Za-z0-9_-]+\/walk-photo\/(\d+)\/[A-Za-z0-9_.-]+$/;

export type DoorPhotoOutcome = 'read' | 'unreadable' | 'notADoorPhoto' | 'alreadyRead' | 'gone';

/**
 * The reader of door photos: when an object arrives in the upload bucket, and it is the photo of a door check,
 * it reads the unit number on it (Rekognition's DetectText) and stores what it read on the photo, where the
 * walk report shows it beside the unit the walker typed. Upload events come at least once: a photo already
 * read is left as it is.
 */
export const createDoorPhotoReader = ({
  db,
  detector,
  bucket,
}: {
  db: DataService;
  detector: TextDetector;
  bucket: string;
}) => ({
  read: async (key: string, now: Date): Promise<DoorPhotoOutcome> => {
    const match = WALK_PHOTO_KEY.exec(key);
    if (!match) return 'notADoorPhoto';
    const walkReportId = Number(match[1]);
    const photo = (await photosOfReport(db, walkReportId)).find((p) => p.key === key);
    if (!photo) return 'gone';
    if (!photo.door) return 'notADoorPhoto';
    if (photo.unitRead) return 'alreadyRead';
    const read = unitFromDetections(await detector.detectText({ bucket, key }));
    const stored = await setUnitRead(
      db,
      { walkReportId, clientId: photo.clientId },
      {
        ...(read.unit !== null ? { unit: read.unit, confidence: read.confidence ?? 0 } : {}),
        readAt: now.toISOString(),
      },
    );
    if (!stored) return 'gone';
    return read.unit !== null ? 'read' : 'unreadable';
  },
});
