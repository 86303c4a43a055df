import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@sitewalk/shared/messages';
import { canMoveLocation } from '@sitewalk/shared/policy';
import type { Location } from '@sitewalk/shared/schemas/location';
import { DeleteCard } from '../../components/delete-card.tsx';
import { deleteRefusal, useDelete } from '../../components/delete-status.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SaveButton } from '../../components/save-button.tsx';
import { useSaveStatus } from '../../components/save-status.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { useDeleteLocation, useLocation, useUpdateLocation } from '../../api/locations.ts';
import { useOrganizationsOfCompany } from '../../api/organizations.ts';
import { useRouteId } from '../../lib/route-params.ts';
import { LocationForm } from './components/location-form.tsx';
import { LazyLocationMap } from './components/lazy-location-map.tsx';
import { locationPlacement } from './components/location-helpers.ts';
import { CentreMarker } from './components/map-overlays.tsx';
import { roundView, type MapView } from './components/map-view.ts';

/** /app/locations/update/{id}: name, area, the map's zoom and centre, and delete (Area Manager and above). */
export const UpdateLocationPage = () => {
  const id = useRouteId();
  if (id === null) return <ErrorPanel error="Location not found" onReset={() => history.back()} />;
  return <UpdateLocation id={id} />;
};

/**
 * The form starts from the API's answer, never from a location handed over in navigation state: that one
 * may be older than the last save (a reload keeps the state), and the form would start from stale values.
 */
const UpdateLocation = ({ id }: { id: number }) => {
  const { can } = useAuthorization();
  const location = useLocation(id);
  if (location.isPending) return <Spinner label="Loading location" />;
  if (location.isError) return <ErrorPanel error={location.error} onReset={() => void location.refetch()} />;
  if (!can('update', locationPlacement(location.data)))
    return <ErrorPanel error={messages.permission.forbidden} onReset={() => history.back()} />;
  return <UpdateLocationForms location={location.data} />;
};

const UpdateLocationForms = ({ location }: { location: Location }) => {
  const navigate = useNavigate();
  const { actor, can } = useAuthorization();
  const placement = locationPlacement(location);
  const mayChangeOrganization = can('changeOrganization', placement);
  // A location moves only within its company: that company's areas, not every area of the scope.
  const organizations = useOrganizationsOfCompany(location.managementCompanyId, mayChangeOrganization);
  const destinations = (organizations.data ?? []).filter(
    (organization) =>
      organization.id === location.organizationId ||
      canMoveLocation(actor, placement, {
        kind: 'organization',
        id: organization.id,
        managementCompanyId: organization.managementCompanyId,
      }),
  );
  const update = useUpdateLocation();
  const view = useUpdateLocation();
  const remove = useDeleteLocation();
  const [viewFailure, setViewFailure] = useState<string | null>(null);
  const [mapView, setMapView] = useState<MapView>({
    latitude: location.latitude,
    longitude: location.longitude,
    zoom: location.zoomLevel,
  });
  const save = useSaveStatus({
    onSaved: () => void navigate(`${paths.app.location.build(location.id)}#walk-reports`),
  });
  const saveView = useSaveStatus({
    onError: (error) => setViewFailure(error instanceof Error ? error.message : messages.status.error),
  });
  const del = useDelete({
    remove: () => remove.mutateAsync(location.id),
    onDeleted: () => void navigate(paths.app.locations.build()),
    failureText: deleteRefusal('location'),
  });

  const saveZoomAndCenter = async () => {
    setViewFailure(null);
    const { latitude, longitude, zoom } = roundView(mapView);
    await saveView.run(() =>
      view.mutateAsync({ id: location.id, latitude, longitude, zoomLevel: Math.min(22, Math.max(1, zoom)) }),
    );
  };

  const mayDelete = can('delete', placement);
  const busy = save.busy || del.busy || saveView.status === 'working';

  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 960 }}>
      <PageHeader
        title="Update Location"
        back={{ to: `${paths.app.location.build(location.id)}#walk-reports`, label: 'Back to Location' }}
        subtitle={location.name}
      />

      <LocationForm
        defaultValues={location}
        withAddress={false}
        organizations={mayChangeOrganization ? destinations : undefined}
        organizationsPending={organizations.isPending}
        organizationsProblem={organizations.isError ? 'The areas could not be loaded.' : undefined}
        save={save}
        disabled={busy}
        onSubmit={({ name, organizationId }) =>
          update.mutateAsync({
            id: location.id,
            name,
            ...(mayChangeOrganization && organizationId !== location.organizationId
              ? { organizationId }
              : {}),
          })
        }
      />

      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Map
            </Typography>
            <Typography color="text.secondary">
              Move and zoom the map until the marker sits on the location and the walks fit the view.
            </Typography>
            <LazyLocationMap
              height={{ xs: 300, md: 440 }}
              ariaLabel={`Map of ${location.name}: the location is the point under the centre marker`}
              initialView={{
                latitude: location.latitude,
                longitude: location.longitude,
                zoom: location.zoomLevel,
              }}
              onViewChange={setMapView}
              overlay={<CentreMarker />}
            />
            <Typography variant="body2" color="text.secondary" data-testid="map-view">
              Centre {mapView.latitude.toFixed(6)}, {mapView.longitude.toFixed(6)} · zoom{' '}
              {mapView.zoom.toFixed(1)}
            </Typography>
            {viewFailure && <Alert severity="error">{viewFailure}</Alert>}
            <SaveButton
              status={saveView.status}
              disabled={busy}
              label="Save Zoom & Center"
              icon={<CenterFocusStrongIcon />}
              onClick={() => void saveZoomAndCenter()}
            />
          </Stack>
        </CardContent>
      </Card>

      {mayDelete && (
        <DeleteCard
          label="Delete Location"
          confirmTitle="Delete Location?"
          confirmMessage={messages.confirm.deleteLocation}
          status={del.status}
          failure={del.failure}
          disabled={busy}
          onConfirm={del.confirm}
        />
      )}
    </Stack>
  );
};
