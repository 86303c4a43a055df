import type { PortfolioPage } from '@sitewalk/shared/schemas/portfolio';
import type { DataService } from '../db/service.ts';
import type { Storage } from '../ports/storage.ts';
import type { portfolioPage } from '../domain/portfolio.ts';
import { windowTodayOf } from '../domain/schedules.ts';
import { lastLockCheckOf } from '../db/location-status.ts';
import { namesFor, toIncident } from './incidents.ts';

/** A page of the owner's dashboard as the API answers it: each location's card, its area and its today. */
export const toPortfolioPage = async (
  deps: { db: DataService; storage: Storage },
  page: Awaited<ReturnType<typeof portfolioPage>>,
): Promise<PortfolioPage> => {
  const names = await namesFor(
    deps.db,
    page.rows.flatMap((row) => row.card.incidents),
    page.rows.map(({ facts: { item } }) => ({ locationId: item.locationId, name: item.name ?? '' })),
  );
  return {
    locations: await Promise.all(
      page.rows.map(async ({ facts, area, card }) => ({
        id: facts.item.locationId,
        name: facts.item.name ?? '',
        address: facts.item.address ?? '',
        city: facts.item.city ?? '',
        state: facts.item.state ?? '',
        zipcode: facts.item.zipcode ?? '',
        walkReportStats: card.walkReportStats,
        incidentCountsByType: card.incidentCountsByPriority,
        incidents: await Promise.all(card.incidents.map((item) => toIncident(deps.storage, item, names))),
        organization: area,
        today: {
          state: facts.state,
          timeZone: facts.timeZone,
          windows: facts.occurrences.map(({ occurrence, status }) => windowTodayOf(occurrence, status)),
        },
        openIncidents: facts.openIncidents,
        lastLockCheck: lastLockCheckOf(facts.item),
      })),
    ),
    nextCursor: page.nextCursor,
    totalCount: page.totalCount,
    ...(page.summary ? { summary: page.summary } : {}),
  };
};
