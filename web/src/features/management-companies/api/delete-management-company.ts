import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateRoute, queryKeyOf } from '../../../lib/query.ts';

export const deleteManagementCompany = (id: number) => api('managementCompany.delete', { params: { id } });

export const useDeleteManagementCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteManagementCompany,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeyOf('managementCompany.get', { params: { id } }) });
      return Promise.all([
        invalidateRoute(queryClient, 'managementCompany.some'),
        invalidateRoute(queryClient, 'managementCompany.allByUser'),
      ]);
    },
  });
};
