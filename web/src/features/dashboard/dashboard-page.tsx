import { lazy, startTransition, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Box, Button, Chip, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import type { AttentionFilter } from '@sitewalk/shared/portfolio';
import type { PortfolioLocation } from '@sitewalk/shared/schemas/portfolio';
import { TABLE_ORDER_MAX } from '@sitewalk/shared/constants';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useCurrentUser } from '../../lib/auth.tsx';
import { incidentOriginState } from '../../lib/incident-origin.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { useQuery } from '@tanstack/react-query';
import { organizationMatchesQueryOptions } from '../../api/organizations.ts';
import { AreaPicker } from '../../components/pickers/area-picker.tsx';
import { useDashboardView, usePortfolioPages, useSetDashboardView } from '../../api/portfolio.ts';
import { useSaveTableOrder, useTableOrder } from '../../api/table-order.ts';
import { activeFilterCount, DashboardFilters, type FilterValues } from './components/dashboard-filters.tsx';
import { LocationCard } from './components/location-card.tsx';
import { PortfolioSummary } from './components/portfolio-summary.tsx';
import { CARD_GRID, groupByArea, ungrouped, type AreaGroup } from './components/area-groups.ts';
import { attentionLabels } from './attention.ts';
import {
  attentionFilterOf,
  dashboardOrderOf,
  dashboardPageInputOf,
  dashboardScopeOf,
  filterValuesOf,
  filtersOf,
} from './dashboard-address.ts';
import { DownloadCsvButton } from '../../components/exports/download-csv-button.tsx';
import { FiltersButton, useFiltersFold } from '../../components/filters-fold.tsx';
import { PageHeader } from '../../components/page-header.tsx';

// Not on the first screen (cards in the order of attention): the table view and the drag-and-drop of the
// user's own order load when chosen.
const LocationTable = lazy(async () => ({
  default: (await import('./components/location-table.tsx')).LocationTable,
}));
const SortableCards = lazy(async () => ({
  default: (await import('./components/sortable-cards.tsx')).SortableCards,
}));

/** Typing in the search box asks the server once the typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The cards drawn with the summary when the locations first show: one row of the widest grid, more than a
 * laptop or a phone shows above the fold. A card is dozens of styled elements; every one drawn before the
 * first frame keeps the first screen waiting (issue 30: within 2 s at 4× CPU slowdown).
 */
const FIRST_SCREEN_CARDS = 3;

/**
 * Whether the first screen has been drawn: false until the first page has answered (its first cards shown),
 * then true in a transition, so that what waits for it (the rest of the cards, the filters' fields) is drawn
 * after that screen, in slices that let the browser paint it.
 */
const useAfterFirstScreen = (answered: boolean) => {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (answered && !after) startTransition(() => setAfter(true));
  }, [answered, after]);
  return after;
};

/** The address's parameters with the form's filters set (the summary figure, area and order kept). */
const withFilters = (params: URLSearchParams, values: FilterValues) => {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  set('q', values.search);
  set('from', values.from);
  set('to', values.to);
  set('type', values.type);
  set('location', values.location);
  set('unresolved', values.unresolved ? 'true' : '');
  return next;
};

const withParam = (params: URLSearchParams, key: string, value: string | undefined) => {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
};

/** The loaded locations with the ones just dragged in their new order (the rest after them, as loaded). */
const inMovedOrder = (locations: PortfolioLocation[], moved: number[] | null) => {
  if (!moved) return locations;
  const rank = new Map(moved.map((id, index) => [id, index]));
  const last = Number.MAX_SAFE_INTEGER;
  return locations
    .map((location, index) => ({ location, index }))
    .sort(
      (a, b) => (rank.get(a.location.id) ?? last) - (rank.get(b.location.id) ?? last) || a.index - b.index,
    )
    .map(({ location }) => location);
};

/** The switches' unselected text (MUI's action colour) meets WCAG AA on white, not on the page's grey. */
const ON_PAPER = { bgcolor: 'background.paper' } as const;

