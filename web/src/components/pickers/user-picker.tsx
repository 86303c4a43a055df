import { useQuery } from '@tanstack/react-query';
import type { User } from '@sitewalk/shared/schemas/user';
import { userMatchesQueryOptions, userQueryOptions, type UsersSource } from '../../api/users.ts';
import { useCurrentUser } from '../../lib/auth.tsx';
import { fullName } from '../users-table/membership.ts';
import {
  SearchPicker,
  type PickerOption,
  type SearchPickerProps,
  type SingleValueProps,
} from './search-picker.tsx';

/** A user as a picker lists them: their name, then role and e-mail to tell two of one name apart. */
const userOption = (user: User): PickerOption => ({
  id: user.id,
  label: fullName(user),
  detail: [user.roleName, user.email].filter(Boolean).join(' · '),
  managementCompanyId: user.managementCompanyId,
});

export type UserPickerProps = Omit<
  SearchPickerProps & SingleValueProps,
  'useMatches' | 'useChosen' | 'noMatchText' | 'errorText' | 'label'
> & {
  label?: string;
  /** Whose users: the signed-in user's scope (the default), a location's or an area's. */
  source?: UsersSource;
};

const useChosenUser = (id: number, enabled: boolean) =>
  useQuery({ ...userQueryOptions(id), select: userOption, enabled });

/** A searchable picker of one user: the server searches names, e-mails and roles for what is typed. */
export const UserPicker = ({ label = 'User', source = { kind: 'user' }, ...props }: UserPickerProps) => {
  const currentUser = useCurrentUser();
  // The users' search has no company filter: the first matches are narrowed to the company here.
  const useUserMatches = (term: string, enabled: boolean, managementCompanyId: number | undefined) =>
    useQuery({
      ...userMatchesQueryOptions(source, currentUser.id, term),
      select: (page) =>
        page.users
          .map(userOption)
          .filter(
            (option) =>
              managementCompanyId === undefined || option.managementCompanyId === managementCompanyId,
          ),
      enabled,
    });
  return (
    <SearchPicker
      {...props}
      label={label}
      noMatchText="No user matches"
      errorText="The users could not be searched."
      useMatches={useUserMatches}
      useChosen={useChosenUser}
    />
  );
};
