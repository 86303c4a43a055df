import * as z from 'zod';
import { PORTFOLIO_PAGE_DEFAULT, PORTFOLIO_PAGE_MAX, SEARCH_TERM_MAX_LENGTH } from '../constants.ts';
import { id, idParam, isoDateTime, wholeNumberParam } from './common.ts';
import { dashboardLocation, dashboardQuery } from './incident.ts';
import { windowToday } from './schedule.ts';
import { todayStates, attentionFilters } from '../portfolio.ts';

/**
 * The owner's dashboard at portfolio scale (issue 30): a summary of every location of the caller's scope, and
 * the locations themselves a page at a time, grouped by area and the ones needing attention first.
 */

export const todayState = z.enum(todayStates);
export const attentionFilter = z.enum(attentionFilters);

const searchTerm = z
  .string()
  .trim()
  .max(SEARCH_TERM_MAX_LENGTH)
  .optional()
  .transform((v) => (v ? v : undefined));

/** Which of the caller's locations: one area's, those a summary figure names, those matching a search. */
export const portfolioScopeQuery = z.object({
  organizationId: idParam.optional(),
  show: attentionFilter.optional(),
  searchTerm,
});

const count = z.number().int().nonnegative();

export const portfolioSummary = z.object({
  /** The locations counted (of the area asked for, else of the caller's whole scope). */
  locationCount: count,
  /** Locations by the state of today's walk windows so far (shared/src/portfolio.ts, todayStateOf). */
  today: z.object({
    walked: count,
    dueSoon: count,
    missed: count,
    /** Windows open or still to come, none missed, due soon or walked yet. */
    pending: count,
    /** No window today. */
    noWindows: count,
  }),
  /** Unresolved incidents, of any age, by priority. */
  openIncidents: z.object({ 1: count, 2: count, 3: count }),
  /** Walk reports started in the last 7 days that carry a flag. */
  flaggedReportsLastWeek: count,
  /** The product's time the figures are of. */
  asOf: isoDateTime,
});
export type PortfolioSummary = z.infer<typeof portfolioSummary>;

export const portfolioOrders = ['attention', 'mine'] as const;

/** `locationId` (the dashboard's location filter) narrows the page to that one location of the scope. */
export const portfolioPageQuery = dashboardQuery.extend({
  ...portfolioScopeQuery.shape,
  /** Opaque: the `nextCursor` of the page before. */
  cursor: z.string().max(200).optional(),
  limit: wholeNumberParam('limit must be a positive whole number')
    .pipe(z.number().int().min(1).max(PORTFOLIO_PAGE_MAX))
    .default(PORTFOLIO_PAGE_DEFAULT),
  /** `attention`: by area name, then attentionRank, then name. `mine`: the caller's saved order, then name. */
  order: z.enum(portfolioOrders).default('attention'),
});

/** A location of the page: its dashboard card (the spec's counts, for the range asked), its area, today. */
export const portfolioLocation = dashboardLocation.extend({
  organization: z.object({ id, name: z.string() }),
  today: z.object({
    state: todayState,
    timeZone: z.string(),
    windows: z.array(windowToday),
  }),
  /** Unresolved incidents of any age, by priority (what attention sorts on; the card's counts follow the range). */
  openIncidents: z.object({ 1: count, 2: count, 3: count }),
  /** The last lock check finished there, and how many of its discrepancies are open (issue 31); null: none. */
  lastLockCheck: z.object({ id, finishedAt: isoDateTime, openDiscrepancies: count }).nullable().default(null),
});
export type PortfolioLocation = z.infer<typeof portfolioLocation>;

export const portfolioPage = z.object({
  locations: z.array(portfolioLocation),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  /** Every location matching the query, over all pages. */
  totalCount: count,
  /**
   * On the first page (no cursor): the summary of the area asked for, else of the caller's whole scope (as
   * `incident.portfolioSummary` with only `organizationId`), so the first screen is one request.
   */
  summary: portfolioSummary.optional(),
});
export type PortfolioPage = z.infer<typeof portfolioPage>;

export const dashboardViews = ['cards', 'table'] as const;
export const dashboardView = z.object({ view: z.enum(dashboardViews) });
export type DashboardView = z.infer<typeof dashboardView>;
