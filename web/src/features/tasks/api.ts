import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from './types.ts';
import { api } from '../../lib/api.ts';
import { invalidateRoute, queryKeyOf } from '../../lib/query.ts';

export type TaskView = 'mine' | 'locations' | 'overdue';

export interface TasksInput {
  view: TaskView;
  page: number;
  pageSize: number;
  searchTerm: string;
  status?: 'open' | 'inProgress' | 'done' | undefined;
  priority?: '1' | '2' | '3' | undefined;
}

const inputOf = ({ view, page, pageSize, searchTerm, status, priority }: TasksInput) => ({
  query: {
    view,
    limit: pageSize,
    offset: (page - 1) * pageSize,
    ...(searchTerm.trim() ? { searchTerm: searchTerm.trim() } : {}),
    ...(status ? { status } : {}),
    ...(priority ? { priority } : {}),
  },
});

export const tasksQueryOptions = (input: TasksInput) =>
  queryOptions({
    queryKey: queryKeyOf('task.some', inputOf(input)),
    queryFn: ({ signal }) => api('task.some', { ...inputOf(input), signal }),
    placeholderData: keepPreviousData,
  });

export const useTasks = (input: TasksInput) => useQuery(tasksQueryOptions(input));

export const useTask = (id: number, enabled = true) =>
  useQuery({
    queryKey: queryKeyOf('task.get', { params: { id } }),
    queryFn: ({ signal }) => api('task.get', { params: { id }, signal }),
    enabled,
  });

/** The incident a task is made from (its location and first text prefill the form). */
export const useIncident = (id: number) =>
  useQuery({
    queryKey: queryKeyOf('incident.get', { params: { id } }),
    queryFn: ({ signal }) => api('incident.get', { params: { id }, signal }),
  });

export const useAssignees = (locationId: number | null, enabled = true) =>
  useQuery({
    queryKey: queryKeyOf('task.assignees', { params: { locationId } }),
    queryFn: ({ signal }) => api('task.assignees', { params: { locationId: locationId ?? 0 }, signal }),
    enabled: enabled && locationId !== null,
  });

const invalidateTasks = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([invalidateRoute(queryClient, 'task.some'), invalidateRoute(queryClient, 'task.get')]);

export const useCreateTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'task.create'>) => api('task.create', { body }),
    onSuccess: () => invalidateTasks(queryClient),
  });
};

export const useUpdateTask = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'task.update'>) => api('task.update', { params: { id }, body }),
    onSuccess: (task) => {
      queryClient.setQueryData(queryKeyOf('task.get', { params: { id } }), task);
      return invalidateRoute(queryClient, 'task.some');
    },
  });
};

export const useAddComment = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => api('task.addComment', { params: { id }, body: { comment } }),
    onSuccess: () => invalidateTasks(queryClient),
  });
};

export const useDeleteTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('task.delete', { params: { id } }),
    onSuccess: () => invalidateRoute(queryClient, 'task.some'),
  });
};
