import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { DISCREPANCY_LABELS, LOCK_FINDING_LABELS } from '@sitewalk/shared/lock-check';
import { paths } from '../../../../config/paths.ts';
import { Spinner } from '../../../../components/spinner.tsx';
import { errorMessageOf } from '../../../../components/error-panel.tsx';
import { useUnitHistory } from '../../../../api/lock-check-reports.ts';
import { formatDateTime } from '../../../../lib/time.ts';

/** A unit's last findings in lock checks, newest first, each linking to its check's report (issue 31). */
export const UnitHistoryDialog = ({
  locationId,
  unit,
  timeZone,
  onClose,
}: {
  locationId: number;
  /** The unit whose history is shown; null: the dialog is closed. */
  unit: string | null;
  timeZone: string | undefined;
  onClose: () => void;
}) => {
  const id = useId();
  const history = useUnitHistory(locationId, unit);
  return (
    <Dialog open={unit !== null} onClose={onClose} aria-labelledby={id} fullWidth maxWidth="xs">
      <DialogTitle id={id}>Unit {unit}: lock checks</DialogTitle>
      <DialogContent>
        {history.isPending ? (
          <Spinner label="Loading the unit's history" />
        ) : history.isError ? (
          <Typography color="error">
            {errorMessageOf(history.error) ?? 'The history could not be read'}
          </Typography>
        ) : history.data.findings.length === 0 ? (
          <Typography color="text.secondary">No lock check has reached this unit yet.</Typography>
        ) : (
          <>
            <List dense disablePadding aria-label={`Findings at unit ${unit}`}>
              {history.data.findings.map((finding) => (
                <ListItem
                  key={`${finding.lockCheckId}-${finding.seenAt}`}
                  divider
                  disableGutters
                  sx={{ display: 'block' }}
                >
                  <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                    <Link
                      component={RouterLink}
                      to={paths.app.lockCheck.build(locationId, finding.lockCheckId)}
                      onClick={onClose}
                    >
                      {formatDateTime(finding.seenAt, { timeZone })}
                    </Link>
                    <Typography component="span">{LOCK_FINDING_LABELS[finding.finding]}</Typography>
                    {finding.discrepancies.map((kind) => (
                      <Chip key={kind} size="small" color="warning" label={DISCREPANCY_LABELS[kind]} />
                    ))}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {finding.seenBy.firstName} {finding.seenBy.lastName}
                  </Typography>
                </ListItem>
              ))}
            </List>
            {history.data.totalCount > history.data.findings.length && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                The last {history.data.findings.length} of {history.data.totalCount} findings.
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
