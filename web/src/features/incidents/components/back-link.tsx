import { Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { IncidentOrigin } from '../../../lib/incident-origin.ts';

/**
 * 'Back to Location' when the incident was opened from a location's incidents tab, 'Back to Incidents'
 * otherwise (an incidents list or the dashboard's 'All Incidents'); without a recorded origin it leads
 * to the dashboard.
 */
export const backLinkOf = (origin: IncidentOrigin | null) => {
  const to = origin?.from ?? paths.app.root.build();
  const label = /^\/app\/locations\/\d+/.test(to) ? 'Back to Location' : 'Back to Incidents';
  return { to, label };
};

export const BackLink = ({ origin }: { origin: IncidentOrigin | null }) => {
  const { to, label } = backLinkOf(origin);
  return (
    <Button
      component={Link}
      to={to}
      startIcon={<ArrowBackIcon />}
      variant="text"
      sx={{ mb: 2, textTransform: 'none' }}
    >
      {label}
    </Button>
  );
};
