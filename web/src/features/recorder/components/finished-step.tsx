import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useLocation } from '../../../api/locations.ts';
import { paths } from '../../../config/paths.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { OutboxIndicator } from '../store/outbox-indicator.tsx';
import type { Outbox, RecordingSession } from '../store/types.ts';

/** How often the finished screen asks the outbox whether the report has its id yet. */
const REPORT_ID_POLL_MS = 2000;

export interface FinishedStepProps {
  session: RecordingSession;
  outbox: Outbox;
  onAnother: () => void;
}

/** 'Walk finished': what is still to send, the report once the API has it, and 'Record another walk'. */
export const FinishedStep = ({ session, outbox, onAnother }: FinishedStepProps) => {
  const reportId = useQuery({
    queryKey: ['recorder', 'report-id', session.key],
    queryFn: () => outbox.walkReportIdOf(session.key),
    networkMode: 'always',
    refetchInterval: (query) => (query.state.data ? false : REPORT_ID_POLL_MS),
  });
  const walkReportId = reportId.data ?? session.walkReportId;
  // The link needs the location's place in the hierarchy to ask the policy; with no network, no link yet.
  // The id comes once the start has been sent, so the network is there; a failure retries with backoff.
  const location = useLocation(session.locationId, null, walkReportId !== null);
  const { can } = useAuthorization();
  const mayRead =
    walkReportId !== null &&
    location.data !== undefined &&
    can('read', {
      kind: 'walkReport',
      id: walkReportId,
      locationId: location.data.id,
      organizationId: location.data.organizationId,
      managementCompanyId: location.data.managementCompanyId,
    });
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', display: 'grid', gap: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CheckCircleIcon sx={{ color: '#1b5e20' }} fontSize="large" aria-hidden />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Walk finished
        </Typography>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        <Typography>
          {session.walk.name} · {session.locationName}
        </Typography>
        <OutboxIndicator />
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {mayRead && walkReportId !== null && (
          <Button
            component={RouterLink}
            to={paths.app.walkReport.build(session.locationId, walkReportId)}
            variant="outlined"
            size="large"
            sx={{ minHeight: 48 }}
          >
            View report
          </Button>
        )}
        <Button variant="contained" size="large" onClick={onAnother} sx={{ minHeight: 48 }}>
          Record another walk
        </Button>
      </Stack>
    </Box>
  );
};
