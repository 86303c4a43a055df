import { describe, expect, it } from 'vitest';
import type { Readable } from 'node:stream';
import { newWalkReportDocument, reportFlags, unitCheckText, writeWalkReportPdf } from './walk-report-pdf.ts';
import { newIncidentDocument, writeIncidentPdf } from './incident-pdf.ts';
import { LOCATION, incidentView, photoPng, walkReportView } from './fixtures.ts';
import { pdfPages } from './pdf-text.ts';
import { pdfText } from './layout.ts';

const collect = (doc: Readable) =>
  new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => parts.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
  });

const TZ = 'America/Los_Angeles';
const GENERATED = '2026-11-24T19:38:00.000Z';

const walkPdf = async (report = walkReportView()) => {
  const doc = newWalkReportDocument({ report, location: LOCATION });
  const bytes = collect(doc);
  const loaded: string[] = [];
  const pages = await writeWalkReportPdf(doc, {
    report,
    location: LOCATION,
    timeZone: TZ,
    generatedAt: GENERATED,
    loadPhoto: async (photo) => {
      loaded.push(photo.imageName);
      return photo.imageName === 'missing.png' ? null : photoPng(64, 48);
    },
  });
  const pdf = await bytes;
  return { pdf, pages, loaded, text: (await pdfPages(pdf)).join('\n') };
};

describe('the walk report PDF', () => {
  it('says who, when, the total time, the verdict, every marker with its arrival, unit checks, flags and notes', async () => {
    // Act
    const { pdf, pages, text } = await walkPdf();
    // Assess
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Walk Report 4711');
    expect(text).toContain('Evening perimeter at Acme Storage — Fresno North');
    expect(text).toContain('Dana Okafor');
    expect(text).toContain('Tuesday, November 24, 2026');
    expect(text).toContain('7:00 AM'); // started, in the location's zone (15:00 UTC)
    expect(text).toContain('7:31 AM'); // finished
    expect(text).toContain('24 min');
    expect(text).toContain('9 of 10 (90 %)');
    expect(text).toContain('Completed');
    expect(text).toContain('Times are in America/Los_Angeles');
    expect(text).toContain('7:02 AM'); // marker 1's arrival
    expect(text).toContain('Missed'); // marker 9
    expect(text).toContain('Mismatch: requested 212, detected 213');
    expect(text).toContain('Matched');
    expect(text).toContain('105 (93 %)'); // read on the door photo
    expect(text).toContain('213 (as typed)');
    expect(text).toContain('Marker 8, Far from marker: Recorded 61 m from the marker');
    expect(text).toContain('Marker 8, Marked by hand: Marked reached by hand');
    expect(text).toContain('Padlock on 105 replaced, "new" key with the office');
    expect(text).toContain('No Image Available'); // the photo that never arrived
    expect(text).toMatch(/Page 1 of \d/);
  });

  it('says how many writes were discarded on the phone, and nothing of it when none was', async () => {
    const { text } = await walkPdf(walkReportView({ discardedCount: 2 }));
    expect(text).toContain('2 recorded items were discarded on the phone and never sent');
    expect((await walkPdf()).text).not.toContain('discarded on the phone');
  });

  it("says 'Not Completed' below 90 % and loads each photo once, one at a time", async () => {
    const report = walkReportView({
      completed: false,
      totalTime: 'Not Completed',
      totalMinutes: null,
      completedMarkerCount: 8,
    });
    const { text, loaded } = await walkPdf(report);
    expect(text).toContain('Not Completed');
    expect(text).toContain('8 of 10 (80 %)');
    expect(loaded).toEqual(['a.png', 'b.png', 'missing.png']);
  });

  it('draws a report whose walk is gone, with no markers, notes or photos', async () => {
    const report = walkReportView({
      walk: null,
      user: null,
      CompletedMarker: [],
      walkNote: [],
      markerImage: [],
      markerCount: 0,
      completedMarkerCount: 0,
    });
    const { text } = await walkPdf(report);
    expect(text).toContain('Unknown Walk');
    expect(text).toContain('Unknown User');
    expect(text).toContain('The walk has no markers to draw.');
    expect(text).toContain('No photos were taken on this walk.');
  });
});

