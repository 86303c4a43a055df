import { useQuery } from '@tanstack/react-query';
import type { Location } from '@sitewalk/shared/schemas/location';
import { locationMatchesQueryOptions, locationQueryOptions } from '../../api/locations.ts';
import { useCurrentUser } from '../../lib/auth.tsx';
import { ChosenLabel, SearchPicker, type KindPickerProps, type PickerOption } from './search-picker.tsx';

/** A location as a picker lists it: its name, and where it is, to tell two of one name apart. */
const locationOption = (location: Location): PickerOption => ({
  id: location.id,
  label: location.name,
  detail: [location.address, location.city, location.state].filter(Boolean).join(', '),
  managementCompanyId: location.managementCompanyId,
});

const useLocationMatches = (term: string, enabled: boolean, managementCompanyId: number | undefined) => {
  const user = useCurrentUser();
  return useQuery({
    ...locationMatchesQueryOptions(user.id, term, managementCompanyId),
    select: (page) => page.locations.map(locationOption),
    enabled,
  });
};

/** A location's name, read by id (a chosen one whose name is not at hand). */
export const useChosenLocation = (id: number, enabled: boolean) =>
  useQuery({ ...locationQueryOptions(id), select: locationOption, enabled });

export type LocationPickerProps = KindPickerProps;

/**
 * A searchable picker of one location (or several, `multiple`) of the signed-in user's scope, of one company
 * when `managementCompanyId` is given: the server searches what is typed.
 */
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

/** A location's name read by id, for a list that holds a chosen location whose name is not at hand. */
export const LocationName = ({ id }: { id: number }) => <ChosenLabel id={id} useChosen={useChosenLocation} />;
