import type { LockCheck } from '@sitewalk/shared/schemas/lockCheck';
import { EXPORT_PDF_PHOTOS_MAX } from '@sitewalk/shared/constants';
import { DISCREPANCY_LABELS, LOCK_FINDINGS, LOCK_FINDING_LABELS } from '@sitewalk/shared/lock-check';
import { scopeLabel } from '@sitewalk/shared/roster';
import {
  COLORS,
  factGrid,
  footers,
  heading,
  localTime,
  newDocument,
  paragraph,
  photoGrid,
  table,
  titleBand,
  type Doc,
} from './layout.ts';

/**
 * The PDF of one lock check, drawn from the API's `LockCheck` (the answer of `GET /api/lock-check/{id}`): who,
 * when, coverage, counts by finding, the discrepancies most severe first (open or resolved, their tasks) and
 * their photos.
 */

export interface LockCheckPdfInput {
  check: LockCheck;
  location: { name: string; address: string; city: string; state: string; zipcode: string };
  timeZone: string;
  generatedAt: string;
  /** A photo's bytes by its image name (null: it never arrived). */
  loadPhoto: (imageName: string) => Promise<Uint8Array | null>;
}

type Discrepancy = LockCheck['discrepancies'][number];

export const writeLockCheckPdf = async (doc: Doc, input: LockCheckPdfInput): Promise<number> => {
  const { check, location, timeZone } = input;
  const status =
    check.finishedAt === null
      ? { text: 'In progress', color: COLORS.warn }
      : check.openDiscrepancyCount > 0
        ? { text: `${check.openDiscrepancyCount} open`, color: COLORS.bad }
        : { text: 'All resolved', color: COLORS.good };
  titleBand(doc, {
    kicker: 'SiteWalk · Lock check',
    title: `Lock check ${check.id}`,
    subtitle: `${location.name} · ${location.address}, ${location.city}, ${location.state} ${location.zipcode}`,
    badge: status,
  });
  factGrid(doc, [
    { label: 'Checked by', value: `${check.startedBy.firstName} ${check.startedBy.lastName}` },
    { label: 'Units', value: scopeLabel(check.scope) },
    { label: 'Coverage', value: `${check.checkedCount} of ${check.unitCount} checked` },
    { label: 'Started', value: localTime(check.startedAt, timeZone) },
    { label: 'Finished', value: localTime(check.finishedAt, timeZone, 'Not finished') },
    { label: 'Roster', value: `Version ${check.rosterVersion}` },
  ]);
  paragraph(doc, `Times are in ${timeZone}.`, { muted: true });

  heading(doc, 'Counts by finding');
  table(
    doc,
    [
      { header: 'Finding', width: 70, value: (f: (typeof LOCK_FINDINGS)[number]) => LOCK_FINDING_LABELS[f] },
      {
        header: 'Units',
        width: 30,
        value: (f: (typeof LOCK_FINDINGS)[number]) => String(check.countsByFinding[f]),
      },
    ],
    [...LOCK_FINDINGS],
    'Nothing was recorded.',
  );

  heading(
    doc,
    'Discrepancies',
    `${check.discrepancyCount} · ${check.openDiscrepancyCount} open · most severe first`,
  );
  table(
    doc,
    [
      { header: 'Unit', width: 12, value: (d: Discrepancy) => d.unit, bold: true },
      { header: 'Discrepancy', width: 30, value: (d: Discrepancy) => DISCREPANCY_LABELS[d.kind] },
      {
        header: 'Seen',
        width: 18,
        value: (d: Discrepancy) => (d.finding ? LOCK_FINDING_LABELS[d.finding] : 'Not found'),
      },
      {
        header: 'Follow-up',
        width: 40,
        value: (d: Discrepancy) =>
          [
            d.resolvedAt ? `Resolved: ${d.resolution ?? ''}` : 'Open',
            d.taskId === null ? null : `Task ${d.taskId}`,
          ]
            .filter(Boolean)
            .join(' · '),
      },
    ],
    check.discrepancies,
    'No discrepancies.',
  );

  const discrepant = new Set(check.discrepancies.map((d) => d.unit.trim().toUpperCase()));
  const photos = check.results
    .filter((result) => discrepant.has(result.unit.trim().toUpperCase()))
    .flatMap((result) => result.photos.map((photo) => ({ result, photo })));
  const shown = photos.slice(0, EXPORT_PDF_PHOTOS_MAX);
  const more = photos.length - shown.length;
  heading(
    doc,
    'Photos of the discrepancies',
    more > 0 ? `${shown.length} of ${photos.length} shown` : `${shown.length}`,
    shown.length > 0 ? 220 : 40,
  );
  if (shown.length === 0) paragraph(doc, 'No photos.', { italic: true, muted: true });
  await photoGrid(
    doc,
    shown.map(({ result, photo }) => ({
      caption: `Unit ${result.unit}${photo.picturedUnit ? ` · reads ${photo.picturedUnit}` : ''}`,
      load: () => input.loadPhoto(photo.imageName),
    })),
  );

  footers(
    doc,
    `Lock check ${check.id} · ${location.name} · generated ${localTime(input.generatedAt, timeZone)} (${timeZone})`,
  );
  const pages = doc.bufferedPageRange().count;
  doc.end();
  return pages;
};

export const newLockCheckDocument = (input: Pick<LockCheckPdfInput, 'check' | 'location'>) =>
  newDocument({ title: `Lock check ${input.check.id}`, subject: input.location.name });
