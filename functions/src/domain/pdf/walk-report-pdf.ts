import type { WalkReport } from '@sitewalk/shared/schemas/walkReport';
import { EXPORT_PDF_PHOTOS_MAX, WALK_COMPLETION_THRESHOLD } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { unitCheckOf } from '@sitewalk/shared/unit-check';
import { FLAG_TITLES } from '@sitewalk/shared/flags';
import {
  COLORS,
  CONTENT,
  factGrid,
  footers,
  heading,
  localClock,
  localTime,
  newDocument,
  paragraph,
  pdfText,
  photoGrid,
  table,
  titleBand,
  type Doc,
} from './layout.ts';

/**
 * The PDF of one walk report, drawn from the walk report's domain view (the API's `WalkReport`, the answer of
 * `GET /api/walk/walk-report/{id}`), so what the detail screen shows and what the PDF prints cannot drift:
 * who, when, total time, the 90 % verdict, the route drawn from the markers, each marker with its arrival
 * time, the unit checks, the flags, notes and photos.
 */

export interface WalkReportPdfInput {
  report: WalkReport;
  location: { name: string; address: string; city: string; state: string; zipcode: string };
  /** The location's IANA time zone: every time in the PDF is in it, and the PDF says which. */
  timeZone: string;
  generatedAt: string;
  /** A photo's bytes (JPEG or PNG), or null when it never arrived. Called one photo at a time. */
  loadPhoto: (photo: WalkReport['markerImage'][number]) => Promise<Uint8Array | null>;
}

type CompletedMarker = WalkReport['CompletedMarker'][number];
type Marker = NonNullable<WalkReport['walk']>['markers'][number];

/** The unit check of a completed door marker as the detail screen judges it (shared/src/unit-check.ts), in one line. */
export const unitCheckText = (
  completedMarker: Pick<CompletedMarker, 'isDoor' | 'targetUnit' | 'picturedUnit' | 'unitRead'>,
): string => {
  if (!completedMarker.isDoor) return '';
  const check = unitCheckOf(completedMarker);
  if (check.verdict === 'pending') return `Not read yet: requested ${check.requested}`;
  if (check.verdict === 'matched') return 'Matched';
  return `Mismatch: requested ${check.requested}, detected ${check.detected}`;
};

/** Where the detected unit comes from: read on the door photo (with its confidence), or typed by the walker. */
const detectedText = (completedMarker: CompletedMarker): string => {
  const check = unitCheckOf(completedMarker);
  if (check.verdict === 'pending') return 'Not read yet';
  if (check.source === 'walker') return `${check.detected} (as typed)`;
  return check.confidence === null ? check.detected : `${check.detected} (${check.confidence} %)`;
};

/** What the report is flagged for (shared/src/flags.ts), as its detail screen lists it: one line a flag. */
export const reportFlags = (report: WalkReport): string[] => {
  const labels = new Map((report.walk?.markers ?? []).map((m) => [m.id, m.label]));
  return report.flags.map((flag) => {
    const where = flag.markerId === null ? '' : `Marker ${labels.get(flag.markerId) ?? flag.markerId}, `;
    return `${where}${FLAG_TITLES[flag.kind]}: ${flag.reason}`;
  });
};

const walkerName = (report: WalkReport) =>
  report.user ? `${report.user.firstName} ${report.user.lastName}` : messages.status.unknownUser;

/** Degrees to points on the page: equirectangular, metres kept square at the walk's latitude. */
const projection = (
  points: readonly { lat: number; lng: number }[],
  box: { w: number; h: number; pad: number },
) => {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const metresPerDegLat = 111_320;
  const metresPerDegLng = 111_320 * Math.cos((midLat * Math.PI) / 180);
  const xs = lngs.map((lng) => lng * metresPerDegLng);
  const ys = lats.map((lat) => lat * metresPerDegLat);
  const spanX = Math.max(Math.max(...xs) - Math.min(...xs), 1);
  const spanY = Math.max(Math.max(...ys) - Math.min(...ys), 1);
  const scale = Math.min((box.w - 2 * box.pad) / spanX, (box.h - 2 * box.pad) / spanY);
  const offsetX = (box.w - spanX * scale) / 2;
  const offsetY = (box.h - spanY * scale) / 2;
  const minX = Math.min(...xs);
  const maxY = Math.max(...ys);
  return {
    /** Points per metre. */
    scale,
    at: (p: { lat: number; lng: number }) => ({
      x: offsetX + (p.lng * metresPerDegLng - minX) * scale,
      y: offsetY + (maxY - p.lat * metresPerDegLat) * scale,
    }),
  };
};

