import type { WindowStatus } from './schemas/schedule.ts';

/**
 * How a location stands today, from its walk windows' statuses (shared/src/walk-windows.ts, statusAt), and
 * which locations need attention first. The server sorts and counts by these; the SPA colours by them.
 */

export const todayStates = ['missed', 'dueSoon', 'walked', 'pending', 'noWindows'] as const;
export type TodayState = (typeof todayStates)[number];

/** What a summary figure filters the locations to. */
export const attentionFilters = [
  'missed',
  'dueSoon',
  'walked',
  'openPriority1',
  'openPriority2',
  'openPriority3',
  'flagged',
] as const;
export type AttentionFilter = (typeof attentionFilters)[number];

const WALKED: readonly WindowStatus[] = ['done', 'late', 'incomplete'];

/**
 * A window missed makes the day `missed`; else one due soon, `dueSoon`; else one walked (done, late or
 * incomplete), `walked`; else (open, upcoming or in progress) `pending`; no window, `noWindows`.
 */
export const todayStateOf = (statuses: readonly WindowStatus[]): TodayState => {
  if (statuses.length === 0) return 'noWindows';
  if (statuses.includes('missed')) return 'missed';
  if (statuses.includes('dueSoon')) return 'dueSoon';
  if (statuses.some((status) => WALKED.includes(status))) return 'walked';
  return 'pending';
};

export interface AttentionFacts {
  state: TodayState;
  openIncidents: { 1: number; 2: number; 3: number };
}

/**
 * Lower first: missed, then due soon, then open critical incidents (more first), then the rest. Two
 * locations of one rank compare by `compareAttention`'s further keys.
 */
export const attentionRank = ({ state, openIncidents }: AttentionFacts): number => {
  if (state === 'missed') return 0;
  if (state === 'dueSoon') return 1;
  if (openIncidents[1] > 0) return 2;
  return 3;
};

/** The attention order: rank, then more open critical incidents, then more open incidents of any priority. */
export const compareAttention = (a: AttentionFacts, b: AttentionFacts): number =>
  attentionRank(a) - attentionRank(b) ||
  b.openIncidents[1] - a.openIncidents[1] ||
  b.openIncidents[1] +
    b.openIncidents[2] +
    b.openIncidents[3] -
    (a.openIncidents[1] + a.openIncidents[2] + a.openIncidents[3]);

/** Whether a location with these facts (and `flagsLastWeek` flagged reports) is one a summary figure names. */
export const matchesAttention = (
  filter: AttentionFilter,
  facts: AttentionFacts & { flaggedReportsLastWeek: number },
): boolean => {
  switch (filter) {
    case 'missed':
    case 'dueSoon':
    case 'walked':
      return facts.state === filter;
    case 'openPriority1':
      return facts.openIncidents[1] > 0;
    case 'openPriority2':
      return facts.openIncidents[2] > 0;
    case 'openPriority3':
      return facts.openIncidents[3] > 0;
    case 'flagged':
      return facts.flaggedReportsLastWeek > 0;
  }
};
