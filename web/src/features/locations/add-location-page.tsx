import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, SEARCH_ZOOM } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { geocodeQuery, type Location } from '@sitewalk/shared/schemas/location';
import { ErrorPanel, errorMessageOf } from '../../components/error-panel.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSaveStatus } from '../../components/save-status.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { useCreateLocation, useGeocode } from '../../api/locations.ts';
import { useManagementCompaniesOfUser } from '../../api/management-companies.ts';
import { organizationMatchesQueryOptions } from '../../api/organizations.ts';
import type { PickerOption } from '../../components/pickers/search-picker.tsx';
import { useMayAddLocation, useMayCreateLocationIn } from './hooks/use-may-add-location.ts';
import {
  LocationForm,
  type LocationFormInput,
  type LocationFormValues,
} from './components/location-form.tsx';
import { LazyLocationMap } from './components/lazy-location-map.tsx';
import { Crosshair } from './components/map-overlays.tsx';
import { roundView, type MapTarget, type MapView } from './components/map-view.ts';

const START_VIEW: MapView = {
  latitude: DEFAULT_MAP_CENTER.lat,
  longitude: DEFAULT_MAP_CENTER.lng,
  zoom: DEFAULT_MAP_ZOOM,
};

/** 'Geocode was not successful for the following reason: …', whatever failed. */
export const geocodeFailureText = (error: unknown) => {
  const reason = errorMessageOf(error);
  if (reason?.startsWith(messages.geocode.failed)) return reason;
  return `${messages.geocode.failed}${reason ?? 'UNKNOWN_ERROR'}`;
};

/** The text the geocoder searches: '1 Main St, Fresno, CA 93650', from the fields filled so far. */
export const addressText = (values: Partial<Record<'address' | 'city' | 'state' | 'zipcode', unknown>>) => {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const region = [text(values.state), text(values.zipcode)].filter(Boolean).join(' ');
  return [text(values.address), text(values.city), region].filter(Boolean).join(', ');
};

const Frame = ({ children }: { children: ReactNode }) => (
  <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 960 }}>
    <PageHeader title="Add Location" back={{ to: paths.app.locations.build(), label: 'Back to Locations' }} />
    {children}
  </Stack>
);

/**
 * /app/addLocation: the area, the name and the address; Search moves the map to the address; the point
 * under the crosshair is the location's. Area Managers and above, in the areas the policy allows.
 */
export const AddLocationPage = () => {
  // Below Area Manager nobody adds a location anywhere: said at once, without asking for areas.
  const mayAdd = useMayAddLocation();
  if (!mayAdd) {
    return (
      <Frame>
        <Alert severity="warning">{messages.permission.forbidden}</Alert>
      </Frame>
    );
  }
  return <AddLocation />;
};

/**
 * The area picker's first matches (what it shows when opened, from the server) tell whether there is an area
 * at all and, when they are the whole scope, whether the policy allows any of them and which one to choose
 * for the user when it allows just one.
 */
const AddLocation = () => {
  const { actor } = useAuthorization();
  const mayCreateIn = useMayCreateLocationIn();
  const firstAreas = useQuery(organizationMatchesQueryOptions(actor.userId, ''));
  const noOrganizations = firstAreas.isSuccess && firstAreas.data.totalCount === 0;
  const companies = useManagementCompaniesOfUser(actor.userId, noOrganizations);

  if (firstAreas.isPending || (noOrganizations && companies.isPending))
    return <Spinner label="Loading areas" />;
  if (firstAreas.isError)
    return <ErrorPanel error={firstAreas.error} onReset={() => void firstAreas.refetch()} />;
  if (noOrganizations) {
    if (companies.isError)
      return <ErrorPanel error={companies.error} onReset={() => void companies.refetch()} />;
    return (
      <Frame>
        <Alert severity="info">
          {companies.data?.companies.length === 0
            ? messages.prerequisites.addManagementCompany
            : messages.prerequisites.addArea}
        </Alert>
      </Frame>
    );
  }
  const { organizations, totalCount } = firstAreas.data;
  const wholeScope = totalCount <= organizations.length;
  const allowed = organizations.filter(mayCreateIn);
  if (wholeScope && allowed.length === 0) {
    return (
      <Frame>
        <Alert severity="warning">{messages.permission.forbidden}</Alert>
      </Frame>
    );
  }
  return (
    <Frame>
      <AddLocationFormCard
        onlyArea={wholeScope && allowed.length === 1 ? allowed[0]?.id : undefined}
        allows={(area) => mayCreateIn({ id: area.id, managementCompanyId: area.managementCompanyId ?? 0 })}
      />
    </Frame>
  );
};

