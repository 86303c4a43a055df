import { Link as RouterLink } from 'react-router';
import { Box, Paper, Skeleton, Typography } from '@mui/material';
import type { AttentionFilter } from '@sitewalk/shared/portfolio';
import type { PortfolioSummary as Summary } from '@sitewalk/shared/schemas/portfolio';
import { attentionLabels } from '../attention.ts';
import { flagCountTone, incidentCountTone, type Tone } from './counts.ts';

const figuresOf = (summary: Summary): { filter: AttentionFilter; count: number; tone: Tone }[] => [
  { filter: 'missed', count: summary.today.missed, tone: 'error' },
  { filter: 'dueSoon', count: summary.today.dueSoon, tone: 'warning' },
  { filter: 'walked', count: summary.today.walked, tone: 'success' },
  ...([1, 2, 3] as const).map((priority) => ({
    filter: `openPriority${priority}` as const,
    count: summary.openIncidents[priority],
    tone: incidentCountTone(priority, summary.openIncidents[priority]),
  })),
  {
    filter: 'flagged',
    count: summary.flaggedReportsLastWeek,
    tone: flagCountTone(summary.flaggedReportsLastWeek),
  },
];

const GRID = {
  display: 'grid',
  gap: 1,
  // Three tiles a row on a phone, all seven in one row on a wide screen.
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 88px), 1fr))',
} as const;

export interface PortfolioSummaryProps {
  summary: Summary | undefined;
  isError: boolean;
  /** The summary figure the locations below are filtered to. */
  shown: AttentionFilter | undefined;
  /** The address that filters the locations to a figure. */
  hrefOf: (filter: AttentionFilter) => string;
}

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
        ? `${summary.locationCount} ${summary.locationCount === 1 ? 'location' : 'locations'} today`
        : 'Today'}
    </Typography>
    {isError && !summary ? (
      <Typography variant="body2" color="text.secondary">
        The summary could not be loaded.
      </Typography>
    ) : !summary ? (
      <Box sx={GRID}>
        {Array.from({ length: 7 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={64} />
        ))}
      </Box>
    ) : (
      <Box component="ul" sx={{ ...GRID, listStyle: 'none', p: 0, m: 0 }}>
        {figuresOf(summary).map(({ filter, count, tone }) => {
          const current = shown === filter;
          const color = tone === 'neutral' ? 'text.secondary' : `${tone}.main`;
          return (
            <li key={filter}>
              <Paper
                component={RouterLink}
                to={hrefOf(filter)}
                variant="outlined"
                aria-current={current ? 'true' : undefined}
                aria-label={`${attentionLabels[filter]}: ${count}`}
                data-tone={tone}
                sx={{
                  display: 'block',
                  height: '100%',
                  px: 1.25,
                  py: 1,
                  textDecoration: 'none',
                  color: 'text.primary',
                  borderLeftWidth: 4,
                  borderLeftColor: tone === 'neutral' ? 'divider' : color,
                  bgcolor: current ? 'action.selected' : 'background.paper',
                  outline: current ? 2 : 0,
                  outlineColor: 'primary.main',
                  '&:hover': { bgcolor: 'action.hover' },
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
                }}
              >
                <Typography component="span" variant="h5" sx={{ display: 'block', color, lineHeight: 1.2 }}>
                  {count}
                </Typography>
                <Typography component="span" variant="caption" sx={{ display: 'block', lineHeight: 1.25 }}>
                  {attentionLabels[filter]}
                </Typography>
              </Paper>
            </li>
          );
        })}
      </Box>
    )}
  </Box>
);
