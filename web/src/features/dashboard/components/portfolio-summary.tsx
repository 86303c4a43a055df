import { Link as RouterLink } from 'react-router';
import { Box, Paper, Skeleton, Typography } from '@mui/material';
import type { AttentionFilter } from '@sitewalk/shared/portfolio';
import type { PortfolioSummary as Summary } from '@sitewalk/shared/schemas/portfolio';
import { INCIDENT_PRIORITIES } from '@sitewalk/shared/constants';
import { attentionLabels } from '../attention.ts';
import { flagCountTone, incidentCountTone, type Tone } from './counts.ts';

interface Figure {
  filter: AttentionFilter;
  /** The tile's text under its group's heading; the link's name is the figure's full label. */
  label: string;
  count: number;
  tone: Tone;
}

const groupsOf = (summary: Summary): { heading: string; figures: Figure[] }[] => [
  {
    heading: "Today's walks",
    figures: [
      { filter: 'missed', label: 'Missed', count: summary.today.missed, tone: 'error' },
      { filter: 'dueSoon', label: 'Due soon', count: summary.today.dueSoon, tone: 'warning' },
      { filter: 'walked', label: 'Walked', count: summary.today.walked, tone: 'success' },
    ],
  },
  {
    heading: 'Open incidents',
    figures: ([1, 2, 3] as const).map((priority) => ({
      filter: `openPriority${priority}` as const,
      label: INCIDENT_PRIORITIES[priority],
      count: summary.openIncidents[priority],
      tone: incidentCountTone(priority, summary.openIncidents[priority]),
    })),
  },
  {
    heading: 'Flagged reports',
    figures: [
      {
        filter: 'flagged',
        label: 'Last week',
        count: summary.flaggedReportsLastWeek,
        tone: flagCountTone(summary.flaggedReportsLastWeek),
      },
    ],
  },
];

/** Side by side on a wide screen; stacked, three tiles a row, below (a tablet's tiles are one line each). */
const GROUPS = {
  display: 'grid',
  columnGap: 2,
  rowGap: 1.5,
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    md: 'minmax(0, 3fr) minmax(0, 3fr) minmax(0, 1fr)',
  },
} as const;
const TILES = {
  display: 'grid',
  gap: 1,
  gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', md: 'repeat(auto-fit, minmax(0, 1fr))' },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

export interface PortfolioSummaryProps {
  summary: Summary | undefined;
  isError: boolean;
  /** The summary figure the locations below are filtered to. */
  shown: AttentionFilter | undefined;
  /** The address that filters the locations to a figure. */
  hrefOf: (filter: AttentionFilter) => string;
}

const Tile = ({ figure, current, href }: { figure: Figure; current: boolean; href: string }) => {
  const color = figure.tone === 'neutral' ? 'text.secondary' : `${figure.tone}.main`;
  // The theme's orange is too light for text on white (WCAG AA): its dark shade for the number.
  const textColor = figure.tone === 'warning' ? 'warning.dark' : color;
  return (
    <Paper
      component={RouterLink}
      to={href}
      variant="outlined"
      aria-current={current ? 'true' : undefined}
      aria-label={`${attentionLabels[figure.filter]}: ${figure.count}`}
      data-tone={figure.tone}
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row', md: 'column' },
        alignItems: { sm: 'baseline', md: 'stretch' },
        columnGap: 1,
        height: '100%',
        px: 1.25,
        py: 0.75,
        textDecoration: 'none',
        color: 'text.primary',
        borderLeftWidth: 4,
        borderLeftColor: figure.tone === 'neutral' ? 'divider' : color,
        bgcolor: current ? 'action.selected' : 'background.paper',
        outline: current ? 2 : 0,
        outlineColor: 'primary.main',
        '&:hover': { bgcolor: 'action.hover' },
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <Typography
        component="span"
        sx={{ display: 'block', color: textColor, lineHeight: 1.2, typography: { xs: 'h6', sm: 'h5' } }}
      >
        {figure.count}
      </Typography>
      <Typography component="span" variant="caption" noWrap sx={{ display: 'block', lineHeight: 1.25 }}>
        {figure.label}
      </Typography>
    </Paper>
  );
};

/**
 * The portfolio at a glance: today's walks, open incidents by priority, flagged reports. Each figure is a
 * link that filters the locations below to those it counts.
 */
export const PortfolioSummary = ({ summary, isError, shown, hrefOf }: PortfolioSummaryProps) => (
  // Not a region: the dashboard's regions are its location cards.
  <Box sx={{ mb: 3 }}>
    <Typography
      id="portfolio-summary"
      variant="subtitle2"
      component="h2"
      color="text.secondary"
      sx={{ mb: 1 }}
    >
      {summary
        ? `${summary.locationCount} ${summary.locationCount === 1 ? 'location' : 'locations'}`
        : 'Locations'}
    </Typography>
    {isError && !summary ? (
      <Typography variant="body2" color="text.secondary">
        The summary could not be loaded.
      </Typography>
    ) : !summary ? (
      <Skeleton variant="rounded" height={84} />
    ) : (
      <Box sx={GROUPS}>
        {groupsOf(summary).map((group) => (
          <Box key={group.heading} sx={{ minWidth: 0 }}>
            <Typography
              variant="caption"
              component="h3"
              color="text.secondary"
              sx={{ display: 'block', mb: 0.5 }}
            >
              {group.heading}
            </Typography>
            <Box component="ul" sx={TILES}>
              {group.figures.map((figure) => (
                <li key={figure.filter}>
                  <Tile figure={figure} current={shown === figure.filter} href={hrefOf(figure.filter)} />
                </li>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    )}
  </Box>
);
