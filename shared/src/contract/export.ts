import * as z from 'zod';
import { defineRoute } from './route.ts';
import { Role } from '../roles.ts';
import { messages } from '../messages.ts';
import { idParam, idParams } from '../schemas/common.ts';
import { exportFile, exportRangeBody } from '../schemas/export.ts';

const resource = 'export' as const;
const missingRange = messages.validation.missingExportRange;
const lockCheckParams = z.object({ lockCheckId: idParam });

/**
 * Files to take away (issue 18): made on the server into the upload bucket under the caller's tenant prefix,
 * answered as a short-lived download link; the files expire a day later (a lifecycle rule).
 */
export const exportRoutes = {
  'export.walkReportsCsv': defineRoute({
    method: 'POST',
    path: '/api/export/walk-reports',
    resource,
    access: Role.Employee,
    source: 'added',
    summary:
      "CSV of the walk reports started in a range of days at one location, or at every location of the caller's scope",
    body: exportRangeBody,
    missingBody: missingRange,
    response: exportFile,
  }),
  'export.incidentsCsv': defineRoute({
    method: 'POST',
    path: '/api/export/incidents',
    resource,
    access: Role.Employee,
    source: 'added',
    summary:
      "CSV of the incidents created in a range of days at one location, or at every location of the caller's scope",
    body: exportRangeBody,
    missingBody: missingRange,
    response: exportFile,
  }),
  'export.walkReportPdf': defineRoute({
    method: 'POST',
    path: '/api/export/walk-report/{walkReportId}/pdf',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: 'PDF of one walk report: who, when, total time, the 90 % verdict, markers, notes, photos, route',
    params: z.object({ walkReportId: idParam }),
    response: exportFile,
  }),
  'export.incidentPdf': defineRoute({
    method: 'POST',
    path: '/api/export/incident/{id}/pdf',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: 'PDF of one incident: priority, status, texts, notes, images and resolution',
    params: idParams,
    response: exportFile,
  }),
  'export.lockCheckCsv': defineRoute({
    method: 'POST',
    path: '/api/export/lock-check/{lockCheckId}/csv',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: 'CSV of one lock check: a row per unit checked or not found, with its finding and discrepancies',
    params: lockCheckParams,
    response: exportFile,
  }),
  'export.lockCheckPdf': defineRoute({
    method: 'POST',
    path: '/api/export/lock-check/{lockCheckId}/pdf',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: 'PDF of one lock check: who, when, coverage, counts by finding, the discrepancies with photos',
    params: lockCheckParams,
    response: exportFile,
  }),
};
