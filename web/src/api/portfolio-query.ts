import type { AttentionFilter } from '@sitewalk/shared/portfolio';

/**
 * What the dashboard asks `incident.portfolioPage` for, importing nothing but types: the document's first script
 * asks for the first page with it (app/routes/first-requests.ts) before the data layer (./portfolio.ts) loads.
 */

/** Which of the caller's locations the summary counts: one area's, or all of them. */
export interface PortfolioScope {
  organizationId?: number | undefined;
}

/** The dashboard's filters ; unset ones are left to the API's defaults (the last 30 days, every priority). */
export interface DashboardFilters {
  /** ISO instants. */
  from?: string;
  to?: string;
  priority?: 1 | 2 | 3;
  locationId?: number;
  unresolvedOnly?: boolean;
}

export type PortfolioOrder = 'attention' | 'mine';

export interface PortfolioPageInput extends PortfolioScope {
  filters: DashboardFilters;
  show?: AttentionFilter | undefined;
  searchTerm?: string | undefined;
  order: PortfolioOrder;
}

/** The first page's query as the API takes it (the next pages add their cursor). */
export const portfolioQueryOf = ({
  filters,
  organizationId,
  show,
  searchTerm,
  order,
}: PortfolioPageInput) => ({
  from: filters.from,
  to: filters.to,
  typeId: filters.priority,
  locationId: filters.locationId,
  unresolvedOnly: filters.unresolvedOnly ? ('true' as const) : undefined,
  organizationId,
  show,
  searchTerm: searchTerm?.trim() || undefined,
  order,
});
