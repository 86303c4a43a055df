import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Card,
  CardContent,
  Chip,
  Divider,
  List,
  ListItemButton,
  ListItemText,
  Pagination,
  Stack,
  Typography,
} from '@mui/material';
import type { Location } from '@sitewalk/shared/schemas/location';
import { coverageLabel, scopeLabel } from '@sitewalk/shared/roster';
import { locationTimeZone } from '@sitewalk/shared/time-zones';
import { paths } from '../../../config/paths.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { useLockChecksOfLocation } from '../../../api/lock-check-reports.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { LockCheckCadence } from './lock-check-cadence.tsx';

const PAGE_SIZE = 10;

/** The location page's 'Lock Checks' tab: its checks, newest first, each opening its report. */
export const LockChecksTab = ({ location }: { location: Location }) => {
  const [page, setPage] = useState(1);
  const checks = useLockChecksOfLocation({ locationId: location.id, page, pageSize: PAGE_SIZE });
  const zone = { timeZone: locationTimeZone(location) };
  if (checks.isPending) return <Spinner label="Loading lock checks" />;
  if (checks.isError) return <ErrorPanel error={checks.error} onReset={() => void checks.refetch()} />;
  const { lockChecks, totalCount } = checks.data;
  return (
    <Card variant="outlined">
      <CardContent>
        <LockCheckCadence location={location} />
        <Divider sx={{ my: 2 }} />
        {totalCount === 0 ? (
          <Typography color="text.secondary">
            No lock checks yet. A walker starts one from Record a Walk once the location has a unit roster.
          </Typography>
        ) : (
          <Stack spacing={1}>
            <List disablePadding aria-label="Lock checks">
              {lockChecks.map((check) => (
                <ListItemButton
                  key={check.id}
                  component={RouterLink}
                  to={paths.app.lockCheck.build(location.id, check.id)}
                  divider
                  sx={{ px: 1 }}
                >
                  <ListItemText
                    primary={
                      <Stack
                        direction="row"
                        useFlexGap
                        sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
                      >
                        <span>{formatDateTime(check.startedAt, zone)}</span>
                        {check.finishedAt === null && <Chip size="small" color="info" label="In progress" />}
                        {check.openDiscrepancyCount > 0 ? (
                          <Chip
                            size="small"
                            color="error"
                            variant="outlined"
                            label={`${check.openDiscrepancyCount} open discrepanc${check.openDiscrepancyCount === 1 ? 'y' : 'ies'}`}
                          />
                        ) : (
                          check.finishedAt !== null && (
                            <Chip
                              size="small"
                              color="success"
                              variant="outlined"
                              label="No open discrepancies"
                            />
                          )
                        )}
                      </Stack>
                    }
                    secondary={`${check.startedBy.firstName} ${check.startedBy.lastName} · ${scopeLabel(check.scope)} · ${coverageLabel(check)}`}
                  />
                </ListItemButton>
              ))}
            </List>
            {totalCount > PAGE_SIZE && (
              <Pagination
                count={Math.ceil(totalCount / PAGE_SIZE)}
                page={page}
                onChange={(_, next) => setPage(next)}
                aria-label="Lock check pages"
              />
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