/** A round number of metres for the scale bar, about a fifth of the box. */
const scaleBarMetres = (pointsPerMetre: number, width: number) => {
  const target = width / 5 / pointsPerMetre;
  const steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000];
  return steps.reduce((best, step) => (Math.abs(step - target) < Math.abs(best - target) ? step : best), 1);
};

/** The route drawn from the markers: the walk's line in red (weight 2, as on the map), reached markers green. */
const routeDrawing = (doc: Doc, markers: readonly Marker[], reached: ReadonlySet<number>) => {
  const placed = markers.filter((m) => Number.isFinite(m.lat) && Number.isFinite(m.lng));
  const height = 250;
  const left = CONTENT.left;
  const top = doc.y;
  doc.roundedRect(left, top, CONTENT.width, height, 6).fill('#eef3f7');
  doc.roundedRect(left, top, CONTENT.width, height, 6).lineWidth(0.8).strokeColor(COLORS.rule).stroke();
  if (placed.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(10)
      .fillColor(COLORS.muted)
      .text('The walk has no markers to draw.', left, top + height / 2 - 6, {
        width: CONTENT.width,
        align: 'center',
      });
    doc.y = top + height + 8;
    return;
  }
  const { scale, at } = projection(placed, { w: CONTENT.width, h: height, pad: 28 });
  const point = (m: Marker) => {
    const p = at(m);
    return { x: left + p.x, y: top + p.y };
  };
  // The route, in walking order.
  const ordered = [...placed].sort((a, b) => a.label - b.label);
  ordered.forEach((m, i) => {
    const p = point(m);
    if (i === 0) doc.moveTo(p.x, p.y);
    else doc.lineTo(p.x, p.y);
  });
  if (ordered.length > 1) doc.lineWidth(2).strokeColor(COLORS.route).lineJoin('round').stroke();
  for (const m of ordered) {
    const p = point(m);
    const done = reached.has(m.id);
    doc
      .circle(p.x, p.y, 8)
      .lineWidth(1.5)
      .fillAndStroke(done ? COLORS.good : '#ffffff', done ? '#1b5e20' : COLORS.muted);
    const label = String(m.label);
    doc
      .font('Helvetica-Bold')
      .fontSize(label.length > 2 ? 6 : 7.5)
      .fillColor(done ? '#ffffff' : COLORS.ink);
    doc.text(label, p.x - 8, p.y - 3, { width: 16, align: 'center', lineBreak: false });
  }
  // Scale bar and legend.
  const metres = scaleBarMetres(scale, CONTENT.width);
  const barWidth = metres * scale;
  const barY = top + height - 16;
  doc
    .moveTo(left + 14, barY)
    .lineTo(left + 14 + barWidth, barY)
    .lineWidth(2)
    .strokeColor(COLORS.ink)
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(COLORS.ink)
    .text(`${metres} m`, left + 18 + barWidth, barY - 4, { lineBreak: false });
  const legendX = left + CONTENT.width - 200;
  doc.circle(legendX, barY, 5).fill(COLORS.good);
  doc.fillColor(COLORS.ink).text('Reached', legendX + 9, barY - 4, { lineBreak: false });
  doc
    .circle(legendX + 68, barY, 5)
    .lineWidth(1)
    .fillAndStroke('#ffffff', COLORS.muted);
  doc.fillColor(COLORS.ink).text('Missed', legendX + 77, barY - 4, { lineBreak: false });
  doc
    .moveTo(legendX + 124, barY)
    .lineTo(legendX + 142, barY)
    .lineWidth(2)
    .strokeColor(COLORS.route)
    .stroke();
  doc.fillColor(COLORS.ink).text('Route', legendX + 147, barY - 4, { lineBreak: false });
  doc.fillColor(COLORS.ink);
  doc.x = left;
  doc.y = top + height + 8;
};

