import type { ExportFile, ExportRange } from '@sitewalk/shared/schemas/export';
import { api } from '../lib/api.ts';

/** What can be exported from the screens, and the call that makes each file. */
export type CsvKind = 'walk-reports' | 'incidents';

export const exportCsv = (kind: CsvKind, range: ExportRange): Promise<ExportFile> =>
  kind === 'walk-reports'
    ? api('export.walkReportsCsv', { body: range })
    : api('export.incidentsCsv', { body: range });

export const walkReportPdf = (walkReportId: number) =>
  api('export.walkReportPdf', { params: { walkReportId } });

export const incidentPdf = (id: number) => api('export.incidentPdf', { params: { id } });

export const lockCheckCsv = (lockCheckId: number) => api('export.lockCheckCsv', { params: { lockCheckId } });
export const lockCheckPdf = (lockCheckId: number) => api('export.lockCheckPdf', { params: { lockCheckId } });
