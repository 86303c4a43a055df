import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import type { CreateUserBody } from '@sitewalk/shared/schemas/user';
import { api } from '../../../lib/api.ts';
import { invalidateRoute } from '../../../lib/query.ts';

export type CreatableRole = Exclude<RoleId, 50>;

/** One create call per role (`POST /api/user/{slug}`). */
const createRoutes = {
  [Role.Admin]: 'user.createAdmin',
  [Role.Owner]: 'user.createOwner',
  [Role.CompanyManager]: 'user.createCompanyManager',
  [Role.AreaManager]: 'user.createAreaManager',
  [Role.Manager]: 'user.createManager',
  [Role.AssistantManager]: 'user.createAssistantManager',
  [Role.Employee]: 'user.createEmployee',
} as const satisfies Record<CreatableRole, string>;

export interface CreateUserInput {
  roleId: CreatableRole;
  body: CreateUserBody;
}

export const createUser = ({ roleId, body }: CreateUserInput) => api(createRoutes[roleId], { body });

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () =>
      Promise.all([
        invalidateRoute(queryClient, 'user.allByUser'),
        invalidateRoute(queryClient, 'user.someByUser'),
        invalidateRoute(queryClient, 'user.allByLocation'),
        invalidateRoute(queryClient, 'user.allByOrganization'),
      ]),
  });
};
