import { useQuery } from '@tanstack/react-query';
import type { Location } from '@sitewalk/shared/schemas/location';
import { locationMatchesQueryOptions, locationQueryOptions } from '../../api/locations.ts';
import { useCurrentUser } from '../../lib/auth.tsx';
import { SearchPicker, type PickerOption, type SearchPickerProps } from './search-picker.tsx';

/** A location as a picker lists it: its name, and where it is, to tell two of one name apart. */
const locationOption = (location: Location): PickerOption => ({
  id: location.id,
  label: location.name,
  detail: [location.address, location.city, location.state].filter(Boolean).join(', '),
  managementCompanyId: location.managementCompanyId,
});

const useLocationMatches = (term: string, enabled: boolean) => {
  const user = useCurrentUser();
  return useQuery({
    ...locationMatchesQueryOptions(user.id, term),
    select: (page) => page.locations.map(locationOption),
    enabled,
  });
};

const useChosenLocation = (id: number, enabled: boolean) =>
  useQuery({ ...locationQueryOptions(id), select: locationOption, enabled });

export type LocationPickerProps = Omit<
  SearchPickerProps,
  'useMatches' | 'useChosen' | 'noMatchText' | 'errorText' | 'label'
> & {
  label?: string;
};

/** A searchable picker of one location of the signed-in user's scope: the server searches what is typed. */
export const LocationPicker = ({ label = 'Location', ...props }: LocationPickerProps) => (
  <SearchPicker
    {...props}
    label={label}
    noMatchText="No location matches"
    errorText="The locations could not be searched."
    useMatches={useLocationMatches}
    useChosen={useChosenLocation}
  />
);
