import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { unitKey, type LockFinding } from '@sitewalk/shared/lock-check';
import { scopeLabel } from '@sitewalk/shared/roster';
import type { LockCheck, RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { api } from '../../../lib/api.ts';
import { useRecorderServices } from '../recorder-services.tsx';
import { OutboxIndicator } from '../store/outbox-indicator.tsx';
import type { LockCheckSession } from '../store/types.ts';
import {
  addLockPhoto,
  addUnit,
  checkUnits,
  coverage,
  tapFinding,
  uncheckedText,
  type CheckUnit,
  type LockRecorded,
  type TakenPhoto,
} from './lock-check-actions.ts';
import { UnitRow, unitRowHeight } from './unit-row.tsx';

/** How often the screen reads the check's report while online (door numbers read on its photos). */
const REPORT_POLL_MS = 20_000;

/** The check's report once the API numbered it (null before), for the door numbers read on its photos. */
const useCheckReport = (sessionKey: string) => {
  const { outbox } = useRecorderServices();
  return useQuery({
    queryKey: ['recorder', 'lock-check-report', sessionKey],
    refetchInterval: REPORT_POLL_MS,
    retry: false,
    queryFn: async ({ signal }): Promise<LockCheck | null> => {
      const lockCheckId = await outbox.lockCheckIdOf(sessionKey);
      return lockCheckId === null ? null : api('lockCheck.get', { params: { lockCheckId }, signal });
    },
  });
};

/** What the report says of each unit: the finding it has and the door number read when it differs. */
const reportByUnit = (report: LockCheck | null | undefined) =>
  new Map(
    (report?.results ?? []).map((result) => [
      unitKey(result.unit),
      {
        finding: result.finding,
        mismatch: result.photoMismatch
          ? (result.photos.find((photo) => photo.picturedUnit)?.picturedUnit ?? '?')
          : null,
      },
    ]),
  );

export interface LockCheckStepProps {
  session: LockCheckSession;
  roster: Pick<RosterVersion, 'units'>;
  record: (action: (session: LockCheckSession) => LockRecorded | null) => void;
  onFinish: () => void;
}

/**
 * The lock check (issue 31), phone first: the units in walk order (virtualized: a thousand units scroll as
 * ten), a search that finds a unit or adds one not on the roster, '312 of 540 checked', one tap per unit for
 * what is seen, and Finish.
 */
export const LockCheckStep = ({ session, roster, record, onFinish }: LockCheckStepProps) => {
  const { shrinkPhoto } = useRecorderServices();
  const wide = useMediaQuery('(min-width:600px)');
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const [finishing, setFinishing] = useState(false);
  const report = useCheckReport(session.key);
  const fromReport = useMemo(() => reportByUnit(report.data), [report.data]);

  const units = useMemo(
    () => checkUnits(roster, session.scope, session.addedUnits),
    [roster, session.scope, session.addedUnits],
  );
  const shown = useMemo(() => {
    if (!query) return units;
    const key = unitKey(query);
    return units.filter((unit) => unit.key.includes(key));
  }, [units, query]);
  const exact = query !== '' && units.some((unit) => unit.key === unitKey(query));
  // A unit the report has and this phone does not (the device's copy was lost): counted as the report says.
  const findingOf = (unit: CheckUnit): LockFinding | null =>
    session.results[unit.key]?.finding ?? fromReport.get(unit.key)?.finding ?? null;
  const results = useMemo(() => {
    const merged = { ...session.results };
    for (const [key, result] of fromReport)
      merged[key] ??= { clientId: '', unit: key, finding: result.finding, seenAt: '' };
    return merged;
  }, [session.results, fromReport]);
  const { checked, total } = coverage(units, results);

  const onTap = useCallback(
    (unit: CheckUnit, finding: LockFinding) =>
      record((current) => tapFinding(current, unit, finding, new Date().toISOString())),
    [record],
  );
  const onPhoto = useCallback(
    (unit: CheckUnit, photo: TakenPhoto) =>
      record((current) => addLockPhoto(current, unit.number, photo, new Date().toISOString())),
    [record],
  );

  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin(listRef.current?.offsetTop ?? 0);
  }, []);
  const rowHeight = unitRowHeight(wide);
  const virtualizer = useWindowVirtualizer({
    count: shown.length,
    estimateSize: () => rowHeight,
    overscan: 4,
    scrollMargin,
    getItemKey: (index) => shown[index]?.key ?? index,
  });
  const awaiting = session.awaitingPhoto;

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Box
        sx={{
          position: 'sticky',
          top: { xs: 56, sm: 64 },
          zIndex: 2,
          bgcolor: 'background.default',
          pb: 1,
          display: 'grid',
          gap: 1,
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h1" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              Lock check
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {session.locationName} · {scopeLabel(session.scope)}
            </Typography>
          </Box>
          <Button
            variant="contained"
            onClick={() => setFinishing(true)}
            sx={{ minHeight: 44, flexShrink: 0 }}
          >
            Finish
          </Button>
        </Stack>
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }} role="status" aria-live="polite">
            {checked.toLocaleString('en')} of {total.toLocaleString('en')} checked
          </Typography>
          <LinearProgress
            variant="determinate"
            value={total === 0 ? 0 : (checked / total) * 100}
            aria-hidden
            sx={{ mt: 0.5, height: 6, borderRadius: 1 }}
          />
        </Box>
        <TextField
          label="Find a unit"
          type="search"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 20, autoCapitalize: 'characters' } }}
        />
        {query !== '' && !exact && (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => record((current) => ({ session: addUnit(current, query), writes: [] }))}
            sx={{ minHeight: 44, justifySelf: 'start' }}
          >
            Add unit {query}
          </Button>
        )}
        <OutboxIndicator />
      </Box>
      {total === 0 && session.addedUnits.length === 0 && (
        <Alert severity="info">No unit of the roster is in this check’s scope.</Alert>
      )}
      <Box
        ref={listRef}
        role="list"
        aria-label="Units"
        sx={(theme) => ({
          position: 'relative',
          height: virtualizer.getTotalSize(),
          '& .unit': {
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            boxSizing: 'border-box',
            borderBottom: 1,
            borderColor: 'divider',
            borderLeft: '4px solid transparent',
            px: 1,
            py: 0.75,
            display: 'flex',
            flexDirection: 'column',
            gap: 0.75,
            contain: 'strict',
          },
          '& .unit.alert': { borderLeftColor: theme.palette.warning.main },
          '& .unit-head': { display: 'flex', alignItems: 'center', gap: 1, minHeight: 44 },
          '& .unit-name': {
            flex: 1,
            minWidth: 0,
            display: 'flex',
            flexDirection: 'column',
            '& strong': { fontSize: '1.125rem', lineHeight: 1.2 },
            '& span': {
              fontSize: '0.8125rem',
              color: theme.palette.text.secondary,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            },
          },
          '& .findings': {
            display: 'grid',
            gridTemplateColumns: wide ? 'repeat(6, 1fr)' : 'repeat(3, 1fr)',
            gap: 0.75,
          },
          '& .finding': {
            ...theme.typography.button,
            fontSize: '0.8125rem',
            lineHeight: 1.1,
            textTransform: 'none',
            minHeight: 44,
            px: 0.5,
            borderRadius: 1,
            border: `1px solid ${theme.palette.grey[400]}`,
            bgcolor: 'background.paper',
            color: 'text.primary',
            cursor: 'pointer',
            touchAction: 'manipulation',
          },
          '& .finding[aria-pressed="true"]': {
            bgcolor: 'primary.main',
            borderColor: 'primary.main',
            color: 'primary.contrastText',
          },
          '& .finding[aria-pressed="true"][data-discrepancy]': {
            bgcolor: theme.palette.error.main,
            borderColor: theme.palette.error.main,
            color: theme.palette.error.contrastText,
          },
          '& .finding:focus-visible': {
            outline: `3px solid ${theme.palette.primary.light}`,
            outlineOffset: 1,
          },
          '& .unit-note': {
            fontSize: '0.8125rem',
            minHeight: 18,
            color: theme.palette.warning.dark,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          },
        })}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const unit = shown[item.index];
          if (!unit) return null;
          return (
            <UnitRow
              key={item.key}
              unit={unit}
              finding={findingOf(unit)}
              awaitingPhoto={awaiting && unitKey(awaiting.unit) === unit.key ? awaiting.finding : null}
              photoCount={session.photoCounts[unit.key] ?? 0}
              mismatch={fromReport.get(unit.key)?.mismatch ?? null}
              top={item.start - virtualizer.options.scrollMargin}
              height={rowHeight}
              onTap={onTap}
              onPhoto={onPhoto}
              shrinkPhoto={shrinkPhoto}
            />
          );
        })}
      </Box>
      <ConfirmDialog
        open={finishing}
        title="Finish the lock check?"
        message={`${checked.toLocaleString('en')} of ${total.toLocaleString('en')} units checked. ${uncheckedText(total - checked, session.scope)}${awaiting ? ` Unit ${awaiting.unit} still waits for its door photo and will not be recorded.` : ''}`}
        confirmLabel="Finish"
        cancelLabel="Keep checking"
        onCancel={() => setFinishing(false)}
        onConfirm={() => {
          setFinishing(false);
          onFinish();
        }}
      />
    </Box>
  );
};
