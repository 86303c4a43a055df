import PDFDocument from 'pdfkit';
import { formatInstant } from '@sitewalk/shared/time';

/**
 * The page furniture every SiteWalk PDF shares: US Letter, a brand band with the document's title, label and
 * value grids, section headings, tables that break across pages, photo grids, and a footer with the page
 * number. Text is set in the PDF's standard Helvetica, so nothing is fetched and no font file is bundled;
 * characters Helvetica cannot show (WinAnsi) are replaced, never dropped silently.
 */

export const COLORS = {
  ink: '#1f2933',
  muted: '#616e7c',
  rule: '#d9e2ec',
  band: '#0b4f8a',
  bandText: '#ffffff',
  soft: '#f0f4f8',
  good: '#2e7d32',
  bad: '#c62828',
  warn: '#ed6c02',
  route: '#d32f2f',
} as const;

export const PAGE = { width: 612, height: 792, margin: 48 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const FOOTER_SPACE = 28;

// WinAnsi: printable ASCII, Latin-1 and the few Windows-1252 extras Helvetica carries.
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
/** Text Helvetica can set: anything outside WinAnsi becomes '?' (a line break stays one). */
export const pdfText = (text: string): string =>
  [...text]
    .map((c) => {
      const code = c.codePointAt(0) ?? 0;
      if (c === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return c;
      if (c === '\r' || c === '\t') return ' ';
      return WIN_ANSI_EXTRAS.includes(c) ? c : '?';
    })
    .join('');

export type Doc = InstanceType<typeof PDFDocument>;

export const newDocument = (info: { title: string; subject: string }): Doc =>
  new PDFDocument({
    size: 'LETTER',
    margins: { top: PAGE.margin, bottom: PAGE.margin + FOOTER_SPACE, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true, // the footer's 'Page n of m' is written once the page count is known
    info: {
      Title: pdfText(info.title),
      Subject: pdfText(info.subject),
      Author: 'SiteWalk',
      Creator: 'SiteWalk',
    },
    font: 'Helvetica',
  });

const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** A new page when fewer than `height` points are left on this one. */
export const ensureSpace = (doc: Doc, height: number) => {
  if (doc.y + height > bottom(doc)) doc.addPage();
};

/** The brand band across the top of the first page: 'SiteWalk', the title, and a line under it. */
export const titleBand = (
  doc: Doc,
  heading: { kicker: string; title: string; subtitle: string; badge?: Badge },
) => {
  doc.rect(0, 0, PAGE.width, 96).fill(COLORS.band);
  doc
    .fillColor(COLORS.bandText)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(pdfText(heading.kicker.toUpperCase()), PAGE.margin, 22, {
      characterSpacing: 1.2,
      width: CONTENT_WIDTH,
    });
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(pdfText(heading.title), PAGE.margin, 38, { width: CONTENT_WIDTH - 140 });
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .text(pdfText(heading.subtitle), PAGE.margin, 66, { width: CONTENT_WIDTH - 140 });
  if (heading.badge) badge(doc, heading.badge, PAGE.width - PAGE.margin, 42, 'right', true);
  doc.fillColor(COLORS.ink);
  doc.x = PAGE.margin;
  doc.y = 96 + 20;
};

export interface Badge {
  text: string;
  color: string;
}

/** A rounded label; `anchor` right puts its right edge at x. Answers its width. */
export const badge = (
  doc: Doc,
  b: Badge,
  x: number,
  y: number,
  anchor: 'left' | 'right' = 'left',
  onBand = false,
) => {
  doc.font('Helvetica-Bold').fontSize(10);
  const text = pdfText(b.text);
  const width = doc.widthOfString(text) + 18;
  const left = anchor === 'right' ? x - width : x;
  doc.roundedRect(left, y, width, 20, 10).fill(onBand ? COLORS.bandText : b.color);
  doc
    .fillColor(onBand ? b.color : COLORS.bandText)
    .text(text, left, y + 5.5, { width, align: 'center', lineBreak: false });
  doc.fillColor(COLORS.ink);
  return width;
};

/** A section heading with a rule under it. */
export const heading = (doc: Doc, text: string, note?: string, keepWith = 40) => {
  ensureSpace(doc, 40 + keepWith); // never a heading alone at the foot of a page
  doc.moveDown(0.9);
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(13).fillColor(COLORS.ink).text(pdfText(text), PAGE.margin, y);
  if (note) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(pdfText(note), PAGE.margin, y + 3, { width: CONTENT_WIDTH, align: 'right' });
  }
  const ruleY = y + 19;
  doc
    .moveTo(PAGE.margin, ruleY)
    .lineTo(PAGE.width - PAGE.margin, ruleY)
    .lineWidth(0.8)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.x = PAGE.margin;
  doc.y = ruleY + 8;
  doc.fillColor(COLORS.ink);
};

/** Label over value, in `columns` columns, on a soft panel. */
export const factGrid = (
  doc: Doc,
  facts: readonly { label: string; value: string; color?: string }[],
  columns = 3,
) => {
  const gap = 12;
  const cellWidth = (CONTENT_WIDTH - 24 - gap * (columns - 1)) / columns;
  const rows: (typeof facts)[] = [];
  for (let i = 0; i < facts.length; i += columns) rows.push(facts.slice(i, i + columns));
  const rowHeight = (row: typeof facts) =>
    Math.max(
      ...row.map((f) => {
        doc.font('Helvetica-Bold').fontSize(11);
        return 14 + doc.heightOfString(pdfText(f.value || '-'), { width: cellWidth });
      }),
    ) + 8;
  const height = rows.reduce((sum, row) => sum + rowHeight(row), 0) + 16;
  ensureSpace(doc, height);
  const top = doc.y;
  doc.roundedRect(PAGE.margin, top, CONTENT_WIDTH, height, 6).fill(COLORS.soft);
  let y = top + 10;
  for (const row of rows) {
    row.forEach((fact, index) => {
      const x = PAGE.margin + 12 + index * (cellWidth + gap);
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor(COLORS.muted)
        .text(pdfText(fact.label.toUpperCase()), x, y, { width: cellWidth, characterSpacing: 0.4 });
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor(fact.color ?? COLORS.ink)
        .text(pdfText(fact.value || '-'), x, y + 12, { width: cellWidth });
    });
    y += rowHeight(row);
  }
  doc.fillColor(COLORS.ink);
  doc.x = PAGE.margin;
  doc.y = top + height + 6;
};

export interface TableColumn<Row> {
  header: string;
  /** A share of the content width. */
  width: number;
  value: (row: Row) => string;
  color?: (row: Row) => string | undefined;
  bold?: boolean;
}

/** A table whose header repeats on each page it runs onto; rows never split across pages. */
export const table = <Row>(
  doc: Doc,
  columns: readonly TableColumn<Row>[],
  rows: readonly Row[],
  empty: string,
) => {
  if (rows.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(10)
      .fillColor(COLORS.muted)
      .text(pdfText(empty), PAGE.margin, doc.y);
    doc.fillColor(COLORS.ink).moveDown(0.4);
    return;
  }
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * CONTENT_WIDTH);
  const pad = 5;
  const header = () => {
    const y = doc.y;
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, 20).fill(COLORS.band);
    let x = PAGE.margin;
    columns.forEach((c, i) => {
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor(COLORS.bandText)
        .text(pdfText(c.header), x + pad, y + 6, { width: widths[i]! - 2 * pad, lineBreak: false });
      x += widths[i]!;
    });
    doc.y = y + 20;
  };
  ensureSpace(doc, 46);
  header();
  rows.forEach((row, index) => {
    const cells = columns.map((c) => pdfText(c.value(row) || '-'));
    doc.fontSize(9.5);
    const height =
      Math.max(
        ...cells.map((text, i) => {
          doc.font(columns[i]!.bold ? 'Helvetica-Bold' : 'Helvetica');
          return doc.heightOfString(text, { width: widths[i]! - 2 * pad });
        }),
      ) +
      2 * pad;
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    if (index % 2 === 1) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(COLORS.soft);
    let x = PAGE.margin;
    cells.forEach((text, i) => {
      const column = columns[i]!;
      doc
        .font(column.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9.5)
        .fillColor(column.color?.(row) ?? COLORS.ink)
        .text(text, x + pad, y + pad, { width: widths[i]! - 2 * pad });
      x += widths[i]!;
    });
    doc
      .moveTo(PAGE.margin, y + height)
      .lineTo(PAGE.width - PAGE.margin, y + height)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.y = y + height;
  });
  doc.fillColor(COLORS.ink);
  doc.x = PAGE.margin;
  doc.moveDown(0.4);
};