/** A visible label beside an exclusive toggle group that it names (Order, View). */
const LabelledSwitch = <V extends string>({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: V;
  onChange: (next: V) => void;
  options: readonly { value: V; label: string }[];
}) => (
  <Stack direction="row" useFlexGap sx={{ gap: 1, alignItems: 'center' }}>
    <Typography id={id} variant="body2" color="text.secondary" component="span">
      {label}
    </Typography>
    <ToggleButtonGroup
      sx={ON_PAPER}
      size="small"
      exclusive
      aria-labelledby={id}
      value={value}
      onChange={(_e, next: V | null) => next && onChange(next)}
    >
      {options.map((option) => (
        <ToggleButton key={option.value} value={option.value}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  </Stack>
);

const AreaHeading = ({ name }: { name: string }) => (
  <Typography
    variant="overline"
    component="h2"
    color="text.secondary"
    sx={{ display: 'block', mt: 3, mb: 1, fontWeight: 600, borderBottom: 1, borderColor: 'divider' }}
  >
    {name}
  </Typography>
);

/** The owner's dashboard: the portfolio's summary, then its locations a page at a time, by area. */
export const DashboardPage = () => {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const here = useLocation();
  const [params, setParams] = useSearchParams();
  const values = filterValuesOf(params);
  const { filters, rangeError } = filtersOf(values);
  const show = attentionFilterOf(params.get('show'));
  const { organizationId } = dashboardScopeOf(params);
  const order = dashboardOrderOf(params);
  const searchTerm = useDebouncedValue(values.search.trim(), SEARCH_DEBOUNCE_MS);

  // The same queries the router asked for as the app started (dashboard-query.ts): their answers are cached.
  const pageInput = dashboardPageInputOf(params, searchTerm);
  const pages = usePortfolioPages(pageInput);
  // The first page carries the summary of the area chosen (whatever else narrows the locations).
  const summary = pages.data?.pages[0]?.summary;
  // The Area filter's first matches (what it shows when opened): it is offered when there are two areas or more.
  const firstAreas = useQuery(organizationMatchesQueryOptions(user.id, ''));
  const view = useDashboardView();
  const setView = useSetDashboardView();
  // What is saved now, for the save to know which rows to move: only the user's own order drags.
  const tableOrder = useTableOrder(order === 'mine');
  const saveOrder = useSaveTableOrder();
  const filtersFold = useFiltersFold('dashboard-filters');

  // A drag shows at once; the order is the server's again when the query asked for changes.
  const queryKey = JSON.stringify(pageInput);
  const [moved, setMoved] = useState<{ key: string; ids: number[] } | null>(null);
  const loaded = useMemo(() => pages.data?.pages.flatMap((page) => page.locations) ?? [], [pages.data]);
  const locations = inMovedOrder(loaded, moved?.key === queryKey ? moved.ids : null);
  const totalCount = pages.data?.pages.at(-1)?.totalCount ?? 0;
  // Dragging moves the user's own order: not while the other order's cards still show as it loads.
  const draggable = order === 'mine' && !pages.isPlaceholderData;
  const arrange = (shown: PortfolioLocation[]): AreaGroup<PortfolioLocation>[] =>
    order === 'attention' ? groupByArea(shown) : ungrouped(shown);
  const groups = arrange(locations);
  const afterFirstScreen = useAfterFirstScreen(!pages.isPending);
  const cardGroups = afterFirstScreen ? groups : arrange(locations.slice(0, FIRST_SCREEN_CARDS));
  const shownView = view.data?.view ?? 'cards';

  const setParam = (key: string, value: string | undefined) =>
    setParams(withParam(params, key, value), { replace: true });
  const onChange = (patch: Partial<FilterValues>) =>
    setParams(withFilters(params, { ...values, ...patch }), { replace: true });
  const hrefOf = (filter: AttentionFilter) =>
    `${here.pathname}?${withParam(params, 'show', show === filter ? undefined : filter).toString()}`;

  const onReorder = (ids: number[]) => {
    setMoved({ key: queryKey, ids });
    const byId = new Map(loaded.map((location) => [location.id, location]));
    // The server keeps TABLE_ORDER_MAX positions; the locations after them follow by name.
    saveOrder.mutate({
      tables: ids
        .slice(0, TABLE_ORDER_MAX)
        .map((id) => ({ tableId: id, tableName: byId.get(id)?.name ?? '' })),
      saved: tableOrder.data ?? [],
    });
  };

  const openIncident = (incidentId: number) =>
    navigate(paths.app.incident.build(incidentId), {
      state: incidentOriginState(`${here.pathname}${here.search}`),
    });

  const card = (location: PortfolioLocation, handle?: ReactNode) => (
    <LocationCard
      location={location}
      onOpenIncident={openIncident}
      handle={handle}
      windows={location.today.windows}
      timeZone={location.today.timeZone}
      lastLockCheck={location.lastLockCheck}
    />
  );

  const list =
    shownView === 'table' ? (
      <LocationTable groups={groups} />
    ) : draggable ? (
      <SortableCards
        items={locations.map(({ id, name }) => ({ id, name }))}
        onReorder={onReorder}
        renderCard={(item, handle) =>
          card(locations.find((l) => l.id === item.id) as PortfolioLocation, handle)
        }
      />
    ) : (
      cardGroups.map((group) => (
        <Box key={group.key}>
          {group.area && <AreaHeading name={group.area.name} />}
          <Box sx={CARD_GRID}>
            {group.locations.map((location) => (
              <Box key={location.id} sx={{ minWidth: 0 }}>
                {card(location)}
              </Box>
            ))}
          </Box>
        </Box>
      ))
    );

  const filterFields = (
    <DashboardFilters
      values={values}
      onChange={onChange}
      rangeError={rangeError}
      fold={filtersFold}
      fieldsShown={afterFirstScreen}
    />
  );

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ mb: 2 }}>
        <PageHeader title="Dashboard" actions={<DownloadCsvButton scopeName="all my locations" />} />
      </Box>
      <PortfolioSummary summary={summary} isError={pages.isError && !summary} shown={show} hrefOf={hrefOf} />
      {!filtersFold.folded && filterFields}
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <FiltersButton fold={filtersFold} active={activeFilterCount(values)} />
          {(firstAreas.data?.totalCount ?? 0) > 1 && (
            <AreaPicker
              size="small"
              allLabel="All areas"
              value={organizationId ?? null}
              onChange={(id) => setParam('area', id === null ? undefined : String(id))}
              fullWidth={false}
              sx={{ minWidth: 220 }}
            />
          )}
          <LabelledSwitch
            id="dashboard-order"
            label="Order"
            value={order}
            onChange={(next) => setParam('order', next === 'mine' ? 'mine' : undefined)}
            options={[
              { value: 'attention', label: 'Needs attention' },
              { value: 'mine', label: 'My order' },
            ]}
          />
        </Stack>
        <LabelledSwitch
          id="dashboard-view"
          label="View"
          value={shownView}
          onChange={(view) => setView.mutate({ view })}
          options={[
            { value: 'cards', label: 'Cards' },
            { value: 'table', label: 'Table' },
          ]}
        />
      </Stack>
      {/* On a phone, under the row whose Filters button opens them. */}
      {filtersFold.folded && filterFields}
      {show && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
          <Chip
            label={`Filtered to ${attentionLabels[show].toLowerCase()}`}
            color="primary"
            variant="outlined"
          />
          <Button size="small" startIcon={<CancelIcon />} onClick={() => setParam('show', undefined)}>
            Clear filter
          </Button>
        </Stack>
      )}
      {saveOrder.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The new order of the tables could not be saved.
        </Alert>
      )}
      {setView.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The view could not be kept.
        </Alert>
      )}
      {pages.isError && !pages.data ? (
        <Alert severity="error">Error loading dashboard data</Alert>
      ) : pages.isPending ? (
        <Spinner />
      ) : locations.length === 0 ? (
        <Typography color="text.secondary">
          {show || searchTerm || organizationId || filters.locationId
            ? 'No location matches the filters.'
            : 'No locations to show.'}
        </Typography>
      ) : (
        <>
          {draggable && shownView === 'cards' && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Drag a card by its handle to move it within the locations shown.
            </Typography>
          )}
          <Suspense fallback={<Spinner />}>{list}</Suspense>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            useFlexGap
            sx={{ gap: 1.5, alignItems: 'center', justifyContent: 'center', mt: 3 }}
          >
            <Typography variant="body2" color="text.secondary" role="status">
              Showing {locations.length} of {totalCount} {totalCount === 1 ? 'location' : 'locations'}
            </Typography>
            {pages.hasNextPage && (
              <Button
                variant="outlined"
                onClick={() => void pages.fetchNextPage()}
                disabled={pages.isFetchingNextPage}
              >
                {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            )}
          </Stack>
          {pages.isFetchNextPageError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              Error loading dashboard data
            </Alert>
          )}
        </>
      )}
    </Box>
  );
};