describe('the incident PDF', () => {
  /** The text of the incident's PDF, its photos read by `loadImage`. */
  const incidentPdfText = async (
    incident: ReturnType<typeof incidentView>,
    loadImage: () => Promise<Buffer | null>,
  ) => {
    const doc = newIncidentDocument({ incident, location: LOCATION });
    const bytes = collect(doc);
    await writeIncidentPdf(doc, {
      incident,
      location: LOCATION,
      timeZone: TZ,
      generatedAt: GENERATED,
      loadImage,
    });
    return (await pdfPages(await bytes)).join('\n');
  };

  it('says its priority, status, texts, notes newest first, images and resolution', async () => {
    const text = await incidentPdfText(incidentView(), async () => photoPng(32, 32));
    expect(text).toContain('Incident 1042');
    expect(text).toContain('Critical');
    expect(text).toContain('Resolved Nov 24, 2026, 7:50 AM.');
    expect(text).toContain('Unit door open');
    expect(text).toContain('Lock damaged');
    expect(text.indexOf('Door secured')).toBeLessThan(text.indexOf('Found unit 212 open'));
    expect(text).toContain('Unknown User');
    expect(text).toContain('Walk Report 4711');
  });

  it('says an open incident is not resolved', async () => {
    const text = await incidentPdfText(
      incidentView({ resolved: false, resolvedAt: null, images: [] }),
      async () => null,
    );
    expect(text).toContain('Unresolved');
    expect(text).toContain('Not resolved yet: the incident is open.');
    expect(text).toContain('No images were added.');
  });
});

describe('PDF helpers', () => {
  const read = (unit: string | null) =>
    ({ status: unit ? 'read' : 'unreadable', unit, confidence: unit ? 91 : null }) as const;
  it.each([
    [{ isDoor: false, targetUnit: null, picturedUnit: null, unitRead: null }, ''],
    [{ isDoor: true, targetUnit: '105', picturedUnit: ' 105 ', unitRead: null }, 'Matched'],
    [
      { isDoor: true, targetUnit: '105', picturedUnit: '106', unitRead: null },
      'Mismatch: requested 105, detected 106',
    ],
    [
      { isDoor: true, targetUnit: null, picturedUnit: '106', unitRead: null },
      'Mismatch: requested None, detected 106',
    ],
    [
      { isDoor: true, targetUnit: '', picturedUnit: '', unitRead: null },
      'Mismatch: requested None, detected None',
    ],
    // The unit read on the door photo is judged, not the one typed.
    [{ isDoor: true, targetUnit: '105', picturedUnit: '106', unitRead: read('105') }, 'Matched'],
    [
      { isDoor: true, targetUnit: '105', picturedUnit: '105', unitRead: read('185') },
      'Mismatch: requested 105, detected 185',
    ],
    [
      { isDoor: true, targetUnit: '105', picturedUnit: '105', unitRead: read(null) },
      'Mismatch: requested 105, detected None',
    ],
    [{ isDoor: true, targetUnit: '100-120', picturedUnit: null, unitRead: read('104') }, 'Matched'],
    [
      {
        isDoor: true,
        targetUnit: '105',
        picturedUnit: '105',
        unitRead: { status: 'pending' as const, unit: null, confidence: null },
      },
      'Not read yet: requested 105',
    ],
  ])('unit check of %j is %j', (completedMarker, expected) => {
    expect(unitCheckText(completedMarker)).toBe(expected);
  });

  it('lists the report’s own flags, each with its marker', () => {
    expect(reportFlags(walkReportView())).toEqual([
      'Marker 8, Far from marker: Recorded 61 m from the marker',
      "Marker 8, Marked by hand: Marked reached by hand, not by the phone's position",
    ]);
  });

  it.each([
    ['José’s “unit” — ok', 'José’s “unit” — ok'],
    ['emoji ✓ 🚪', 'emoji ? ?'],
    ['tab\there', 'tab here'],
  ])('sets %j as %j in Helvetica', (input, expected) => {
    expect(pdfText(input)).toBe(expected);
  });
});
