import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import type { updateUserBody } from '@sitewalk/shared/schemas/user';
import { api } from '../../../lib/api.ts';
import { invalidateRoute } from '../../../lib/query.ts';

export type UpdateUserBody = z.input<typeof updateUserBody>;

export const updateUser = (body: UpdateUserBody) =>
  api('user.update', { params: { id: body.userInfo.id }, body });

export const setCompanyEmail = ({ userId, enabled }: { userId: number; enabled: boolean }) =>
  api('user.companyEmail', { body: { userId, company_email: enabled } });

export const deleteUser = (id: number) => api('user.delete', { params: { id } });

/** Everything that shows a user: their profile, picture, the lists, and the signed-in user when it is them. */
export const invalidateUsers = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all(
    (
      [
        'user.get',
        'user.revealPin',
        'user.profilePicture',
        'user.allByUser',
        'user.someByUser',
        'user.allByLocation',
        'user.someByLocation',
        'user.allByOrganization',
        'user.someByOrganization',
        'auth.me',
      ] as const
    ).map((name) => invalidateRoute(queryClient, name)),
  );

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => invalidateUsers(queryClient) });
};

export const useSetCompanyEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCompanyEmail, onSuccess: () => invalidateUsers(queryClient) });
};

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // The deleted user's own query is dropped, not refetched (it would answer 404).
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: ['user.get', { params: { id } }] });
      return Promise.all(
        (
          [
            'user.allByUser',
            'user.someByUser',
            'user.allByLocation',
            'user.someByLocation',
            'user.allByOrganization',
            'user.someByOrganization',
          ] as const
        ).map((name) => invalidateRoute(queryClient, name)),
      );
    },
  });
};
