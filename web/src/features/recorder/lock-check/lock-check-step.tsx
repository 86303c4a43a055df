import AddIcon from '@mui/icons-material/Add';
import GlobalStyles from '@mui/material/GlobalStyles';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Snackbar,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { unitKey, type LockFinding } from '@sitewalk/shared/lock-check';
import { scopeLabel } from '@sitewalk/shared/roster';
import type { LockCheck, RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { api } from '../../../lib/api.ts';
import { useRecorderServices } from '../recorder-services.tsx';
import { OutboxIndicator } from '../store/outbox-indicator.tsx';
import type { LockCheckSession, LockTap } from '../store/types.ts';
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
import {
  FINDING_BUTTON_TEXT,
  UnitRow,
  unitRowHeight,
  WIDE_ROW_QUERY,
  type UnitRowProps,
} from './unit-row.tsx';

/** How often the screen reads the check's report while online (door numbers read on its photos). */
const REPORT_POLL_MS = 20_000;

/**
 * The check's report once the API numbered it (null before), for the door numbers read on its photos: read again
 * every REPORT_POLL_MS only once a photo was taken (a thousand results are a long frame's parse on a phone).
 */
const useCheckReport = (sessionKey: string, withPhotos: boolean) => {
  const { outbox } = useRecorderServices();
  return useQuery({
    queryKey: ['recorder', 'lock-check-report', sessionKey],
    refetchInterval: withPhotos ? REPORT_POLL_MS : false,
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

/** A unit number kept on one line ('A-4' is never 'A-' and '4'): a word joiner (invisible) after each hyphen. */
const unbroken = (unit: string) => unit.replace(/-/g, '-\u2060');

export interface LockCheckStepProps {
  session: LockCheckSession;
  roster: Pick<RosterVersion, 'units'>;
  /** The location's walks as their door markers' ranges, in marker order (the list follows one that covers it). */
  doorWalks?: readonly (readonly string[])[];
  record: (action: (session: LockCheckSession) => LockRecorded | null) => void;
  onFinish: () => void;
}

/**
 * The lock check (issue 31), phone first: the units in walk order (virtualized: a thousand units scroll as
 * ten), a search that finds a unit or adds one not on the roster, '312 of 540 checked', one tap per unit for
 * what is seen, and Finish.
 */
export const LockCheckStep = ({ session, roster, doorWalks, record, onFinish }: LockCheckStepProps) => {
  const { shrinkPhoto } = useRecorderServices();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const [finishing, setFinishing] = useState(false);
  const report = useCheckReport(
    session.key,
    Object.values(session.photoCounts).some((count) => count > 0),
  );
  const fromReport = useMemo(() => reportByUnit(report.data), [report.data]);

  const units = useMemo(
    () => checkUnits(roster, session.scope, session.addedUnits, doorWalks),
    [roster, session.scope, session.addedUnits, doorWalks],
  );
  const shown = useMemo(() => {
    if (!query) return units;
    const key = unitKey(query);
    return units.filter((unit) => unit.key.includes(key));
  }, [units, query]);
  const exact = query !== '' && units.some((unit) => unit.key === unitKey(query));
  // A unit the report has and this phone does not (the device's copy was lost): counted as the report says.
  const findingOf = useCallback(
    (unit: CheckUnit): LockFinding | null =>
      session.results[unit.key]?.finding ?? fromReport.get(unit.key)?.finding ?? null,
    [session.results, fromReport],
  );
  const mismatchOf = useCallback(
    (unit: CheckUnit) => fromReport.get(unit.key)?.mismatch ?? null,
    [fromReport],
  );
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

  const awaiting = session.awaitingPhoto;
  // The parts of the header a tap does not change, kept as they are, so a tap renders the count and its row.
  const { locationName, scope } = session;
  const title = useMemo(
    () => (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h1" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
            Lock check
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {locationName} · {scopeLabel(scope)}
          </Typography>
        </Box>
        <Button variant="contained" onClick={() => setFinishing(true)} sx={{ minHeight: 44, flexShrink: 0 }}>
          Finish
        </Button>
      </Stack>
    ),
    [locationName, scope],
  );
  const searchBox = useMemo(
    () => (
      <>
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
      </>
    ),
    [search, query, exact, record],
  );

  const keepChecking = useCallback(() => setFinishing(false), []);
  const confirmFinish = useCallback(() => {
    setFinishing(false);
    onFinish();
  }, [onFinish]);

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Box
        sx={{
          position: 'sticky',
          top: { xs: 56, sm: 64 },
          zIndex: 2,
          bgcolor: 'background.default',
          // Stuck under the app bar, the title keeps a gap above it.
          pt: 1,
          pb: 1,
          display: 'grid',
          // One column no wider than the screen: the location's name is cut short (noWrap), not the page widened.
          gridTemplateColumns: 'minmax(0, 1fr)',
          gap: 1,
        }}
      >
        {title}
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
        {searchBox}
      </Box>
      {total === 0 && session.addedUnits.length === 0 && (
        <Alert severity="info">No unit of the roster is in this check’s scope.</Alert>
      )}
      <LockCheckStyles />
      <UnitList
        units={shown}
        findingOf={findingOf}
        awaiting={awaiting}
        photoCounts={session.photoCounts}
        mismatchOf={mismatchOf}
        onTap={onTap}
        onPhoto={onPhoto}
        shrinkPhoto={shrinkPhoto}
      />
      <DroppedTapNotice awaiting={awaiting} />
      <FinishDialog
        // Only while it is open: a tap does not render the closed dialog.
        message={
          finishing
            ? `${checked.toLocaleString('en')} of ${total.toLocaleString('en')} units checked. ${uncheckedText(total - checked, session.scope)}${awaiting ? ` Unit ${unbroken(awaiting.unit)} still waits for its door photo and will not be recorded.` : ''}`
            : null
        }
        onCancel={keepChecking}
        onConfirm={confirmFinish}
      />
    </Box>
  );
};

/** 'Finish the lock check?', open while it has a message (the last one stays shown as it closes). */
const FinishDialog = memo(function FinishDialog({
  message,
  onCancel,
  onConfirm,
}: {
  message: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const [shown, setShown] = useState(message);
  if (message !== null && message !== shown) setShown(message);
  return (
    <ConfirmDialog
      open={message !== null}
      title="Finish the lock check?"
      message={message ?? shown ?? ''}
      confirmLabel="Finish"
      cancelLabel="Keep checking"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
});

/**
 * One tap waits for its door photo at a time: a discrepancy tapped at another unit takes its place, and the one
 * it replaced is said to be dropped (it was never recorded), so it is not lost without a word. Its own
 * component: a tap renders it only when the waiting tap changes. A click elsewhere does not close it (so it
 * listens to no click: its click-away listener would lay out the page on every tap).
 */
const DroppedTapNotice = memo(function DroppedTapNotice({
  awaiting,
}: {
  awaiting: LockCheckSession['awaitingPhoto'];
}) {
  const [dropped, setDropped] = useState<LockTap | null>(null);
  const waited = useRef(awaiting);
  useEffect(() => {
    const before = waited.current;
    waited.current = awaiting;
    if (before && awaiting && unitKey(before.unit) !== unitKey(awaiting.unit)) setDropped(before);
  }, [awaiting]);
  return (
    <Snackbar
      open={dropped !== null}
      autoHideDuration={8_000}
      onClose={() => setDropped(null)}
      slotProps={{ clickAwayListener: { mouseEvent: false, touchEvent: false } }}
    >
      <Alert severity="warning" variant="filled" onClose={() => setDropped(null)} sx={{ width: '100%' }}>
        {dropped &&
          `Unit ${unbroken(dropped.unit)}: ${FINDING_BUTTON_TEXT[dropped.finding].toLowerCase()} not recorded (no door photo). Tap it again to record it.`}
      </Alert>
    </Snackbar>
  );
});

/**
 * The list's styles, inserted once for every row (a row is plain elements: rows mount as the list scrolls,
 * and styling each one as a component costs frames at a phone's speed).
 */
const LockCheckStyles = memo(function LockCheckStyles() {
  return (
    <GlobalStyles
      styles={(theme) => ({
        '.lock-check-units': { position: 'relative' },
        '.lock-check-units .unit': {
          position: 'absolute',
          top: 0,
          left: 0,
          width: '100%',
          boxSizing: 'border-box',
          borderBottom: `1px solid ${theme.palette.divider}`,
          borderLeft: '4px solid transparent',
          padding: theme.spacing(0.75, 1),
          display: 'flex',
          flexDirection: 'column',
          gap: theme.spacing(0.75),
          contain: 'strict',
        },
        '.lock-check-units .unit.alert': { borderLeftColor: theme.palette.warning.main },
        '.lock-check-units .unit-head': {
          display: 'flex',
          alignItems: 'center',
          gap: theme.spacing(1),
          minHeight: 48,
        },
        '.lock-check-units .unit-name': { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
        '.lock-check-units .unit-name strong': { fontSize: '1.125rem', lineHeight: 1.2 },
        '.lock-check-units .unit-name span': {
          fontSize: '0.8125rem',
          color: theme.palette.text.secondary,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        },
        '.lock-check-units .unit-photo-input': {
          position: 'absolute',
          width: 1,
          height: 1,
          opacity: 0,
          overflow: 'hidden',
          clipPath: 'inset(50%)',
        },
        '.lock-check-units .unit-photo': {
          ...theme.typography.button,
          fontSize: '0.875rem',
          display: 'flex',
          alignItems: 'center',
          gap: theme.spacing(0.5),
          minHeight: 44,
          padding: theme.spacing(0, 1.25),
          borderRadius: theme.shape.borderRadius,
          border: `1px solid ${theme.palette.primary.main}`,
          color: theme.palette.primary.main,
          cursor: 'pointer',
          flexShrink: 0,
          '& svg': { width: 20, height: 20, fill: 'currentColor' },
        },
        '.lock-check-units .unit-photo.needed': {
          backgroundColor: theme.palette.primary.main,
          color: theme.palette.primary.contrastText,
        },
        '.lock-check-units .unit-photo-input:focus-visible + .unit-photo': {
          outline: `3px solid ${theme.palette.primary.light}`,
          outlineOffset: 2,
        },
        '.lock-check-units .unit-photo-input:disabled + .unit-photo': {
          borderColor: theme.palette.action.disabled,
          color: theme.palette.text.disabled,
          cursor: 'default',
        },
        '.lock-check-units .findings': {
          display: 'grid',
          gridTemplateColumns: 'repeat(3, 1fr)',
          gap: theme.spacing(0.75),
          [`@media ${WIDE_ROW_QUERY}`]: { gridTemplateColumns: 'repeat(6, 1fr)' },
        },
        '.lock-check-units .finding': {
          ...theme.typography.button,
          fontSize: '0.8125rem',
          lineHeight: 1.1,
          textTransform: 'none',
          minHeight: 44,
          padding: theme.spacing(0, 0.5),
          borderRadius: theme.shape.borderRadius,
          border: `1px solid ${theme.palette.grey[400]}`,
          backgroundColor: theme.palette.background.paper,
          color: theme.palette.text.primary,
          cursor: 'pointer',
          touchAction: 'manipulation',
        },
        '.lock-check-units .finding[aria-pressed="true"]': {
          backgroundColor: theme.palette.primary.main,
          borderColor: theme.palette.primary.main,
          color: theme.palette.primary.contrastText,
        },
        '.lock-check-units .finding[aria-pressed="true"][data-discrepancy]': {
          backgroundColor: theme.palette.error.main,
          borderColor: theme.palette.error.main,
          color: theme.palette.error.contrastText,
        },
        '.lock-check-units .finding:focus-visible': {
          outline: `3px solid ${theme.palette.primary.light}`,
          outlineOffset: 1,
        },
        '.lock-check-units .unit-note': {
          fontSize: '0.8125rem',
          minHeight: 18,
          color: theme.palette.warning.dark,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        },
      })}
    />
  );
});

interface UnitListProps extends Pick<UnitRowProps, 'onTap' | 'onPhoto' | 'shrinkPhoto'> {
  units: CheckUnit[];
  findingOf: (unit: CheckUnit) => LockFinding | null;
  awaiting: LockCheckSession['awaitingPhoto'];
  photoCounts: LockCheckSession['photoCounts'];
  mismatchOf: (unit: CheckUnit) => string | null;
}

/**
 * The units, virtualized along the page's own scroll (a thousand units are ten rows in the page). Its own
 * component, so a scroll renders the list and the rows coming into view, not the screen around it.
 */
const UnitList = memo(function UnitList({
  units,
  findingOf,
  awaiting,
  photoCounts,
  mismatchOf,
  onTap,
  onPhoto,
  shrinkPhoto,
}: UnitListProps) {
  const rowHeight = unitRowHeight(useMediaQuery(WIDE_ROW_QUERY));
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin(listRef.current?.offsetTop ?? 0);
  }, []);
  // Both kept from render to render: a new getItemKey has the virtualizer measure every unit again.
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const getItemKey = useCallback((index: number) => units[index]?.key ?? index, [units]);
  const virtualizer = useWindowVirtualizer({
    count: units.length,
    estimateSize,
    overscan: 4,
    scrollMargin,
    getItemKey,
  });
  // A new row height (a phone turned, a window resized across WIDE_ROW_QUERY) places every row again: the
  // virtualizer keeps the sizes it estimated until told.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  return (
    <div
      ref={listRef}
      role="list"
      aria-label="Units"
      className="lock-check-units"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const unit = units[item.index];
        if (!unit) return null;
        return (
          <UnitRow
            key={item.key}
            unit={unit}
            finding={findingOf(unit)}
            awaitingPhoto={awaiting && unitKey(awaiting.unit) === unit.key ? awaiting.finding : null}
            photoCount={photoCounts[unit.key] ?? 0}
            mismatch={mismatchOf(unit)}
            top={item.start - virtualizer.options.scrollMargin}
            height={rowHeight}
            onTap={onTap}
            onPhoto={onPhoto}
            shrinkPhoto={shrinkPhoto}
          />
        );
      })}
    </div>
  );
});
