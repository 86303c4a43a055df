import { useQuery } from '@tanstack/react-query';
import { roleNames, type RoleId } from '@sitewalk/shared/roles';
import { assigneeMatchesQueryOptions } from '../../../api/tasks.ts';
import { userQueryOptions } from '../../../api/users.ts';
import {
  SearchPicker,
  type PickerOption,
  type SearchPickerProps,
  type SingleValueProps,
} from '../../../components/pickers/search-picker.tsx';
import { fullName } from '../../../components/users-table/membership.ts';

interface Person {
  id: number;
  firstName: string;
  lastName: string;
  roleId?: number;
}

const personOption = (person: Person): PickerOption => ({
  id: person.id,
  label: fullName(person),
  ...(person.roleId === undefined ? {} : { detail: roleNames[person.roleId as RoleId] }),
});

export type AssigneePickerProps = Omit<
  SearchPickerProps & SingleValueProps,
  'useMatches' | 'useChosen' | 'noMatchText' | 'errorText' | 'label' | 'allLabel'
> & {
  /** The task's location: only whom a task there may be given to are offered (the server's rule). */
  locationId: number;
  /** The assignee as the task names them: shown as chosen without asking again. */
  assignee?: Person | null;
};

/**
 * The task's Assignee: a searchable picker of whom the server says a task at the location may be given to
 * (`task.assignees`, PICKER_MATCHES at a time); none chosen is 'Unassigned'. The server still refuses anyone
 * else.
 */
export const AssigneePicker = ({ locationId, assignee, ...props }: AssigneePickerProps) => {
  const useAssigneeMatches = (term: string, enabled: boolean) =>
    useQuery({
      ...assigneeMatchesQueryOptions(locationId, term),
      select: (page) => page.users.map(personOption),
      enabled,
    });
  // The task's own assignee is named by the task (they may since have left the location): not asked for.
  const useChosenAssignee = (id: number, enabled: boolean) => {
    const known = assignee?.id === id ? assignee : undefined;
    const asked = useQuery({ ...userQueryOptions(id), select: personOption, enabled: enabled && !known });
    return known ? ({ ...asked, data: personOption(known), isError: false } as typeof asked) : asked;
  };
  return (
    <SearchPicker
      {...props}
      label="Assignee"
      allLabel="Unassigned"
      noMatchText="No one here matches"
      errorText="The assignees could not be searched."
      useMatches={useAssigneeMatches}
      useChosen={useChosenAssignee}
    />
  );
};
