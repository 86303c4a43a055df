import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { WALK_REPORT_TABLE_LIMIT } from '@sitewalk/shared/constants';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export interface WalkReportsChunkInput {
  locationId: number;
  /** Which 1,000 reports: 0 is the newest thousand (the spec's fetch), 1 the next, … */
  chunk: number;
  searchTerm: string;
}

const inputOf = ({ locationId, chunk, searchTerm }: WalkReportsChunkInput) => ({
  params: { locationId },
  query: {
    limit: WALK_REPORT_TABLE_LIMIT,
    offset: chunk * WALK_REPORT_TABLE_LIMIT,
    searchTerm: searchTerm.trim() || undefined,
  },
});

/** Up to 1,000 of a location's walk reports, newest first, and how many there are. */
export const walkReportsQueryOptions = (input: WalkReportsChunkInput) =>
  queryOptions({
    queryKey: queryKeyOf('walkReport.someByLocation', inputOf(input)),
    queryFn: ({ signal }) => api('walkReport.someByLocation', { ...inputOf(input), signal }),
    placeholderData: keepPreviousData,
  });

export const useWalkReports = (input: WalkReportsChunkInput) => useQuery(walkReportsQueryOptions(input));
