import DashboardIcon from '@mui/icons-material/Dashboard';
import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import type * as z from 'zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Schedule, windowToday, WindowStatus } from '@sitewalk/shared/schemas/schedule';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import { errorMessageOf } from '../../../components/error-panel.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { windowStatusInfo } from '../../../components/window-status.tsx';
import { useLocationsByIds } from '../../../api/locations.ts';
import { scheduleQueryOptions, useScheduleToday } from '../../../api/schedules.ts';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser } from '../../../lib/auth.tsx';
import { formatTimeRange } from '../../../lib/time.ts';
import { useRecorderCatalog } from '../api/get-catalog.ts';
import { getRecorderStore } from '../store/index.ts';
import type { RecorderCatalog, RecorderStore } from '../store/types.ts';
import { startState } from './start-request.ts';
import { oneLine } from '../../../components/one-line.ts';

type WindowToday = z.infer<typeof windowToday>;

/** Windows a walker should act on now: the Start button is filled for these, outlined for the rest. */
const ACTIONABLE: ReadonlySet<WindowStatus> = new Set(['open', 'dueSoon', 'inProgress', 'late']);

/** The walks a window counts (its own list, or every walk of the location), as the recorder has them. */
const walksOf = (window: WindowToday, walkIds: readonly number[] | undefined, walks: readonly Walk[]) =>
  walkIds && walkIds.length > 0 ? walks.filter(({ id }) => walkIds.includes(id)) : [...walks];

/** /app for the roles that record a walk: today's walk windows of their locations, each with Start. */
export const HomePage = () => <TodayHome store={getRecorderStore()} />;

/**
 * Today's windows (`schedule.today`) of each location, with the walks the window counts (`schedule.get`)
 * that the recorder can start (its catalog: walks with markers, saved on the device for offline use).
 * Start opens the recorder on that walk; the dashboard is one tap away.
 */
export const TodayHome = ({ store }: { store: RecorderStore }) => {
  const user = useCurrentUser();
  const today = useScheduleToday();
  const catalog = useRecorderCatalog(user.id, store);
  const withWindows = (today.data?.locations ?? []).filter(({ windows }) => windows.length > 0);
  const catalogNameOf = (locationId: number) =>
    catalog.data?.catalog.locations.find(({ id }) => id === locationId)?.name;
  // Names of the locations shown that the recorder's catalog leaves out (those without a walk to record
  // yet), read one by one: never the whole scope.
  const uncataloged = useLocationsByIds(
    catalog.isPending
      ? []
      : withWindows.map(({ locationId }) => locationId).filter((id) => catalogNameOf(id) === undefined),
  );
  const nameOf = (locationId: number) =>
    catalogNameOf(locationId) ??
    uncataloged.find(({ id }) => id === locationId)?.name ??
    `Location ${locationId}`;
  const schedules = useQueries({
    queries: withWindows.map(({ locationId }) => scheduleQueryOptions(locationId)),
  });
  const scheduleOf = new Map<number, Schedule>(
    schedules.flatMap(({ data }) => (data ? [[data.locationId, data] as const] : [])),
  );

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', display: 'grid', gap: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Today
        </Typography>
        <Button
          component={RouterLink}
          to={paths.app.dashboard.build()}
          startIcon={<DashboardIcon />}
          variant="outlined"
        >
          Dashboard
        </Button>
      </Stack>
      {today.isPending || catalog.isPending ? (
        <Spinner label="Loading today’s walks" />
      ) : (
        <>
          {today.isError && (
            <Alert severity="warning">
              Today’s walk windows could not be loaded
              {errorMessageOf(today.error) ? `: ${errorMessageOf(today.error)}` : ''}. You can still choose a
              walk to record.
            </Alert>
          )}
          {catalog.isError && (
            <Alert severity="error">
              {errorMessageOf(catalog.error) ?? 'Your walks could not be loaded'}
            </Alert>
          )}
          {today.isSuccess && withWindows.length === 0 && (
            <Alert severity="info">None of your locations has a walk window today.</Alert>
          )}
          {withWindows.map((location) => (
            <LocationWindows
              key={location.locationId}
              locationId={location.locationId}
              name={nameOf(location.locationId)}
              timeZone={location.timeZone}
              windows={location.windows}
              schedule={scheduleOf.get(location.locationId)}
              catalog={catalog.data?.catalog}
            />
          ))}
          <Button
            component={RouterLink}
            to={paths.app.record.build()}
            startIcon={<DirectionsWalkIcon />}
            variant="text"
            sx={{ justifySelf: 'start' }}
          >
            Choose any walk to record
          </Button>
        </>
      )}
    </Box>
  );
};

const LocationWindows = ({
  locationId,
  name,
  timeZone,
  windows,
  schedule,
  catalog,
}: {
  locationId: number;
  name: string;
  timeZone: string;
  windows: readonly WindowToday[];
  schedule: Schedule | undefined;
  catalog: RecorderCatalog | undefined;
}) => {
  const navigate = useNavigate();
  const location = catalog?.locations.find(({ id }) => id === locationId);
  const headingId = `home-location-${locationId}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
        {name}
      </Typography>
      <Stack
        component="ul"
        aria-label={`Walk windows at ${name}`}
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
      >
        {windows.map((window) => {
          const info = windowStatusInfo[window.status];
          const walkIds = schedule?.windows.find(({ id }) => id === window.windowId)?.walkIds;
          const walks = walksOf(window, schedule ? walkIds : undefined, location?.walks ?? []);
          const times = formatTimeRange(window.opensAt, window.closesAt, { timeZone });
          return (
            <Box
              component="li"
              key={window.windowId}
              aria-label={`${window.label}, ${times}, ${info.label}`}
              sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}
            >
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {window.label}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {times}
                </Typography>
                <Chip
                  size="small"
                  icon={info.icon}
                  color={info.color}
                  variant={info.color === 'default' ? 'outlined' : 'filled'}
                  label={info.label}
                  sx={{ ml: 'auto' }}
                />
              </Stack>
              {walks.length === 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {schedule || !location
                    ? 'No walk with markers to record for this window yet.'
                    : 'Loading the walks…'}
                </Typography>
              ) : (
                <Box
                  sx={{
                    display: 'grid',
                    gap: 1,
                    mt: 1,
                    gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
                  }}
                >
                  {walks.map((walk) => (
                    <Button
                      key={walk.id}
                      variant={ACTIONABLE.has(window.status) ? 'contained' : 'outlined'}
                      startIcon={<PlayArrowIcon />}
                      aria-label={`Start ${walk.name} (${window.label})`}
                      onClick={() =>
                        void navigate(paths.app.record.build(), {
                          state: startState({ locationId, walkId: walk.id }),
                        })
                      }
                      sx={{ minHeight: 48, justifyContent: 'flex-start', textAlign: 'left' }}
                    >
                      <Box component="span" sx={oneLine}>
                        Start {walk.name}
                      </Box>
                    </Button>
                  ))}
                </Box>
              )}
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
};
