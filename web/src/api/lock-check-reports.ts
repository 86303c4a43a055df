import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { LockCheck } from '@sitewalk/shared/schemas/lockCheck';
import type { RouteBodyInput } from '@sitewalk/shared/contract/route';
import type { Routes } from '@sitewalk/shared/contract/index';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';
import { useInvalidateGroup, type InvalidationGroup } from './invalidation.ts';

/** What resolving a discrepancy, or making a task of one, makes stale. */
export const lockCheckChangeRoutes = [
  'lockCheck.get',
  'lockCheck.someByLocation',
] as const satisfies InvalidationGroup;

/** While a door photo is being read the report is asked for again this often, at most READING_POLLS times. */
const READING_POLL_MS = 3_000;
const READING_POLLS = 40;
const isReading = (check: LockCheck | undefined) =>
  check?.results.some((result) =>
    result.photos.some((photo) => photo.url !== null && photo.picturedUnit === null),
  ) ?? false;

export const lockCheckQueryOptions = (lockCheckId: number) =>
  queryOptions({
    queryKey: queryKeyOf('lockCheck.get', { params: { lockCheckId } }),
    queryFn: ({ signal }) => api('lockCheck.get', { params: { lockCheckId }, signal }),
    refetchInterval: (query) =>
      isReading(query.state.data) && query.state.dataUpdateCount < READING_POLLS ? READING_POLL_MS : false,
  });

export const useLockCheck = (lockCheckId: number) => useQuery(lockCheckQueryOptions(lockCheckId));

export interface LockChecksPageInput {
  locationId: number;
  page: number;
  pageSize: number;
}

const pageInputOf = ({ locationId, page, pageSize }: LockChecksPageInput) => ({
  params: { locationId },
  query: { limit: pageSize, offset: (page - 1) * pageSize },
});

export const useLockChecksOfLocation = (input: LockChecksPageInput) =>
  useQuery({
    queryKey: queryKeyOf('lockCheck.someByLocation', pageInputOf(input)),
    queryFn: ({ signal }) => api('lockCheck.someByLocation', { ...pageInputOf(input), signal }),
    placeholderData: keepPreviousData,
  });

export const useResolveDiscrepancy = (lockCheckId: number) => {
  const invalidate = useInvalidateGroup(lockCheckChangeRoutes);
  return useMutation({
    mutationFn: (body: NonNullable<RouteBodyInput<Routes['lockCheck.resolveDiscrepancy']>>) =>
      api('lockCheck.resolveDiscrepancy', { params: { lockCheckId }, body }),
    onSuccess: invalidate,
  });
};

const cadenceInput = (locationId: number) => ({ params: { locationId } });

/** How often the location's units are checked in full, its last full check and when the next is due. */
export const useLockCheckCadence = (locationId: number) =>
  useQuery({
    queryKey: queryKeyOf('lockCheck.cadence', cadenceInput(locationId)),
    queryFn: ({ signal }) => api('lockCheck.cadence', { ...cadenceInput(locationId), signal }),
  });

export const useSetLockCheckCadence = (locationId: number) => {
  const invalidate = useInvalidateGroup(['lockCheck.cadence']);
  return useMutation({
    mutationFn: (everyDays: number) =>
      api('lockCheck.setCadence', { ...cadenceInput(locationId), body: { everyDays } }),
    onSuccess: invalidate,
  });
};

/** A unit's findings at a location, newest first (the first `limit`), and how many there are. */
export const useUnitHistory = (locationId: number, unit: string | null, limit = 10) => {
  const input = { params: { locationId }, query: { unit: unit ?? '', limit, offset: 0 } };
  return useQuery({
    queryKey: queryKeyOf('lockCheck.unitHistory', input),
    queryFn: ({ signal }) => api('lockCheck.unitHistory', { ...input, signal }),
    enabled: unit !== null,
  });
};