/** A paragraph of body text. */
export const paragraph = (doc: Doc, text: string, options: { muted?: boolean; italic?: boolean } = {}) => {
  doc
    .font(options.italic ? 'Helvetica-Oblique' : 'Helvetica')
    .fontSize(10)
    .fillColor(options.muted ? COLORS.muted : COLORS.ink)
    .text(pdfText(text), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.fillColor(COLORS.ink);
};

export interface Photo {
  caption: string;
  load: () => Promise<Uint8Array | null>;
}

/**
 * Photos two to a row, each fitted into its frame with its caption; loaded one at a time, so only the photo
 * being placed is held. A photo that never arrived, or that is no JPEG or PNG, shows as such.
 */
export const photoGrid = async (doc: Doc, photos: readonly Photo[]) => {
  const gap = 14;
  const width = (CONTENT_WIDTH - gap) / 2;
  const frame = 190;
  const cell = frame + 30;
  for (let i = 0; i < photos.length; i++) {
    const column = i % 2;
    if (column === 0) ensureSpace(doc, cell);
    const x = PAGE.margin + column * (width + gap);
    const y = doc.y;
    const photo = photos[i]!;
    doc.rect(x, y, width, frame).fill(COLORS.soft);
    const bytes = await photo.load();
    let placed = false;
    if (bytes) {
      try {
        doc.image(Buffer.from(bytes), x + 4, y + 4, {
          fit: [width - 8, frame - 8],
          align: 'center',
          valign: 'center',
        });
        placed = true;
      } catch {
        placed = false; // not an image pdfkit reads (JPEG and PNG only)
      }
    }
    if (!placed) {
      doc
        .font('Helvetica-Oblique')
        .fontSize(10)
        .fillColor(COLORS.muted)
        .text('No Image Available', x, y + frame / 2 - 6, { width, align: 'center' });
    }
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(pdfText(photo.caption), x, y + frame + 5, { width, lineBreak: false, ellipsis: true });
    doc.fillColor(COLORS.ink);
    doc.y = column === 1 || i === photos.length - 1 ? y + cell : y;
  }
  doc.x = PAGE.margin;
};

/** 'Page n of m' and what the document is, on every page, once the page count is known. */
export const footers = (doc: Doc, left: string) => {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing below the bottom margin would otherwise start a new page
    const y = PAGE.height - PAGE.margin - 8;
    doc
      .moveTo(PAGE.margin, y - 6)
      .lineTo(PAGE.width - PAGE.margin, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted);
    doc.text(pdfText(left), PAGE.margin, y, { width: CONTENT_WIDTH - 80, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, PAGE.margin, y, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
};

/** A time as people read it in the location's time zone, e.g. 'Nov 24, 2026, 7:05 AM' (as the screens write it). */
export const localTime = (iso: string | null | undefined, timeZone: string, fallback = '-') =>
  formatInstant(iso, 'dateTime', timeZone, fallback);

/** A clock time in the location's time zone, e.g. '7:05 AM' (as the screens write it). */
export const localClock = (iso: string | null | undefined, timeZone: string, fallback = '-') =>
  formatInstant(iso, 'time', timeZone, fallback);

export const CONTENT = { width: CONTENT_WIDTH, left: PAGE.margin } as const;