/** Writes the whole PDF into `doc` and ends it; answers the page count. */
export const writeWalkReportPdf = async (doc: Doc, input: WalkReportPdfInput): Promise<number> => {
  const { report, location, timeZone } = input;
  const markers = [...(report.walk?.markers ?? [])].sort((a, b) => a.label - b.label);
  const labelOf = new Map(markers.map((m) => [m.id, m.label]));
  const firstArrival = new Map<number, CompletedMarker>();
  for (const c of report.CompletedMarker) if (!firstArrival.has(c.markerId)) firstArrival.set(c.markerId, c);
  const reached = new Set(firstArrival.keys());
  const percent =
    report.markerCount > 0 ? Math.round((report.completedMarkerCount / report.markerCount) * 100) : 0;
  const verdict = report.completed
    ? { text: 'Completed', color: COLORS.good }
    : { text: messages.status.notCompleted, color: COLORS.bad };

  titleBand(doc, {
    kicker: 'SiteWalk · Walk report',
    title: `Walk Report ${report.id}`,
    subtitle: `${report.walk?.name ?? messages.status.unknownWalk} at ${location.name} · ${location.address}, ${location.city}, ${location.state} ${location.zipcode}`,
    badge: verdict,
  });

  factGrid(doc, [
    { label: 'Walked by', value: walkerName(report) },
    {
      label: 'Date',
      value: new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone }).format(
        new Date(report.startedAt),
      ),
    },
    { label: 'Total time', value: report.totalTime, color: report.completed ? COLORS.ink : COLORS.bad },
    { label: 'Started', value: localClock(report.startedAt, timeZone) },
    { label: 'Finished', value: localClock(report.finishedAt, timeZone, 'Not finished') },
    {
      label: 'Markers reached',
      value: `${report.completedMarkerCount} of ${report.markerCount} (${percent} %)`,
      color: report.completed ? COLORS.good : COLORS.bad,
    },
  ]);
  paragraph(
    doc,
    `Verdict: ${verdict.text}. A walk counts as completed when at least ${Math.round(WALK_COMPLETION_THRESHOLD * 100)} % of its markers are reached; ` +
      `its total time runs from the first to the last arrival. Times are in ${timeZone}.`,
    { muted: true },
  );

  heading(doc, 'Route', `${markers.length} markers · drawn from their coordinates`, 250);
  routeDrawing(doc, markers, reached);

  heading(doc, 'Markers', `${report.completedMarkerCount} of ${report.markerCount} reached`);
  table(
    doc,
    [
      { header: '#', width: 5, value: (m: Marker) => String(m.label), bold: true },
      {
        header: 'Marker',
        width: 30,
        value: (m: Marker) =>
          [m.isDoor ? 'Door' : 'Checkpoint', m.unitNumberRange ? `units ${m.unitNumberRange}` : '', m.notes]
            .filter(Boolean)
            .join(' · '),
      },
      {
        header: 'Arrived',
        width: 14,
        value: (m: Marker) => localClock(firstArrival.get(m.id)?.arrivedAt, timeZone, 'Missed'),
        color: (m: Marker) => (firstArrival.has(m.id) ? undefined : COLORS.bad),
      },
      {
        header: 'How',
        width: 18,
        value: (m: Marker) => {
          const c = firstArrival.get(m.id);
          if (!c) return '';
          const how = c.method === 'hand' ? 'By hand' : 'By position';
          return c.distance === null ? how : `${how}, ${Math.round(c.distance)} m`;
        },
        color: (m: Marker) => (firstArrival.get(m.id)?.farFromMarker ? COLORS.warn : undefined),
      },
      {
        header: 'Unit check',
        width: 33,
        value: (m: Marker) => {
          const c = firstArrival.get(m.id);
          return c ? unitCheckText(c) : '';
        },
        color: (m: Marker) => {
          const text = firstArrival.get(m.id) ? unitCheckText(firstArrival.get(m.id)!) : '';
          return text === 'Matched' ? COLORS.good : text ? COLORS.bad : undefined;
        },
      },
    ],
    markers,
    'The walk has no markers.',
  );

  const doors = report.CompletedMarker.filter((c) => c.isDoor);
  heading(
    doc,
    'Unit checks',
    `${doors.filter((c) => unitCheckText(c) === 'Matched').length} of ${doors.length} matched`,
  );
  table(
    doc,
    [
      {
        header: 'Marker',
        width: 12,
        value: (c: CompletedMarker) => String(labelOf.get(c.markerId) ?? c.markerId),
        bold: true,
      },
      { header: 'Requested', width: 16, value: (c: CompletedMarker) => c.targetUnit ?? 'None' },
      { header: 'Detected', width: 20, value: detectedText },
      { header: 'Entered', width: 14, value: (c: CompletedMarker) => c.picturedUnit ?? 'None' },
      {
        header: 'Result',
        width: 38,
        value: unitCheckText,
        color: (c: CompletedMarker) => (unitCheckText(c) === 'Matched' ? COLORS.good : COLORS.bad),
        bold: true,
      },
    ],
    doors,
    'No door markers were checked on this walk.',
  );

  const flags = reportFlags(report);
  heading(doc, 'Flags', flags.length === 0 ? 'none' : `${flags.length}`);
  if (flags.length === 0) paragraph(doc, 'Nothing was flagged on this walk.', { italic: true, muted: true });
  // Writes the walker discarded on the phone (issue 28): not a flag of the walk, but as much to look at.
  const discarded =
    report.discardedCount > 0 ? [messages.status.discardedOnPhone(report.discardedCount)] : [];
  for (const line of [...flags, ...discarded]) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(COLORS.warn)
      .text(`!  ${pdfText(line)}`, CONTENT.left, doc.y, { width: CONTENT.width });
  }
  doc.fillColor(COLORS.ink);

  heading(doc, 'Notes', `${report.walkNote.length}`);
  table(
    doc,
    [
      {
        header: 'Marker',
        width: 12,
        value: (n: WalkReport['walkNote'][number]) => String(labelOf.get(n.markerId) ?? n.markerId),
        bold: true,
      },
      { header: 'Note', width: 88, value: (n: WalkReport['walkNote'][number]) => n.note },
    ],
    report.walkNote,
    'No notes were written on this walk.',
  );

  const shown = report.markerImage.slice(0, EXPORT_PDF_PHOTOS_MAX);
  const more = report.markerImage.length - shown.length;
  heading(
    doc,
    'Photos',
    more > 0
      ? `${shown.length} of ${report.markerImage.length} shown; the rest are in the app`
      : `${shown.length}`,
    shown.length > 0 ? 220 : 40,
  );
  if (shown.length === 0) paragraph(doc, 'No photos were taken on this walk.', { italic: true, muted: true });
  await photoGrid(
    doc,
    shown.map((image) => ({
      caption: `Marker ${labelOf.get(image.markerId) ?? image.markerId}${image.takenAt ? ` · ${localTime(image.takenAt, timeZone)}` : ''}`,
      load: () => input.loadPhoto(image),
    })),
  );

  footers(
    doc,
    `Walk Report ${report.id} · ${location.name} · generated ${localTime(input.generatedAt, timeZone)} (${timeZone})`,
  );
  const pages = doc.bufferedPageRange().count;
  doc.end();
  return pages;
};

export const newWalkReportDocument = (input: Pick<WalkReportPdfInput, 'report' | 'location'>) =>
  newDocument({
    title: `Walk Report ${input.report.id}`,
    subject: `${input.location.name}: ${input.report.walk?.name ?? ''}`,
  });
