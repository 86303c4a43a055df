import {
  Alert as Notice,
  Avatar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  FormControlLabel,
  IconButton,
  Pagination,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { alertKinds, type Alert, type AlertKind } from '@sitewalk/shared/schemas/alert';
import { messages } from '@sitewalk/shared/messages';
import { errorMessageOf } from '../../components/error-panel.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { knownLocation, taskPlacement, useAuthorization } from '../../lib/authorization.ts';
import { useLocationsByIds } from '../../api/locations.ts';
import { useLocationTimeZones } from '../../hooks/use-location-time-zone.ts';
import { formatDateTime, formatDay } from '../../lib/time.ts';
import { alertKindInfo } from '../../components/alert-kinds.tsx';
import { useAlertsPage, useMarkAllRead, useMarkRead } from '../../api/alerts.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { LocationPicker } from '../../components/pickers/location-picker.tsx';
import { PageHeader } from '../../components/page-header.tsx';

const PAGE_SIZE = 10;

/** One alert: what happened, where and when (in the location's zone), and what can be done with it. */
const AlertCard = ({
  alert,
  mayCreateTask,
  timeZone,
}: {
  alert: Alert;
  mayCreateTask: (locationId: number) => boolean;
  timeZone: string | undefined;
}) => {
  const markRead = useMarkRead();
  const info = alertKindInfo[alert.kind];
  const unread = alert.readAt === null;
  const headingId = `alert-${alert.id}`;
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ borderLeft: 4, borderLeftColor: unread ? `${info.color}.main` : 'divider' }}
    >
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Avatar sx={{ bgcolor: `${info.color}.main`, width: 36, height: 36 }} aria-hidden>
            {info.icon}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="overline" color={`${info.color}.main`} sx={{ lineHeight: 1.5 }}>
              {info.label}
              {unread && ' · New'}
            </Typography>
            <Typography
              id={headingId}
              component="h2"
              variant="body1"
              sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}
            >
              {alert.message}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {alert.location.name}
              {alert.window && ` · ${formatDay(alert.window.date)}`}
              {` · raised ${formatDateTime(alert.createdAt, { timeZone })}`}
            </Typography>
          </Box>
          <Tooltip title={unread ? 'Mark read' : 'Mark unread'}>
            <IconButton
              aria-label={unread ? 'Mark read' : 'Mark unread'}
              onClick={() => markRead.mutate({ id: alert.id, read: unread })}
              disabled={markRead.isPending}
            >
              {unread ? <MarkEmailReadIcon /> : <MarkEmailUnreadIcon />}
            </IconButton>
          </Tooltip>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 1.5, pt: 0, flexWrap: 'wrap', gap: 1 }} disableSpacing>
        {alert.walkReportId !== null && (
          <Button
            size="small"
            component={RouterLink}
            to={paths.app.walkReport.build(alert.locationId, alert.walkReportId)}
            onClick={() => unread && markRead.mutate({ id: alert.id, read: true })}
          >
            Open walk report
          </Button>
        )}
        {alert.taskId !== null && (
          <Button
            size="small"
            component={RouterLink}
            to={paths.app.task.build(alert.taskId)}
            onClick={() => unread && markRead.mutate({ id: alert.id, read: true })}
          >
            Open task
          </Button>
        )}
        {mayCreateTask(alert.locationId) && alert.kind !== 'taskOverdue' && (
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={paths.app.taskAdd.build({
              alertId: alert.id,
              locationId: alert.locationId,
              title: alert.message,
            })}
            onClick={() => unread && markRead.mutate({ id: alert.id, read: true })}
          >
            Create task
          </Button>
        )}
      </CardActions>
    </Card>
  );
};

/**
 * /app/alerts: the signed-in user's alerts, newest first — missed, late and incomplete walks, windows due
 * soon and overdue tasks — with filters, marking read, and 'Create task'.
 */
export const AlertsPage = () => {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<AlertKind | ''>('');
  const [locationId, setLocationId] = useState<number | ''>('');
  const [unreadOnly, setUnreadOnly] = useState(true);
  const alerts = useAlertsPage({
    page,
    pageSize: PAGE_SIZE,
    kind: kind || undefined,
    locationId: locationId || undefined,
    unreadOnly,
  });
  // Only the locations of the alerts shown: for the task permission and the times' zones.
  const shownLocationIds = (alerts.data?.alerts ?? []).map((alert) => alert.locationId);
  const locations = useLocationsByIds(shownLocationIds);
  const timeZoneOf = useLocationTimeZones(shownLocationIds);
  const markAll = useMarkAllRead();
  const { can } = useAuthorization();
  const mayCreateTask = (at: number) => can('create', taskPlacement(knownLocation(locations, at)));
  const filtered = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader
        title="Alerts"
        actions={
          <Button
            startIcon={<DoneAllIcon />}
            onClick={() => markAll.mutate()}
            disabled={markAll.isPending || (alerts.data?.unreadCount ?? 0) === 0}
          >
            Mark all read
          </Button>
        }
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <FilterSelect
          label="Kind"
          allLabel="All kinds"
          value={kind}
          onChange={(next) => filtered(() => setKind(next))}
          options={alertKinds.map((k) => ({ value: k, label: alertKindInfo[k].label }))}
          sx={{ minWidth: 170 }}
        />
        <LocationPicker
          size="small"
          allLabel="All locations"
          value={locationId || null}
          onChange={(next) => filtered(() => setLocationId(next ?? ''))}
          fullWidth={false}
          sx={{ minWidth: 240 }}
        />
        <FormControlLabel
          sx={{ ml: 0 }}
          control={
            <Switch
              checked={unreadOnly}
              onChange={(event) => filtered(() => setUnreadOnly(event.target.checked))}
            />
          }
          label="Unread only"
        />
      </Stack>
      {alerts.isError && (
        <Notice severity="error">{errorMessageOf(alerts.error) ?? messages.fetch.unexpected}</Notice>
      )}
      {alerts.isPending && <Spinner label="Loading alerts" />}
      {alerts.data && alerts.data.alerts.length === 0 && (
        <Stack spacing={1} sx={{ alignItems: 'center', py: 6, color: 'text.secondary' }}>
          <NotificationsNoneIcon sx={{ fontSize: 48 }} />
          <Typography variant="h6" component="p">
            {unreadOnly ? 'No unread alerts' : 'No alerts'}
          </Typography>
          <Typography variant="body2" sx={{ textAlign: 'center', maxWidth: 420 }}>
            Alerts appear here when a walk window is about to close with no walk, is missed, cut short or
            walked late, and when a task is overdue.
          </Typography>
        </Stack>
      )}
      <Stack spacing={1.5} component="section" aria-label="Alerts list">
        {alerts.data?.alerts.map((alert) => (
          <AlertCard
            key={alert.id}
            alert={alert}
            mayCreateTask={mayCreateTask}
            timeZone={timeZoneOf(alert.locationId)}
          />
        ))}
      </Stack>
      {(alerts.data?.totalPages ?? 0) > 1 && (
        <Pagination
          count={alerts.data?.totalPages ?? 1}
          page={page}
          onChange={(_, next) => setPage(next)}
          sx={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  );
};
