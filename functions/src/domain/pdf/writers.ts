/**
 * The PDF writers, in one module that exports.ts imports only when a PDF is asked for: pdfkit, its fonts and
 * the time-zone lookup are most of the export function's bundle, and a CSV export should not pay for loading them.
 */
export { newIncidentDocument, writeIncidentPdf } from './incident-pdf.ts';
export { newWalkReportDocument, writeWalkReportPdf } from './walk-report-pdf.ts';
export { newLockCheckDocument, writeLockCheckPdf } from './lock-check-pdf.ts';
export { timeZoneAt } from '@sitewalk/shared/time-zones';
