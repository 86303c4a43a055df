import { describe, expect, it } from 'vitest';
import { PORTFOLIO_PAGE_DEFAULT, PORTFOLIO_PAGE_MAX } from '@sitewalk/shared/constants';
import type { PortfolioPage } from '@sitewalk/shared/schemas/portfolio';
import { aPortfolioLocation } from '../testing/fixtures.ts';
import { mergedForRefresh, type PortfolioPageParam } from './portfolio.ts';

/** `count` pages of the default size, as "Load more" brings them, of `total` locations in all. */
const loaded = (count: number, total = 500) => {
  const pages: PortfolioPage[] = Array.from({ length: count }, (_, index) => ({
    locations: Array.from({ length: PORTFOLIO_PAGE_DEFAULT }, (_, i) =>
      aPortfolioLocation({ id: index * PORTFOLIO_PAGE_DEFAULT + i + 1 }),
    ),
    nextCursor: `after-${index + 1}`,
    totalCount: total,
  }));
  const pageParams: PortfolioPageParam[] = pages.map((_, index) => ({
    cursor: index === 0 ? null : `after-${index}`,
  }));
  return { pages, pageParams };
};

const idsOf = (pages: PortfolioPage[]) => pages.flatMap((page) => page.locations.map((l) => l.id));

describe('mergedForRefresh', () => {
  it('leaves a single page as it is', () => {
    const data = loaded(1);
    expect(mergedForRefresh(data)).toBe(data);
  });

  it('makes the pages loaded one page asked for with as many locations, ending where the last ended', () => {
    const data = loaded(3);
    const merged = mergedForRefresh(data);
    expect(merged.pageParams).toEqual([{ cursor: null, limit: 3 * PORTFOLIO_PAGE_DEFAULT }]);
    expect(merged.pages).toHaveLength(1);
    expect(idsOf(merged.pages)).toEqual(idsOf(data.pages));
    expect(merged.pages[0]).toMatchObject({ nextCursor: 'after-3', totalCount: 500 });
  });

  it('merges only the leading pages that fit in one read; the pages after them stay as they are', () => {
    const data = loaded(6);
    const fit = Math.floor(PORTFOLIO_PAGE_MAX / PORTFOLIO_PAGE_DEFAULT);
    const merged = mergedForRefresh(data);
    expect(merged.pageParams).toEqual([
      { cursor: null, limit: fit * PORTFOLIO_PAGE_DEFAULT },
      ...data.pageParams.slice(fit),
    ]);
    expect(merged.pages.slice(1)).toEqual(data.pages.slice(fit));
    expect(idsOf(merged.pages)).toEqual(idsOf(data.pages));
  });

  it('merges again a page merged before with the pages loaded after it', () => {
    const once = mergedForRefresh(loaded(2));
    const more = loaded(3);
    const twice = mergedForRefresh({
      pages: [...once.pages, more.pages[2]!],
      pageParams: [...once.pageParams, more.pageParams[2]!],
    });
    expect(twice.pageParams).toEqual([{ cursor: null, limit: 3 * PORTFOLIO_PAGE_DEFAULT }]);
    expect(idsOf(twice.pages)).toEqual(idsOf(more.pages));
  });
});
