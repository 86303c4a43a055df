import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PICKER_MATCHES } from '@sitewalk/shared/constants';
import type { RouteName, Routes } from '@sitewalk/shared/contract/index';
import type { RouteBodyInput } from '@sitewalk/shared/contract/route';
import { api } from '../lib/api.ts';
import { queryKeyOf } from '../lib/query.ts';
import { invalidateGroup, useInvalidateGroup, without, type InvalidationGroup } from './invalidation.ts';

/** The body a route takes, as the SPA sends it. */
type BodyOf<N extends RouteName> = NonNullable<RouteBodyInput<Routes[N]>>;

/** What a change of a task makes stale. */
export const taskChangeRoutes = ['task.get', 'task.some'] as const satisfies InvalidationGroup;

export type TaskView = 'mine' | 'locations' | 'overdue';

export interface TasksInput {
  view: TaskView;
  page: number;
  pageSize: number;
  searchTerm: string;
  status?: 'open' | 'inProgress' | 'done' | undefined;
  priority?: '1' | '2' | '3' | undefined;
}

const pageInputOf = ({ view, page, pageSize, searchTerm, status, priority }: TasksInput) => ({
  query: {
    view,
    limit: pageSize,
    offset: (page - 1) * pageSize,
    ...(searchTerm.trim() ? { searchTerm: searchTerm.trim() } : {}),
    ...(status ? { status } : {}),
    ...(priority ? { priority } : {}),
  },
});

export const tasksPageQueryOptions = (input: TasksInput) =>
  queryOptions({
    queryKey: queryKeyOf('task.some', pageInputOf(input)),
    queryFn: ({ signal }) => api('task.some', { ...pageInputOf(input), signal }),
    placeholderData: keepPreviousData,
  });

export const useTasksPage = (input: TasksInput) => useQuery(tasksPageQueryOptions(input));

export const taskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeyOf('task.get', { params: { id } }),
    queryFn: ({ signal }) => api('task.get', { params: { id }, signal }),
  });

export const useTask = (id: number, enabled = true) => useQuery({ ...taskQueryOptions(id), enabled });

/**
 * An Assignee picker's options: the first PICKER_MATCHES of whom a task at the location may be given to
 * (the server's rule, `task.assignees`) whose name, e-mail or role holds `term`.
 */
export const assigneeMatchesQueryOptions = (locationId: number, term: string) => {
  const input = {
    params: { locationId },
    query: { limit: PICKER_MATCHES, offset: 0, searchTerm: term.trim() || undefined },
  };
  return queryOptions({
    queryKey: queryKeyOf('task.assignees', input),
    queryFn: ({ signal }) => api('task.assignees', { ...input, signal }),
  });
};

export const useCreateTask = () => {
  const invalidate = useInvalidateGroup(taskChangeRoutes);
  return useMutation({
    mutationFn: (body: BodyOf<'task.create'>) => api('task.create', { body }),
    onSuccess: invalidate,
  });
};

export const useUpdateTask = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'task.update'>) => api('task.update', { params: { id }, body }),
    onSuccess: (task) => {
      queryClient.setQueryData(taskQueryOptions(id).queryKey, task);
      return invalidateGroup(queryClient, taskChangeRoutes);
    },
  });
};

export const useAddComment = (id: number) => {
  const invalidate = useInvalidateGroup(taskChangeRoutes);
  return useMutation({
    mutationFn: (comment: string) => api('task.addComment', { params: { id }, body: { comment } }),
    onSuccess: invalidate,
  });
};

export const useDeleteTask = () => {
  // Not the task itself: the page still showing it would refetch it and answer 404.
  const invalidate = useInvalidateGroup(without(taskChangeRoutes, 'task.get'));
  return useMutation({
    mutationFn: (id: number) => api('task.delete', { params: { id } }),
    onSuccess: invalidate,
  });
};
