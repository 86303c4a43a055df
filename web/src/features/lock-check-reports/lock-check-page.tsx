import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  List,
  ListItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { DISCREPANCY_LABELS, DISCREPANCY_SEVERITY, LOCK_FINDING_LABELS } from '@sitewalk/shared/lock-check';
import type { LockCheck } from '@sitewalk/shared/schemas/lockCheck';
import type { Location } from '@sitewalk/shared/schemas/location';
import { coverageLabel } from '@sitewalk/shared/roster';
import { locationTimeZone } from '@sitewalk/shared/time-zones';
import { paths } from '../../config/paths.ts';
import { Spinner } from '../../components/spinner.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Detail, DetailList } from '../../components/details.tsx';
import { DownloadPdfButton } from '../../components/exports/download-pdf-button.tsx';
import { lockCheckCsv, lockCheckPdf } from '../../api/exports.ts';
import { useLockCheck } from '../../api/lock-check-reports.ts';
import { useLocation } from '../../api/locations.ts';
import { taskPlacement, useAuthorization } from '../../lib/authorization.ts';
import { formatDateTime } from '../../lib/time.ts';
import { useRouteId } from '../../lib/route-params.ts';
import { PriorityChip, priorityColor } from '../../components/priority-chip.tsx';
import {
  discrepancyRows,
  findingCounts,
  resultsMatching,
  scopeOf,
  type DiscrepancyRow,
} from './lock-check-view.ts';
import { ResolveDialog } from './resolve-dialog.tsx';

/** How many of the units' results the 'All units' list draws before 'Show more'. */
const RESULTS_SHOWN = 50;

/** /app/locations/{id}/lock-checks/{lockCheckId}: one lock check's report (issue 31). */
export const LockCheckPage = () => {
  const locationId = useRouteId('id');
  const lockCheckId = useRouteId('lockCheckId');
  if (locationId === null || lockCheckId === null)
    return <ErrorPanel error="Lock check not found" onReset={() => history.back()} />;
  return <LockCheckReport locationId={locationId} lockCheckId={lockCheckId} />;
};

const LockCheckReport = ({ locationId, lockCheckId }: { locationId: number; lockCheckId: number }) => {
  const check = useLockCheck(lockCheckId);
  const location = useLocation(locationId);
  if (check.isPending) return <Spinner label="Loading lock check" />;
  if (check.isError) return <ErrorPanel error={check.error} onReset={() => void check.refetch()} />;
  return <Report check={check.data} location={location.data} />;
};

const Report = ({ check, location }: { check: LockCheck; location: Location | undefined }) => {
  const zone = { timeZone: location ? locationTimeZone(location) : undefined };
  const { can } = useAuthorization();
  const mayFollowUp = can('create', taskPlacement(location));
  const rows = discrepancyRows(check);
  const open = rows.filter((row) => row.state === 'open');
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader
        title="Lock check"
        back={{ to: `${paths.app.location.build(check.locationId)}#lock-checks`, label: 'Lock Checks' }}
        subtitle={`${check.location.name} · ${scopeOf(check)}`}
        badges={
          check.finishedAt === null ? (
            <Chip size="small" color="info" label="In progress" />
          ) : (
            <Chip size="small" color="success" variant="outlined" label="Finished" />
          )
        }
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <DownloadPdfButton
              format="CSV"
              make={() => lockCheckCsv(check.id)}
              what={`the lock check of ${check.location.name}`}
            />
            <DownloadPdfButton
              make={() => lockCheckPdf(check.id)}
              what={`the lock check of ${check.location.name}`}
            />
          </Stack>
        }
      />
      <Card variant="outlined" component="section" aria-label="Summary">
        <CardContent>
          <DetailList>
            <Detail label="Checked by">
              {check.startedBy.firstName} {check.startedBy.lastName}
            </Detail>
            <Detail label="Started">{formatDateTime(check.startedAt, zone)}</Detail>
            <Detail label="Finished">
              {check.finishedAt === null ? 'Not yet' : formatDateTime(check.finishedAt, zone)}
            </Detail>
            <Detail label="Coverage">{coverageLabel(check)}</Detail>
            <Detail label="Roster">Version {check.rosterVersion}</Detail>
            <Detail label="Discrepancies">
              {check.discrepancyCount === 0
                ? 'None'
                : `${check.openDiscrepancyCount} open of ${check.discrepancyCount}`}
            </Detail>
          </DetailList>
          <Stack
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}
            aria-label="Counts by finding"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: '16px 0 0' }}
          >
            {findingCounts(check).map(({ finding, label, count }) => (
              <li key={finding}>
                <Chip size="small" variant="outlined" label={`${label}: ${count.toLocaleString('en')}`} />
              </li>
            ))}
          </Stack>
          {check.finishedAt === null && check.fullCheck && (
            <Alert severity="info" sx={{ mt: 2 }}>
              Units not reached are counted as not found when the check is finished.
            </Alert>
          )}
        </CardContent>
      </Card>
      <Discrepancies check={check} rows={rows} openCount={open.length} mayFollowUp={mayFollowUp} />
      <AllUnits check={check} />
    </Stack>
  );
};

