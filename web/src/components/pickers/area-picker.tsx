import { useQuery } from '@tanstack/react-query';
import type { Organization } from '@sitewalk/shared/schemas/organization';
import { organizationMatchesQueryOptions, organizationQueryOptions } from '../../api/organizations.ts';
import { useCurrentUser } from '../../lib/auth.tsx';
import { SearchPicker, type KindPickerProps, type PickerOption } from './search-picker.tsx';

/** An area as a picker lists it: its name, and where it is when it has an address. */
const areaOption = (area: Organization): PickerOption => ({
  id: area.id,
  label: area.name,
  detail: [area.address, area.city, area.state].filter(Boolean).join(', '),
  managementCompanyId: area.managementCompanyId,
});

const useAreaMatches = (term: string, enabled: boolean, managementCompanyId: number | undefined) => {
  const user = useCurrentUser();
  return useQuery({
    ...organizationMatchesQueryOptions(user.id, term, managementCompanyId),
    select: (page) => page.organizations.map(areaOption),
    enabled,
  });
};

/** An area's name, read by id (a chosen one whose name is not at hand). */
const useChosenArea = (id: number, enabled: boolean) =>
  useQuery({ ...organizationQueryOptions(id), select: areaOption, enabled });

/**
 * A searchable picker of one area (or several, `multiple`) of the signed-in user's scope, of one company
 * when `managementCompanyId` is given: the server searches what is typed.
 */
export const AreaPicker = ({ label = 'Area', ...props }: KindPickerProps) => (
  <SearchPicker
    {...props}
    label={label}
    noMatchText="No area matches"
    errorText="The areas could not be searched."
    useMatches={useAreaMatches}
    useChosen={useChosenArea}
  />
);
