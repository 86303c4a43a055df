import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalkReport } from '@sitewalk/shared/schemas/walkReport';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export const getWalkReport = (walkReportId: number, signal?: AbortSignal) =>
  api('walkReport.get', { params: { walkReportId }, signal });

/** While a door photo is being read the report is asked for again this often, at most READING_POLLS times. */
export const READING_POLL_MS = 3_000;
const READING_POLLS = 40;

const isReading = (report: WalkReport | undefined) =>
  report?.CompletedMarker.some((c) => c.unitRead?.status === 'pending') ?? false;

export const walkReportQueryOptions = (walkReportId: number) =>
  queryOptions({
    queryKey: queryKeyOf('walkReport.get', { params: { walkReportId } }),
    queryFn: ({ signal }) => getWalkReport(walkReportId, signal),
    // A door photo read in a few seconds shows without a reload; one that never arrives stops the asking.
    refetchInterval: (query) =>
      isReading(query.state.data) && query.state.dataUpdateCount < READING_POLLS ? READING_POLL_MS : false,
  });

export const useWalkReport = (walkReportId: number) => useQuery(walkReportQueryOptions(walkReportId));
