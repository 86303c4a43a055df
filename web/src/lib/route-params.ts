import { useParams } from 'react-router';

/**
 * A route's id segment as a number: a positive whole number written without a sign, leading zero or
 * fraction, and small enough to be exact; null for anything else ('0', '01', 'abc', '1.5', '-3').
 */
export const parseRouteId = (value: string | undefined): number | null => {
  if (value === undefined || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
};

/** The current route's `:name` parameter as an id, or null when it is none (the page shows its not found). */
export const useRouteId = (name = 'id'): number | null => parseRouteId(useParams()[name]);
