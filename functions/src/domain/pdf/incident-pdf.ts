import type { Incident } from '@sitewalk/shared/schemas/incident';
import { EXPORT_PDF_PHOTOS_MAX, priorityName } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
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
 * The PDF of one incident, drawn from the incident's domain view (the API's `Incident`, the answer of
 * `GET /api/incident/{id}`): priority, status, where and when, its texts, its notes (newest first, as on the
 * detail screen), its images and its resolution.
 */

export interface IncidentPdfInput {
  incident: Incident;
  location: { name: string; address: string; city: string; state: string; zipcode: string };
  timeZone: string;
  generatedAt: string;
  loadImage: (key: string) => Promise<Uint8Array | null>;
}

const PRIORITY_COLORS: Record<number, string> = { 1: COLORS.bad, 2: COLORS.warn, 3: '#0277bd' };

export const writeIncidentPdf = async (doc: Doc, input: IncidentPdfInput): Promise<number> => {
  const { incident, location, timeZone } = input;
  const status = incident.resolved
    ? { text: 'Resolved', color: COLORS.good }
    : { text: 'Unresolved', color: COLORS.bad };
  titleBand(doc, {
    kicker: 'SiteWalk · Incident report',
    title: `Incident ${incident.id}`,
    subtitle: `${location.name} · ${location.address}, ${location.city}, ${location.state} ${location.zipcode}`,
    badge: status,
  });
  factGrid(doc, [
    {
      label: 'Priority',
      value: priorityName(incident.typeId),
      color: PRIORITY_COLORS[incident.typeId] ?? COLORS.ink,
    },
    { label: 'Status', value: status.text, color: status.color },
    { label: 'Location', value: location.name },
    { label: 'Created', value: localTime(incident.createdAt, timeZone) },
    { label: 'Resolved', value: localTime(incident.resolvedAt, timeZone, 'Not resolved') },
    {
      label: 'Walk report',
      value: incident.walkReportId === null ? 'None' : `Walk Report ${incident.walkReportId}`,
    },
  ]);
  paragraph(doc, `Times are in ${timeZone}.`, { muted: true });

  heading(doc, 'What was found', `${incident.incidentTexts.length}`);
  table(
    doc,
    [
      {
        header: 'Type',
        width: 100,
        value: (t: Incident['incidentTexts'][number]) => t.incidentNoteText.text,
      },
    ],
    incident.incidentTexts,
    'No types were given.',
  );

  heading(doc, 'Notes', `${incident.notes.length} · newest first`);
  table(
    doc,
    [
      {
        header: 'When',
        width: 22,
        value: (n: Incident['notes'][number]) => localTime(n.createdAt, timeZone),
      },
      {
        header: 'By',
        width: 20,
        value: (n: Incident['notes'][number]) =>
          n.user ? `${n.user.firstName} ${n.user.lastName}` : messages.status.unknownUser,
        bold: true,
      },
      { header: 'Note', width: 58, value: (n: Incident['notes'][number]) => n.note },
    ],
    incident.notes,
    'No notes were added.',
  );

  heading(doc, 'Resolution');
  paragraph(
    doc,
    incident.resolved
      ? `Resolved ${localTime(incident.resolvedAt, timeZone)}.`
      : 'Not resolved yet: the incident is open.',
  );

  const shown = incident.images.slice(0, EXPORT_PDF_PHOTOS_MAX);
  const more = incident.images.length - shown.length;
  heading(
    doc,
    'Images',
    more > 0 ? `${shown.length} of ${incident.images.length} shown` : `${shown.length}`,
    shown.length > 0 ? 220 : 40,
  );
  if (shown.length === 0) paragraph(doc, 'No images were added.', { italic: true, muted: true });
  await photoGrid(
    doc,
    shown.map((image, index) => ({ caption: `Image ${index + 1}`, load: () => input.loadImage(image.key) })),
  );

  footers(
    doc,
    `Incident ${incident.id} · ${location.name} · generated ${localTime(input.generatedAt, timeZone)} (${timeZone})`,
  );
  const pages = doc.bufferedPageRange().count;
  doc.end();
  return pages;
};

export const newIncidentDocument = (input: Pick<IncidentPdfInput, 'incident' | 'location'>) =>
  newDocument({ title: `Incident ${input.incident.id}`, subject: input.location.name });
