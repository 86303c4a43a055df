import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Box, Typography } from '@mui/material';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useCurrentUser } from '../../lib/auth.tsx';
import { incidentOriginState } from '../../lib/incident-origin.ts';
import { useDashboard, type DashboardFilters as Filters } from '../../api/incidents.ts';
import { useScheduleToday } from '../../api/schedules.ts';
import { useSaveTableOrder, useTableOrder } from '../../api/table-order.ts';
import { DashboardFilters, type FilterValues } from './components/dashboard-filters.tsx';
import { LocationCard, type DashboardLocation } from './components/location-card.tsx';
import { SortableCards } from './components/sortable-cards.tsx';
import { DownloadCsvButton } from '../../components/exports/download-csv-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

const valuesOf = (params: URLSearchParams): FilterValues => ({
  search: params.get('q') ?? '',
  from: DATE.test(params.get('from') ?? '') ? (params.get('from') as string) : '',
  to: DATE.test(params.get('to') ?? '') ? (params.get('to') as string) : '',
  type: ['1', '2', '3'].includes(params.get('type') ?? '') ? (params.get('type') as string) : '',
  location: /^[1-9]\d*$/.test(params.get('location') ?? '') ? (params.get('location') as string) : '',
  unresolved: params.get('unresolved') === 'true',
});

const paramsOf = (values: FilterValues) => {
  const params = new URLSearchParams();
  if (values.search) params.set('q', values.search);
  if (values.from) params.set('from', values.from);
  if (values.to) params.set('to', values.to);
  if (values.type) params.set('type', values.type);
  if (values.location) params.set('location', values.location);
  if (values.unresolved) params.set('unresolved', 'true');
  return params;
};

/**
 * The API's filters from the form's: days are local days, the range runs from the start of `from` to the
 * end of `to` (or now, when `to` is today, so the 72-hour and week counts end now).
 */
const filtersOf = (values: FilterValues): { filters: Filters; rangeError: string | null } => {
  if (values.from && values.to && values.from > values.to) {
    return { filters: {}, rangeError: 'From must not be after To' };
  }
  if (values.from && values.from > today()) {
    return { filters: {}, rangeError: 'From must not be in the future' };
  }
  const filters: Filters = {};
  if (values.from) filters.from = new Date(`${values.from}T00:00:00`).toISOString();
  if (values.to && values.to < today()) filters.to = new Date(`${values.to}T23:59:59.999`).toISOString();
  if (values.type) filters.priority = Number(values.type) as 1 | 2 | 3;
  if (values.location) filters.locationId = Number(values.location);
  if (values.unresolved) filters.unresolvedOnly = true;
  return { filters, rangeError: null };
};

const matches = (location: DashboardLocation, search: string) => {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return [location.name, location.address, location.city, location.state, location.zipcode].some((text) =>
    text.toLowerCase().includes(term),
  );
};

/** Puts `moved` (a subset of `all`, reordered) into the slots of `all` they held, leaving the rest in place. */
const mergeOrder = (all: number[], moved: number[]) => {
  const movedSet = new Set(moved);
  const next = [...moved];
  return all.map((id) => (movedSet.has(id) ? (next.shift() as number) : id));
};

/** The dashboard. */
export const DashboardPage = () => {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const here = useLocation();
  const [params, setParams] = useSearchParams();
  const values = valuesOf(params);
  const { filters, rangeError } = filtersOf(values);

  const dashboard = useDashboard({ userId: user.id, filters });
  // Today's walk windows, in their own query: the dashboard's call stays as it was.
  const today = useScheduleToday();
  const todayOf = useMemo(
    () => new Map((today.data?.locations ?? []).map((l) => [l.locationId, l])),
    [today.data],
  );
  const tableOrder = useTableOrder();
  const saveOrder = useSaveTableOrder();
  const [movedOrder, setMovedOrder] = useState<number[] | null>(null);

  const locations = useMemo(() => dashboard.data?.locations ?? [], [dashboard.data]);
  const ordered = useMemo(() => {
    const rank = new Map<number, number>();
    if (movedOrder) movedOrder.forEach((id, index) => rank.set(id, index));
    else tableOrder.data?.forEach((row) => rank.set(row.tableId, row.displayOrder));
    const last = Number.MAX_SAFE_INTEGER;
    return locations
      .map((location, index) => ({ location, index }))
      .sort(
        (a, b) => (rank.get(a.location.id) ?? last) - (rank.get(b.location.id) ?? last) || a.index - b.index,
      )
      .map(({ location }) => location);
  }, [locations, movedOrder, tableOrder.data]);
  const visible = ordered.filter((location) => matches(location, values.search));

  const onChange = (patch: Partial<FilterValues>) =>
    setParams(paramsOf({ ...values, ...patch }), { replace: true });

  const onReorder = (visibleIds: number[]) => {
    const ids = mergeOrder(
      ordered.map((location) => location.id),
      visibleIds,
    );
    setMovedOrder(ids);
    const byId = new Map(locations.map((location) => [location.id, location]));
    saveOrder.mutate({
      tables: ids.map((id) => ({ tableId: id, tableName: byId.get(id)?.name ?? '' })),
      saved: tableOrder.data ?? [],
    });
  };

  const openIncident = (incidentId: number) =>
    navigate(paths.app.incident.build(incidentId), {
      state: incidentOriginState(`${here.pathname}${here.search}`),
    });

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ mb: 2 }}>
        <PageHeader title="Dashboard" actions={<DownloadCsvButton scopeName="all my locations" />} />
      </Box>
      <DashboardFilters values={values} onChange={onChange} rangeError={rangeError} />
      {saveOrder.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The new order of the tables could not be saved.
        </Alert>
      )}
      {dashboard.isError ? (
        <Alert severity="error">Error loading dashboard data</Alert>
      ) : dashboard.isPending || (tableOrder.isPending && !movedOrder) ? (
        <Spinner />
      ) : visible.length === 0 ? (
        <Typography color="text.secondary">
          {locations.length === 0 ? 'No locations to show.' : 'No location matches the search.'}
        </Typography>
      ) : (
        <SortableCards
          items={visible.map(({ id, name }) => ({ id, name }))}
          onReorder={onReorder}
          renderCard={(item, handle) => {
            const location = visible.find((l) => l.id === item.id) as DashboardLocation;
            return (
              <LocationCard
                location={location}
                onOpenIncident={openIncident}
                handle={handle}
                windows={todayOf.get(location.id)?.windows}
                timeZone={todayOf.get(location.id)?.timeZone}
              />
            );
          }}
        />
      )}
    </Box>
  );
};
