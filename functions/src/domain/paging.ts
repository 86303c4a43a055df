import { searchNeedle } from '../db/entities/search-text.ts';

/** `limit`, `offset` and `searchTerm`, as every paged list takes them. */
export interface PageRequest {
  limit: number;
  offset: number;
  searchTerm?: string | undefined;
}

export interface Page<T> {
  items: T[];
  totalCount: number;
}

type Searchable<T> = (item: T) => readonly (string | number | null | undefined)[];

/** The items of which one of the fields a person would search holds `searchTerm` (case-insensitive). */
export const searchOf = <T>(
  items: readonly T[],
  searchTerm: string | undefined,
  searchable: Searchable<T>,
) => {
  const needle = searchNeedle(searchTerm);
  return needle
    ? items.filter((item) =>
        searchable(item).some(
          (value) => value !== null && value !== undefined && String(value).toLowerCase().includes(needle),
        ),
      )
    : items;
};

/**
 * Filters by a case-insensitive search over the fields a person would search, then slices. The input is
 * one partition already sorted by its key (names, last names), read within PARTITION_READ_BOUND.
 */
export const pageOf = <T>(
  items: readonly T[],
  { limit, offset, searchTerm }: PageRequest,
  searchable: Searchable<T>,
): Page<T> => {
  const matching = searchOf(items, searchTerm, searchable);
  return { items: matching.slice(offset, offset + limit), totalCount: matching.length };
};
