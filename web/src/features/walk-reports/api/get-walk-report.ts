import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeyOf } from '../../../lib/query.ts';

export const getWalkReport = (walkReportId: number, signal?: AbortSignal) =>
  api('walk.report', { params: { walkReportId }, signal });

export const walkReportQueryOptions = (walkReportId: number) =>
  queryOptions({
    queryKey: queryKeyOf('walk.report', { params: { walkReportId } }),
    queryFn: ({ signal }) => getWalkReport(walkReportId, signal),
  });

export const useWalkReport = (walkReportId: number) => useQuery(walkReportQueryOptions(walkReportId));
