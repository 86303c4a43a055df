import { DASHBOARD_THRESHOLDS } from '@sitewalk/shared/constants';

/** A count's colour on a card; `neutral` is an incident type with no incidents. */
export type Tone = 'error' | 'warning' | 'success' | 'info' | 'neutral';

/** Walk reports of the last 72 hours: below 2 is red. */
export const last72HoursTone = (count: number): Tone =>
  count < DASHBOARD_THRESHOLDS.last72HoursRedBelow ? 'error' : 'success';

/** Walk reports of the last week: below 5 red, below 10 orange, otherwise green. */
export const lastWeekTone = (count: number): Tone => {
  if (count < DASHBOARD_THRESHOLDS.lastWeekRedBelow) return 'error';
  if (count < DASHBOARD_THRESHOLDS.lastWeekOrangeBelow) return 'warning';
  return 'success';
};

/** Incident counts by type: zero is neutral; otherwise the priority's colour. */
export const incidentCountTone = (typeId: 1 | 2 | 3, count: number): Tone => {
  if (count === 0) return 'neutral';
  return typeId === 1 ? 'error' : typeId === 2 ? 'warning' : 'info';
};

/** Flags on the week's walk reports (issue 18): none is quiet, any is a warning to look at. */
export const flagCountTone = (count: number): Tone => (count === 0 ? 'neutral' : 'warning');
