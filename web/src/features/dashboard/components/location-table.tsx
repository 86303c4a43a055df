import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Chip,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { PortfolioLocation } from '@sitewalk/shared/schemas/portfolio';
import { INCIDENT_PRIORITIES } from '@sitewalk/shared/constants';
import { paths } from '../../../config/paths.ts';
import { todayStateInfo } from '../attention.ts';
import { flagCountTone, incidentCountTone, last72HoursTone, lastWeekTone, type Tone } from './counts.ts';
import type { AreaGroup } from './area-groups.ts';

const chipColor = (tone: Tone) => (tone === 'neutral' ? 'default' : tone);

/** A location's figures, a column each: its walk reports (for the range asked) and open incidents. */
const figuresOf = ({ walkReportStats: stats, openIncidents }: PortfolioLocation) => [
  { label: 'Last 72 hours', count: stats.last72Hours, tone: last72HoursTone(stats.last72Hours) },
  { label: 'Last week', count: stats.lastWeek, tone: lastWeekTone(stats.lastWeek) },
  { label: 'Flags last week', count: stats.flagsLastWeek, tone: flagCountTone(stats.flagsLastWeek) },
  ...([1, 2, 3] as const).map((priority) => ({
    label: `${INCIDENT_PRIORITIES[priority]} open`,
    count: openIncidents[priority],
    tone: incidentCountTone(priority, openIncidents[priority]),
  })),
];

/** The figures' column names, short (the cells' own names are the full labels). */
const COLUMN_NAMES = [
  '72 h',
  'Week',
  'Flags',
  ...([1, 2, 3] as const).map((p) => `${INCIDENT_PRIORITIES[p]} open`),
];

/** Location, today, then the figures. */
const COLUMNS = 2 + COLUMN_NAMES.length;

/** The location's column stays in view while a narrow screen scrolls the figures sideways. */
const STICKY = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  minWidth: { xs: 140, sm: 200 },
  borderRight: 1,
  borderRightColor: 'divider',
} as const;

/** The compact view: one row per location with today's state, its counts and open incidents, by area. */
export const LocationTable = ({ groups }: { groups: AreaGroup<PortfolioLocation>[] }) => (
  <TableContainer
    sx={{
      overflowX: 'auto',
      border: 1,
      borderColor: 'divider',
      borderRadius: 1,
      bgcolor: 'background.paper',
    }}
  >
    <Table size="small" aria-label="Locations" sx={{ minWidth: 720 }}>
      <TableHead>
        <TableRow>
          <TableCell sx={STICKY}>Location</TableCell>
          <TableCell>Today</TableCell>
          {COLUMN_NAMES.map((name) => (
            <TableCell key={name} align="center">
              {name}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {groups.map((group) => (
          <Fragment key={group.key}>
            {group.area && (
              <TableRow>
                <TableCell
                  component="th"
                  scope="rowgroup"
                  colSpan={COLUMNS}
                  sx={{ bgcolor: 'action.hover', fontWeight: 600 }}
                >
                  {group.area.name}
                </TableCell>
              </TableRow>
            )}
            {group.locations.map((location) => {
              const state = todayStateInfo[location.today.state];
              return (
                <TableRow key={location.id} hover>
                  <TableCell component="th" scope="row" sx={STICKY}>
                    <Link component={RouterLink} to={paths.app.location.build(location.id)}>
                      {location.name}
                    </Link>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {[location.city, location.state].filter(Boolean).join(', ')}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={state.label}
                      color={chipColor(state.tone)}
                      variant={state.tone === 'neutral' ? 'outlined' : 'filled'}
                      data-tone={state.tone}
                    />
                  </TableCell>
                  {figuresOf(location).map((figure) => (
                    <TableCell key={figure.label} align="center">
                      <Chip
                        size="small"
                        label={figure.count}
                        aria-label={`${figure.label}: ${figure.count}`}
                        color={chipColor(figure.tone)}
                        variant={figure.tone === 'neutral' ? 'outlined' : 'filled'}
                        data-tone={figure.tone}
                        sx={{ minWidth: 32 }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </Fragment>
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);
