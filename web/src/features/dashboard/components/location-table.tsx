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

const Figure = ({ count, tone, label }: { count: number; tone: Tone; label: string }) => (
  <Chip
    size="small"
    label={count}
    aria-label={`${label}: ${count}`}
    color={chipColor(tone)}
    variant={tone === 'neutral' ? 'outlined' : 'filled'}
    data-tone={tone}
    sx={{ minWidth: 32 }}
  />
);

const COLUMNS = 8;

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
          <TableCell align="center">72 h</TableCell>
          <TableCell align="center">Week</TableCell>
          <TableCell align="center">Flags</TableCell>
          {([1, 2, 3] as const).map((priority) => (
            <TableCell key={priority} align="center">
              {INCIDENT_PRIORITIES[priority]} open
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
              const stats = location.walkReportStats;
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
                  <TableCell align="center">
                    <Figure
                      count={stats.last72Hours}
                      tone={last72HoursTone(stats.last72Hours)}
                      label="Last 72 hours"
                    />
                  </TableCell>
                  <TableCell align="center">
                    <Figure count={stats.lastWeek} tone={lastWeekTone(stats.lastWeek)} label="Last week" />
                  </TableCell>
                  <TableCell align="center">
                    <Figure
                      count={stats.flagsLastWeek}
                      tone={flagCountTone(stats.flagsLastWeek)}
                      label="Flags last week"
                    />
                  </TableCell>
                  {([1, 2, 3] as const).map((priority) => (
                    <TableCell key={priority} align="center">
                      <Figure
                        count={location.openIncidents[priority]}
                        tone={incidentCountTone(priority, location.openIncidents[priority])}
                        label={`${INCIDENT_PRIORITIES[priority]} open`}
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