const Discrepancies = ({
  check,
  rows,
  openCount,
  mayFollowUp,
}: {
  check: LockCheck;
  rows: DiscrepancyRow[];
  openCount: number;
  mayFollowUp: boolean;
}) => {
  const [show, setShow] = useState<'open' | 'all'>('open');
  const [resolving, setResolving] = useState<DiscrepancyRow | null>(null);
  const shown = show === 'open' ? rows.filter((row) => row.state === 'open') : rows;
  return (
    <Card variant="outlined" component="section" aria-labelledby="discrepancies-title">
      <CardContent>
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}
        >
          <Typography variant="h6" component="h2" id="discrepancies-title">
            Discrepancies ({openCount} open)
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={show}
            onChange={(_, next: 'open' | 'all' | null) => next && setShow(next)}
            aria-label="Which discrepancies"
          >
            <ToggleButton value="open">Open</ToggleButton>
            <ToggleButton value="all">All ({rows.length})</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        {shown.length === 0 ? (
          <Typography color="text.secondary">
            {rows.length === 0 ? 'Every unit checked is as the roster says.' : 'No open discrepancies.'}
          </Typography>
        ) : (
          <List disablePadding aria-label="Discrepancies">
            {shown.map((row) => (
              <DiscrepancyItem
                key={row.key}
                row={row}
                check={check}
                mayFollowUp={mayFollowUp && check.finishedAt !== null}
                onResolve={() => setResolving(row)}
              />
            ))}
          </List>
        )}
      </CardContent>
      <ResolveDialog lockCheckId={check.id} row={resolving} onClose={() => setResolving(null)} />
    </Card>
  );
};

const DiscrepancyItem = ({
  row,
  check,
  mayFollowUp,
  onResolve,
}: {
  row: DiscrepancyRow;
  check: LockCheck;
  mayFollowUp: boolean;
  onResolve: () => void;
}) => {
  const { discrepancy } = row;
  const photos = row.result?.photos ?? [];
  const misread = photos.find((photo) => photo.picturedUnit !== null && row.result?.photoMismatch);
  return (
    <ListItem divider disableGutters sx={{ display: 'block', py: 1.5 }} data-testid="discrepancy">
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          Unit {discrepancy.unit}
        </Typography>
        <PriorityChip priority={discrepancy.severity} />
        <Typography component="span">{row.label}</Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Seen: {row.seen} · Roster: {row.roster}
      </Typography>
      {misread && (
        <Typography variant="body2" color="warning.dark" sx={{ mt: 0.5, display: 'flex', gap: 0.5 }}>
          <WarningAmberIcon fontSize="small" /> The photo reads unit {misread.picturedUnit}
        </Typography>
      )}
      {photos.some((photo) => photo.url) && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          {photos.flatMap((photo) =>
            photo.url
              ? [
                  <Box
                    key={photo.imageName}
                    component="a"
                    href={photo.url}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={`Photo of unit ${discrepancy.unit}`}
                  >
                    <Box
                      component="img"
                      src={photo.url}
                      alt=""
                      loading="lazy"
                      sx={{ width: 88, height: 66, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                    />
                  </Box>,
                ]
              : [],
          )}
        </Stack>
      )}
      <Box sx={{ mt: 1 }}>
        {row.state === 'resolved' && (
          <Typography variant="body2" data-testid="resolution">
            Resolved by {discrepancy.resolvedBy?.firstName} {discrepancy.resolvedBy?.lastName}:{' '}
            {discrepancy.resolution}
          </Typography>
        )}
        {discrepancy.taskId !== null && (
          <Link component={RouterLink} to={paths.app.task.build(discrepancy.taskId)} variant="body2">
            Task {discrepancy.taskId}
          </Link>
        )}
        {row.state === 'open' && mayFollowUp && (
          <Stack direction="row" spacing={1} sx={{ mt: discrepancy.taskId !== null ? 1 : 0 }}>
            <Button size="small" variant="outlined" onClick={onResolve}>
              Resolve
            </Button>
            {discrepancy.taskId === null && (
              <Button
                size="small"
                component={RouterLink}
                to={paths.app.taskAdd.build({
                  lockCheckId: check.id,
                  unit: discrepancy.unit,
                  kind: discrepancy.kind,
                  locationId: check.locationId,
                  priority: discrepancy.severity,
                  title: `Unit ${discrepancy.unit}: ${DISCREPANCY_LABELS[discrepancy.kind]}`,
                })}
              >
                Make a task
              </Button>
            )}
          </Stack>
        )}
      </Box>
    </ListItem>
  );
};

/** Every unit's result, searchable: what was seen at each door. */
const AllUnits = ({ check }: { check: LockCheck }) => {
  const [term, setTerm] = useState('');
  const [shown, setShown] = useState(RESULTS_SHOWN);
  const matches = resultsMatching(check, term);
  return (
    <Card variant="outlined" component="section" aria-labelledby="units-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="units-title" sx={{ mb: 1 }}>
          Units checked ({check.results.length.toLocaleString('en')})
        </Typography>
        <TextField
          size="small"
          label="Search units"
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setShown(RESULTS_SHOWN);
          }}
          sx={{ mb: 1, width: { xs: '100%', sm: 280 } }}
        />
        <List dense disablePadding aria-label="Units checked">
          {matches.slice(0, shown).map((result) => (
            <ListItem key={result.unit} divider disableGutters>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Typography component="span" sx={{ fontWeight: 600, minWidth: 64 }}>
                  {result.unit}
                </Typography>
                <Typography component="span">{LOCK_FINDING_LABELS[result.finding]}</Typography>
                {result.discrepancies.map((kind) => (
                  <Chip
                    key={kind}
                    size="small"
                    color={priorityColor(DISCREPANCY_SEVERITY[kind])}
                    label={DISCREPANCY_LABELS[kind]}
                  />
                ))}
              </Stack>
            </ListItem>
          ))}
        </List>
        {matches.length === 0 && <Typography color="text.secondary">No unit matches.</Typography>}
        {matches.length > shown && (
          <Button onClick={() => setShown(shown + RESULTS_SHOWN)} sx={{ mt: 1 }}>
            Show more ({(matches.length - shown).toLocaleString('en')} left)
          </Button>
        )}
      </CardContent>
    </Card>
  );
};
