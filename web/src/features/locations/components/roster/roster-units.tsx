import { Box, Chip, IconButton, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import SearchIcon from '@mui/icons-material/Search';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { UNIT_STATUSES, UNIT_STATUS_LABELS, unitKey } from '@sitewalk/shared/lock-check';
import type { RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import { UnitHistoryDialog } from './unit-history-dialog.tsx';

type Unit = RosterVersion['units'][number];

/** A row's height before it is measured (one line at 375 px and up; two where its chips wrap). */
const ROW_ESTIMATE_PX = 52;

const countsOf = (units: readonly Unit[]) => {
  const byStatus = Object.fromEntries(UNIT_STATUSES.map((status) => [status, 0])) as Record<
    Unit['status'],
    number
  >;
  let delinquent = 0;
  let overlocked = 0;
  for (const unit of units) {
    byStatus[unit.status] += 1;
    if (unit.delinquent) delinquent += 1;
    if (unit.overlocked) overlocked += 1;
  }
  return { byStatus, delinquent, overlocked };
};

/** How many units of each status, and how many delinquent and overlocked. */
export const RosterCounts = ({ units }: { units: readonly Unit[] }) => {
  const counts = useMemo(() => countsOf(units), [units]);
  const entries = [
    ...UNIT_STATUSES.map((status) => [UNIT_STATUS_LABELS[status], counts.byStatus[status]] as const),
    ['Delinquent', counts.delinquent] as const,
    ['Overlocked', counts.overlocked] as const,
  ];
  return (
    <Box
      component="dl"
      aria-label="Units by status"
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          md: 'repeat(6, minmax(0, 1fr))',
        },
        gap: 1,
        m: 0,
      }}
    >
      {entries.map(([label, count]) => (
        <Paper
          key={label}
          variant="outlined"
          sx={{ px: 1.5, py: 0.75, minWidth: 0, display: 'flex', alignItems: 'baseline', gap: 1 }}
        >
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
            {label}
          </Typography>
          <Typography component="dd" variant="subtitle1" sx={{ m: 0, fontWeight: 600 }}>
            {count.toLocaleString('en')}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
};

const UnitRow = ({ unit, onHistory }: { unit: Unit; onHistory: () => void }) => (
  <Stack
    direction="row"
    spacing={1}
    useFlexGap
    sx={{ alignItems: 'center', flexWrap: 'wrap', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
  >
    <Typography sx={{ fontWeight: 600, minWidth: '5.5rem', overflowWrap: 'anywhere' }}>
      {unit.number}
    </Typography>
    <Typography sx={{ minWidth: '6.5rem' }}>{UNIT_STATUS_LABELS[unit.status]}</Typography>
    {unit.delinquent && <Chip size="small" color="warning" label="Delinquent" />}
    {unit.overlocked && <Chip size="small" variant="outlined" label="Overlocked" />}
    <Stack direction="row" spacing={1} sx={{ ml: 'auto', alignItems: 'center' }}>
      {unit.size && (
        <Typography variant="body2" color="text.secondary">
          {unit.size}
        </Typography>
      )}
      <IconButton size="small" onClick={onHistory} aria-label={`Lock checks of unit ${unit.number}`}>
        <HistoryIcon fontSize="small" />
      </IconButton>
    </Stack>
  </Stack>
);

/**
 * The roster's units in walk order with a search by unit number, drawn virtualized: only the rows in view
 * (and a few either side) are in the page, so 5,000 units scroll as smoothly as 50.
 */
export const RosterUnits = ({
  units,
  locationId,
  timeZone,
}: {
  units: readonly Unit[];
  locationId: number;
  /** The location's, for the dates of a unit's history. */
  timeZone: string | undefined;
}) => {
  const [search, setSearch] = useState('');
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const term = unitKey(useDeferredValue(search));
  const shown = useMemo(
    () => (term ? units.filter((unit) => unitKey(unit.number).includes(term)) : units),
    [units, term],
  );
  const scroller = useRef<HTMLDivElement>(null);
  // The app is built without the React Compiler, which is all this rule warns of: the virtualizer renders
  // this component again itself as the list scrolls.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    // A row not laid out (height 0) keeps its estimate rather than collapsing the list.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_ESTIMATE_PX,
    overscan: 8,
    getItemKey: (index) => shown[index]?.number ?? index,
  });

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <TextField
          size="small"
          label="Search units"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ maxWidth: { sm: 320 } }}
        />
        <Typography variant="body2" color="text.secondary" role="status">
          {term
            ? `${shown.length.toLocaleString('en')} of ${units.length.toLocaleString('en')} units`
            : `${units.length.toLocaleString('en')} units`}
        </Typography>
      </Stack>
      <Paper
        variant="outlined"
        ref={scroller}
        role="list"
        aria-label="Units"
        tabIndex={0}
        // As tall as its rows, up to most of a screen; past that it scrolls (and the virtualizer draws a screenful).
        sx={{ maxHeight: 'min(60vh, 560px)', overflowY: 'auto' }}
      >
        {shown.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            No unit number contains ‘{search.trim()}’.
          </Typography>
        ) : (
          <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const unit = shown[item.index];
              if (!unit) return null;
              return (
                <Box
                  key={item.key}
                  role="listitem"
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  sx={{ position: 'absolute', top: 0, left: 0, width: '100%' }}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <UnitRow unit={unit} onHistory={() => setHistoryOf(unit.number)} />
                </Box>
              );
            })}
          </Box>
        )}
      </Paper>
      <UnitHistoryDialog
        locationId={locationId}
        unit={historyOf}
        timeZone={timeZone}
        onClose={() => setHistoryOf(null)}
      />
    </Stack>
  );
};
