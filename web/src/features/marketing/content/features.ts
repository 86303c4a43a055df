import type { SvgIconComponent } from '@mui/icons-material';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import HistoryIcon from '@mui/icons-material/History';
import InsightsIcon from '@mui/icons-material/Insights';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import RouteIcon from '@mui/icons-material/Route';

export type FeatureStatus = 'available' | 'partial' | 'coming';

export interface Feature {
  title: string;
  icon: SvgIconComponent;
  status: FeatureStatus;
  /** What works today. */
  today?: string;
  /** What is still coming, said plainly. */
  coming?: string;
}

/**
 * The eight features the marketing page advertises, each with what SiteWalk does today and
 * what is still coming. Keep this honest: update it when the walk recorder, alerts and exports ship.
 */
export const features: readonly Feature[] = [
  {
    title: 'Morning and evening walks, tracked by GPS',
    icon: RouteIcon,
    status: 'partial',
    today:
      'Managers set up each walk as numbered checkpoints on a map of the facility. Every walk report keeps who walked, when, how long it took and which checkpoints were reached.',
    coming: 'The walk recorder for phones, which follows the walk by GPS.',
  },
  {
    title: 'Geo-tagged, time-stamped photos and notes',
    icon: PhotoCameraIcon,
    status: 'partial',
    today: 'Walk reports and incidents carry notes and photos, each with the time it was added and by whom.',
    coming: 'The geo-tag from the phone’s GPS, with the walk recorder.',
  },
  {
    title: 'AI-assisted issue detection',
    icon: AutoAwesomeIcon,
    status: 'coming',
    coming:
      'Photos of unit doors read and checked against the unit that was asked for, so a wrong door is caught on the spot.',
  },
  {
    title: 'Cloud-synced reports',
    icon: CloudSyncIcon,
    status: 'available',
    today:
      'Reports are saved in the cloud as they are made. The whole team sees the same data in any browser, at the office or on the road.',
  },
  {
    title: 'Custom alerts for missed walks',
    icon: NotificationsActiveIcon,
    status: 'partial',
    today:
      'The dashboard shows in red a facility with fewer than two walks in 72 hours or fewer than five in a week.',
    coming: 'Alerts by e-mail when a walk is missed, at the times you choose.',
  },
  {
    title: 'Task sharing with deadlines and priorities',
    icon: AssignmentTurnedInIcon,
    status: 'partial',
    today:
      'Incidents carry a priority (Critical, Important, Regular) and notes from the whole team, and are marked resolved when done.',
    coming: 'Deadlines on incidents.',
  },
  {
    title: 'A dashboard you filter by date, issue type or location',
    icon: InsightsIcon,
    status: 'available',
    today:
      'One card per facility with its walks of the last 72 hours and week and its incidents by type. Filter by date range, incident type or location, and drag the cards into your own order.',
  },
  {
    title: 'Historical data',
    icon: HistoryIcon,
    status: 'partial',
    today: 'Every walk report and incident is kept, so you can look back at any day of any facility.',
    coming: 'Exports to spreadsheets and PDF.',
  },
];

export const statusLabels: Record<FeatureStatus, string> = {
  available: 'Available',
  partial: 'Partly available',
  coming: 'Coming',
};
