import { roleNames, type RoleId } from '@sitewalk/shared/roles';
import type { UserItem } from '../db/entities/user.ts';
import { pageOf, type PageRequest } from './paging.ts';

const searchable = (u: UserItem) => [
  u.firstName,
  u.lastName,
  `${u.firstName} ${u.lastName}`,
  u.email,
  u.phone,
  roleNames[u.roleId as RoleId],
];

/**
 * A page of users, searched by name, e-mail, phone and role (as the user list's search box and the user
 * pickers offer). Its own module, so the task function pages its assignees without the user domain.
 */
export const pageOfUsers = (users: readonly UserItem[], query: PageRequest) =>
  pageOf(users, query, searchable);
