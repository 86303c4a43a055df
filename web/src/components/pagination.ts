import { PAGINATION_WINDOW } from '@sitewalk/shared/constants';

export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * The spec's pagination: up to five page numbers around the current page, plus the first and the last
 * with ellipses between; nothing at one page or fewer.
 */
export const pageItems = (current: number, totalPages: number): PageItem[] => {
  if (totalPages <= 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const size = Math.min(PAGINATION_WINDOW, totalPages);
  let start = Math.max(1, page - Math.floor(size / 2));
  const end = Math.min(totalPages, start + size - 1);
  start = Math.max(1, end - size + 1);
  const items: PageItem[] = [];
  if (start > 1) {
    items.push(1);
    if (start > 2) items.push('start-ellipsis');
  }
  for (let n = start; n <= end; n += 1) items.push(n);
  if (end < totalPages) {
    if (end < totalPages - 1) items.push('end-ellipsis');
    items.push(totalPages);
  }
  return items;
};
