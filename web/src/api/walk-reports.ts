import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { WALK_REPORT_TABLE_LIMIT } from '@sitewalk/shared/constants';
import type { WalkReport } from '@sitewalk/shared/schemas/walkReport';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';

/** While a door photo is being read the report is asked for again this often, at most READING_POLLS times. */
export const READING_POLL_MS = 3_000;
const READING_POLLS = 40;

const isReading = (report: WalkReport | undefined) =>
  report?.CompletedMarker.some((c) => c.unitRead?.status === 'pending') ?? false;

export const walkReportQueryOptions = (walkReportId: number) =>
  queryOptions({
    queryKey: queryKeyOf('walkReport.get', { params: { walkReportId } }),
    queryFn: ({ signal }) => api('walkReport.get', { params: { walkReportId }, signal }),
    // A door photo read in a few seconds shows without a reload; one that never arrives stops the asking.
    refetchInterval: (query) =>
      isReading(query.state.data) && query.state.dataUpdateCount < READING_POLLS ? READING_POLL_MS : false,
  });

export const useWalkReport = (walkReportId: number) => useQuery(walkReportQueryOptions(walkReportId));

export interface WalkReportsChunkInput {
  locationId: number;
  /** Which 1,000 reports: 0 is the newest thousand, 1 the next, … */
  chunk: number;
  searchTerm: string;
}

const chunkInputOf = ({ locationId, chunk, searchTerm }: WalkReportsChunkInput) => ({
  params: { locationId },
  query: {
    limit: WALK_REPORT_TABLE_LIMIT,
    offset: chunk * WALK_REPORT_TABLE_LIMIT,
    searchTerm: searchTerm.trim() || undefined,
  },
});

/** Up to 1,000 of a location's walk reports, newest first, and how many there are. */
export const walkReportsOfLocationQueryOptions = (input: WalkReportsChunkInput) =>
  queryOptions({
    queryKey: queryKeyOf('walkReport.someByLocation', chunkInputOf(input)),
    queryFn: ({ signal }) => api('walkReport.someByLocation', { ...chunkInputOf(input), signal }),
    placeholderData: keepPreviousData,
  });

export const useWalkReportsOfLocation = (input: WalkReportsChunkInput) =>
  useQuery(walkReportsOfLocationQueryOptions(input));
