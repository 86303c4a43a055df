import { attentionFilters, type AttentionFilter } from '@sitewalk/shared/portfolio';
import type {
  DashboardFilters,
  PortfolioOrder,
  PortfolioPageInput,
  PortfolioScope,
} from '../../api/portfolio-query.ts';
import type { FilterValues } from './components/dashboard-filters.tsx';

/**
 * The dashboard's address read as what it asks the server for, importing nothing heavy: the page's own reading
 * of it, the router's (dashboard-query.ts, which asks before the page's code has run) and the document's first
 * script's (app/routes/first-requests.ts, which asks before the app's code has loaded), so all three make the
 * same requests. No component here.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d*$/;

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

export const attentionFilterOf = (value: string | null): AttentionFilter | undefined =>
  attentionFilters.find((filter) => filter === value);

export const filterValuesOf = (params: URLSearchParams): FilterValues => ({
  search: params.get('q') ?? '',
  from: DATE.test(params.get('from') ?? '') ? (params.get('from') as string) : '',
  to: DATE.test(params.get('to') ?? '') ? (params.get('to') as string) : '',
  type: ['1', '2', '3'].includes(params.get('type') ?? '') ? (params.get('type') as string) : '',
  location: ID.test(params.get('location') ?? '') ? (params.get('location') as string) : '',
  unresolved: params.get('unresolved') === 'true',
});

/**
 * The API's filters from the form's: days are local days, the range runs from the start of `from` to the
 * end of `to` (or now, when `to` is today, so the 72-hour and week counts end now).
 */
export const filtersOf = (values: FilterValues): { filters: DashboardFilters; rangeError: string | null } => {
  if (values.from && values.to && values.from > values.to) {
    return { filters: {}, rangeError: 'From must not be after To' };
  }
  if (values.from && values.from > today()) {
    return { filters: {}, rangeError: 'From must not be in the future' };
  }
  const filters: DashboardFilters = {};
  if (values.from) filters.from = new Date(`${values.from}T00:00:00`).toISOString();
  if (values.to && values.to < today()) filters.to = new Date(`${values.to}T23:59:59.999`).toISOString();
  if (values.type) filters.priority = Number(values.type) as 1 | 2 | 3;
  if (values.location) filters.locationId = Number(values.location);
  if (values.unresolved) filters.unresolvedOnly = true;
  return { filters, rangeError: null };
};

/** The area chosen (`area`), or every location of the caller. */
export const dashboardScopeOf = (params: URLSearchParams): PortfolioScope => {
  const area = params.get('area') ?? '';
  return { organizationId: ID.test(area) ? Number(area) : undefined };
};

export const dashboardOrderOf = (params: URLSearchParams): PortfolioOrder =>
  params.get('order') === 'mine' ? 'mine' : 'attention';

/** The first page's input; `searchTerm` is what the search box has settled on (the address's at first). */
export const dashboardPageInputOf = (
  params: URLSearchParams,
  searchTerm = filterValuesOf(params).search.trim(),
): PortfolioPageInput => ({
  filters: filtersOf(filterValuesOf(params)).filters,
  organizationId: dashboardScopeOf(params).organizationId,
  show: attentionFilterOf(params.get('show')),
  searchTerm,
  order: dashboardOrderOf(params),
});