type Found = { label: string; approximate: boolean };

const AddLocationFormCard = ({
  onlyArea,
  allows,
}: {
  /** The one area the user may add a location in, chosen for them. */
  onlyArea: number | undefined;
  allows: (area: PickerOption) => boolean;
}) => {
  const navigate = useNavigate();
  const create = useCreateLocation();
  const [view, setView] = useState<MapView>(START_VIEW);
  const [target, setTarget] = useState<MapTarget | null>(null);
  const [created, setCreated] = useState<Location | null>(null);
  const save = useSaveStatus({
    onSaved: () => {
      // The newest render's callback runs (use-timed-status), which holds the location made.
      if (created) void navigate(paths.app.location.build(created.id), { state: { location: created } });
    },
  });

  const createAt = async (values: LocationFormValues) => {
    const { latitude, longitude } = roundView(view);
    const location = await create.mutateAsync({ ...values, latitude, longitude });
    setCreated(location);
    return location;
  };

  return (
    <LocationForm
      defaultValues={{
        organizationId: onlyArea,
        name: '',
        address: '',
        city: '',
        state: '',
        zipcode: '',
      }}
      withAddress
      areaSearch={{ allows }}
      save={save}
      disabled={save.busy}
      onSubmit={createAt}
    >
      <AddressSearch
        disabled={save.busy}
        onFound={(next) => {
          setView(next);
          setTarget({ ...next, key: Date.now() });
        }}
      />
      <LazyLocationMap
        height={{ xs: 300, md: 420 }}
        ariaLabel="Map: the location is the point under the crosshair"
        initialView={START_VIEW}
        target={target}
        onViewChange={setView}
        overlay={<Crosshair />}
      />
      <Typography variant="body2" color="text.secondary" data-testid="map-centre">
        Centre: {view.latitude.toFixed(6)}, {view.longitude.toFixed(6)}
      </Typography>
    </LocationForm>
  );
};

/** Search: the address filled in so far, through the geocoder; what it found, or why not. */
const AddressSearch = ({ disabled, onFound }: { disabled: boolean; onFound: (view: MapView) => void }) => {
  const { getValues } = useFormContext<LocationFormInput>();
  const geocode = useGeocode();
  const [found, setFound] = useState<Found | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);

  const search = async () => {
    setFound(null);
    setSearchError(null);
    const query = geocodeQuery.safeParse({ address: addressText(getValues()) });
    if (!query.success) {
      setSearchError(query.error.issues[0]?.message ?? messages.geocode.failed);
      return;
    }
    try {
      const result = await geocode.mutateAsync(query.data.address);
      onFound({ latitude: result.lat, longitude: result.lng, zoom: SEARCH_ZOOM });
      setFound({ label: result.label, approximate: result.approximate });
    } catch (error) {
      setSearchError(geocodeFailureText(error));
    }
  };

  return (
    <Stack spacing={1}>
      <Box>
        <Button
          variant="outlined"
          startIcon={<SearchIcon />}
          onClick={() => void search()}
          disabled={disabled || geocode.isPending}
        >
          Search
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        {geocode.isPending && <Typography color="text.secondary">Searching...</Typography>}
        {searchError && <Alert severity="error">{searchError}</Alert>}
        {found &&
          (found.approximate ? (
            <Alert severity="info">
              Approximate position: the centre of {found.label}. Move the map so the crosshair marks the
              location.
            </Alert>
          ) : (
            <Alert severity="success">Found: {found.label}</Alert>
          ))}
      </Box>
    </Stack>
  );
};
