import type { AttentionFilter, TodayState } from '@sitewalk/shared/portfolio';
import { INCIDENT_PRIORITIES } from '@sitewalk/shared/constants';
import { windowStatusInfo } from '../../components/window-status.tsx';
import type { Tone } from './components/counts.ts';

/** What a summary figure counts, as its tile and the "filtered to" chip name it. */
export const attentionLabels: Record<AttentionFilter, string> = {
  walked: 'Walked today',
  dueSoon: 'Due soon',
  missed: 'Missed today',
  openPriority1: `${INCIDENT_PRIORITIES[1]} open`,
  openPriority2: `${INCIDENT_PRIORITIES[2]} open`,
  openPriority3: `${INCIDENT_PRIORITIES[3]} open`,
  flagged: 'Flagged last week',
};

/** The `show` of the address, when it names a summary figure. */

/** How a location's day reads and looks: the walk windows' own colours (components/window-status.tsx). */
export const todayStateInfo: Record<TodayState, { label: string; tone: Tone }> = {
  missed: { label: windowStatusInfo.missed.label, tone: 'error' },
  dueSoon: { label: windowStatusInfo.dueSoon.label, tone: 'warning' },
  walked: { label: 'Walked', tone: 'success' },
  pending: { label: 'Pending', tone: 'neutral' },
  noWindows: { label: 'No windows', tone: 'neutral' },
};
