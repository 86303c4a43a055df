import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteName } from '@sitewalk/shared/contract/index';
import { api } from '../../../lib/api.ts';
import { invalidateRoute } from '../../../lib/query.ts';

/** What a change of an area makes stale. */
const areaRoutes: RouteName[] = [
  'organization.someByUser',
  'organization.allByUser',
  'organization.allByManagementCompany',
  'organization.get',
];

const useInvalidateAreas = () => {
  const queryClient = useQueryClient();
  return () => Promise.all(areaRoutes.map((name) => invalidateRoute(queryClient, name)));
};

export interface CreateAreaInput {
  name: string;
  managementCompanyId: number;
}

export const createArea = (body: CreateAreaInput) => api('organization.create', { body });

export const useCreateArea = () => {
  const invalidate = useInvalidateAreas();
  return useMutation({ mutationFn: createArea, onSuccess: invalidate });
};

export const updateArea = (body: { id: number; name: string }) => api('organization.update', { body });

export const useUpdateArea = () => {
  const invalidate = useInvalidateAreas();
  return useMutation({ mutationFn: updateArea, onSuccess: invalidate });
};

export const deleteArea = (id: number) => api('organization.delete', { params: { id } });

export const useDeleteArea = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArea,
    // The lists only: the page still showing the deleted area would refetch it and answer 404.
    onSuccess: () =>
      Promise.all(
        areaRoutes
          .filter((name) => name !== 'organization.get')
          .map((name) => invalidateRoute(queryClient, name)),
      ),
  });
};
