import { TodayWindows, type WindowToday } from './today-windows.tsx';
import type { ReactElement, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type * as z from 'zod';
import type { dashboardLocation } from '@sitewalk/shared/schemas/incident';
import { INCIDENT_PREVIEW_LENGTH, priorityName } from '@sitewalk/shared/constants';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatDateTime } from '../../../lib/time.ts';
import { flagCountTone, incidentCountTone, last72HoursTone, lastWeekTone, type Tone } from './counts.ts';

export type DashboardLocation = z.infer<typeof dashboardLocation>;
type DashboardIncident = DashboardLocation['incidents'][number];

const chipColor = (tone: Tone) => (tone === 'neutral' ? 'default' : tone);

const Count = ({
  label,
  count,
  tone,
  icon,
}: {
  label: string;
  count: number;
  tone: Tone;
  icon?: ReactElement;
}) => (
  <Chip
    size="small"
    {...(icon ? { icon } : {})}
    label={`${label}: ${count}`}
    color={chipColor(tone)}
    variant={tone === 'neutral' ? 'outlined' : 'filled'}
    data-tone={tone}
  />
);

const preview = (incident: DashboardIncident) => {
  const text =
    incident.incidentTexts.map((t) => t.incidentNoteText.text).join(', ') || incident.notes[0]?.note;
  if (!text) return `${priorityName(incident.typeId)} incident`;
  return text.length > INCIDENT_PREVIEW_LENGTH ? `${text.slice(0, INCIDENT_PREVIEW_LENGTH)}...` : text;
};

export interface LocationCardProps {
  location: DashboardLocation;
  onOpenIncident: (incidentId: number) => void;
  /** The drag handle and its hint, given by the sortable wrapper. */
  handle?: ReactNode;
  /** Today's walk windows with their status (absent while they load, or if they cannot be read). */
  windows?: readonly WindowToday[] | undefined;
  /** The location's time zone, for its windows and incidents (the viewer's while it is not known). */
  timeZone?: string | undefined;
  /** The last lock check finished there (issue 31); none shown for a location without one. */
  lastLockCheck?: LastLockCheck | null | undefined;
}

type LastLockCheck = { id: number; finishedAt: string; openDiscrepancies: number };

/** The card's lock-check line: when the last one finished and its open discrepancies, linking to its report. */
const LockCheckLine = ({
  locationId,
  check,
  timeZone,
}: {
  locationId: number;
  check: LastLockCheck;
  timeZone: string | undefined;
}) => (
  <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
    <LockOutlinedIcon fontSize="small" color="action" aria-hidden />
    <Link component={RouterLink} to={paths.app.lockCheck.build(locationId, check.id)} variant="body2">
      Lock check {formatDate(check.finishedAt, { timeZone })}
    </Link>
    <Count
      label="Open discrepancies"
      count={check.openDiscrepancies}
      tone={check.openDiscrepancies > 0 ? 'error' : 'success'}
    />
  </Stack>
);

/** One location on the dashboard: today's walk windows, walk-report counts, incident counts by type and its incidents. */
export const LocationCard = ({
  location,
  onOpenIncident,
  handle,
  windows,
  timeZone,
  lastLockCheck,
}: LocationCardProps) => {
  const { walkReportStats: stats, incidentCountsByType: counts } = location;
  // The dashboard lists only the newest incidents across all cards; the counts cover every one of them.
  const counted = counts[1] + counts[2] + counts[3];
  const headingId = `location-card-${location.id}`;
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1.5 }}>
          {handle}
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              <Link
                component={RouterLink}
                to={paths.app.location.build(location.id)}
                color="inherit"
                underline="hover"
              >
                {location.name}
              </Link>
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[location.city, location.state].filter(Boolean).join(', ')}
            </Typography>
          </Box>
        </Stack>

        {windows && <TodayWindows windows={windows} timeZone={timeZone} />}

        {lastLockCheck && (
          <LockCheckLine locationId={location.id} check={lastLockCheck} timeZone={timeZone} />
        )}

        <Typography variant="subtitle2" component="h3">
          Walk reports
        </Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5, mb: 1.5 }}>
          <Count label="Last 72 hours" count={stats.last72Hours} tone={last72HoursTone(stats.last72Hours)} />
          <Count label="Last week" count={stats.lastWeek} tone={lastWeekTone(stats.lastWeek)} />
          <Count
            label="Flags last week"
            count={stats.flagsLastWeek}
            tone={flagCountTone(stats.flagsLastWeek)}
            icon={<FlagOutlinedIcon />}
          />
        </Stack>

        <Typography variant="subtitle2" component="h3">
          Incidents by type
        </Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5, mb: 1.5 }}>
          {([1, 2, 3] as const).map((typeId) => (
            <Count
              key={typeId}
              label={priorityName(typeId)}
              count={counts[typeId]}
              tone={incidentCountTone(typeId, counts[typeId])}
            />
          ))}
        </Stack>

        <Typography variant="subtitle2" component="h3">
          All Incidents
        </Typography>
        {counted === 0 && location.incidents.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            No incidents
          </Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 260, overflowY: 'auto', mt: 0.5 }}>
            {location.incidents.map((incident) => (
              <ListItem key={incident.id} disablePadding>
                <ListItemButton onClick={() => onOpenIncident(incident.id)} sx={{ px: 1 }}>
                  <ListItemText
                    primary={preview(incident)}
                    secondary={`${priorityName(incident.typeId)} · ${formatDateTime(incident.createdAt, { timeZone })} · ${
                      incident.resolved ? 'Resolved' : 'Unresolved'
                    }`}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        {counted > location.incidents.length && (
          <Link
            component={RouterLink}
            to={`${paths.app.location.build(location.id)}#incidents`}
            variant="body2"
            sx={{ display: 'inline-block', mt: 0.5 }}
          >
            See all {counted} incidents
          </Link>
        )}
      </CardContent>
    </Card>
  );
};
