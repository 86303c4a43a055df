import { Box, Button, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditLocationAltIcon from '@mui/icons-material/EditLocationAlt';
import RouteIcon from '@mui/icons-material/Route';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useLocation as useRouterLocation, useNavigate } from 'react-router';
import type { Location } from '@sitewalk/shared/schemas/location';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { UsersTable } from '../../components/users-table/users-table.tsx';
import { paths } from '../../config/paths.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { useLocation } from '../../api/locations.ts';
import { useRouteId } from '../../lib/route-params.ts';
import { IncidentsTab } from './components/incidents-tab.tsx';
import { cityLine, locationFromState, locationPlacement } from './components/location-helpers.ts';
import { WalkReportsTab } from './components/walk-reports-tab.tsx';
import { ScheduleTab } from './components/schedule-tab.tsx';
import { RosterTab } from './components/roster/roster-tab.tsx';
import { locationTimeZone } from '@sitewalk/shared/time-zones';

const TABS = [
  { hash: '#walk-reports', label: 'Walk Reports' },
  { hash: '#employees', label: 'Employees' },
  { hash: '#incidents', label: 'Incidents' },
  { hash: '#schedule', label: 'Schedule' },
  { hash: '#units', label: 'Units' },
  { hash: '#setup-walks', label: 'Setup Walks' },
  { hash: '#update-location', label: 'Update Location' },
] as const;
type TabHash = (typeof TABS)[number]['hash'];
const DEFAULT_TAB: TabHash = '#walk-reports';

/** /app/locations/{id}: the header and the tabs, chosen by the URL's hash (#walk-reports without one). */
export const LocationPage = () => {
  const id = useRouteId();
  return id === null ? (
    <ErrorPanel error="Location not found" onReset={() => history.back()} />
  ) : (
    <LocationDetail id={id} />
  );
};

const LocationDetail = ({ id }: { id: number }) => {
  const here = useRouterLocation();
  const navigate = useNavigate();
  const { can } = useAuthorization();
  const location = useLocation(id, locationFromState(here.state));

  // A bare URL shows Walk Reports and says so in the URL.
  useEffect(() => {
    if (!here.hash) void navigate({ hash: DEFAULT_TAB }, { replace: true, state: here.state });
  }, [here.hash, here.state, navigate]);

  if (location.isPending) return <Spinner label="Loading location" />;
  if (location.isError) return <ErrorPanel error={location.error} onReset={() => void location.refetch()} />;

  const data = location.data;
  const mayUpdate = can('update', locationPlacement(data));
  const tabs = TABS.filter((tab) => tab.hash !== '#update-location' || mayUpdate);
  const current = tabs.find((tab) => tab.hash === here.hash)?.hash ?? DEFAULT_TAB;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Box>
        <Button
          component={RouterLink}
          to={paths.app.locations.build()}
          startIcon={<ArrowBackIcon />}
          sx={{ mb: 1, textTransform: 'none' }}
        >
          Back to Locations
        </Button>
        <LocationHeader location={data} />
      </Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
        <Tabs
          value={current}
          onChange={(_, hash: TabHash) => void navigate({ hash })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Location sections"
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.hash}
              value={tab.hash}
              label={tab.label}
              id={`tab-${tab.hash.slice(1)}`}
              aria-controls={`panel-${tab.hash.slice(1)}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box
        role="tabpanel"
        id={`panel-${current.slice(1)}`}
        aria-labelledby={`tab-${current.slice(1)}`}
        sx={{ minWidth: 0 }}
      >
        {current === '#walk-reports' && (
          <WalkReportsTab locationId={data.id} locationName={data.name} timeZone={locationTimeZone(data)} />
        )}
        {current === '#employees' && <UsersTable source={{ kind: 'location', id: data.id }} />}
        {current === '#incidents' && <IncidentsTab location={data} />}
        {current === '#schedule' && <ScheduleTab location={data} />}
        {current === '#units' && <RosterTab location={data} />}
        {current === '#setup-walks' && (
          <LinkPanel
            text="Double-click the map to place the points of a walk, in the order they are walked."
            to={paths.app.walkSetup.build(data.id)}
            state={{ location: data }}
            icon={<RouteIcon />}
            label="Setup Walks"
          />
        )}
        {current === '#update-location' && (
          <LinkPanel
            text={`Change the name${
              can('changeOrganization', locationPlacement(data)) ? ', the area' : ''
            } or the map's zoom and centre, or delete the location.`}
            to={paths.app.locationUpdate.build(data.id)}
            icon={<EditLocationAltIcon />}
            label="Update Location"
          />
        )}
      </Box>
    </Stack>
  );
};

const LocationHeader = ({ location }: { location: Location }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
      {location.name}
    </Typography>
    <Typography sx={{ overflowWrap: 'anywhere' }}>{location.address}</Typography>
    <Typography sx={{ overflowWrap: 'anywhere' }}>{cityLine(location)}</Typography>
    {location.managementCompanyName && (
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere', mt: 0.5 }}>
        Management Company: {location.managementCompanyName}
      </Typography>
    )}
    <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      Area: {location.organizationName ?? 'Unknown'}
    </Typography>
  </Box>
);

const LinkPanel = ({
  text,
  to,
  state,
  icon,
  label,
}: {
  text: string;
  to: string;
  state?: unknown;
  icon: ReactNode;
  label: string;
}) => (
  <Card variant="outlined">
    <CardContent>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{text}</Typography>
        <Button component={RouterLink} to={to} state={state} variant="contained" startIcon={icon}>
          {label}
        </Button>
      </Stack>
    </CardContent>
  </Card>
);
