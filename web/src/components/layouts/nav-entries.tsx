import AssignmentIcon from '@mui/icons-material/Assignment';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import MapIcon from '@mui/icons-material/Map';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import type { ReactElement } from 'react';
import type { Section } from '@sitewalk/shared/policy';
import { paths } from '../../config/paths.ts';

export interface NavEntry {
  /** Unique among the entries (Home and Record a Walk share the recording section). */
  key: string;
  label: string;
  to: string;
  icon: ReactElement;
  /** Selected on exactly `to` (the app's root), not on the paths below it. */
  exact?: boolean;
}

/**
 * The main sections the signed-in user may open, by the shared policy (`canOpen`), in the sidebar's order.
 * The roles that record a walk land on their home (today's walk windows) at /app, and their dashboard moves to
 * /app/dashboard; everyone else's home is the dashboard.
 */
export const navEntries = (canOpen: (section: Section) => boolean): NavEntry[] => {
  const records = canOpen('recordWalk');
  const all: (NavEntry & { visible: boolean })[] = [
    {
      key: 'home',
      label: 'Home',
      to: paths.app.root.build(),
      icon: <HomeIcon />,
      exact: true,
      visible: records,
    },
    {
      key: 'dashboard',
      label: 'Dashboard',
      to: records ? paths.app.dashboard.build() : paths.app.root.build(),
      icon: <DashboardIcon />,
      exact: !records,
      visible: canOpen('dashboard'),
    },
    {
      key: 'locations',
      label: 'Locations',
      to: paths.app.locations.build(),
      icon: <WarehouseIcon />,
      visible: canOpen('locations'),
    },
    {
      key: 'tasks',
      label: 'Tasks',
      to: paths.app.tasks.build(),
      icon: <AssignmentIcon />,
      visible: canOpen('tasks'),
    },
    {
      key: 'alerts',
      label: 'Alerts',
      to: paths.app.alerts.build(),
      icon: <NotificationsIcon />,
      visible: canOpen('alerts'),
    },
    {
      key: 'recordWalk',
      label: 'Record a Walk',
      to: paths.app.record.build(),
      icon: <DirectionsWalkIcon />,
      visible: records,
    },
    {
      key: 'managementCompanies',
      label: 'Management Companies',
      to: paths.app.managementCompanies.build(),
      icon: <BusinessIcon />,
      visible: canOpen('managementCompanies'),
    },
    {
      key: 'areas',
      label: 'Areas',
      to: paths.app.organizations.build(),
      icon: <MapIcon />,
      visible: canOpen('areas'),
    },
    {
      key: 'users',
      label: 'Users',
      to: paths.app.users.build(),
      icon: <PeopleIcon />,
      visible: canOpen('users'),
    },
    {
      key: 'activity',
      label: 'Activity',
      to: paths.app.activity.build(),
      icon: <HistoryIcon />,
      visible: canOpen('activity'),
    },
  ];
  return all.filter(({ visible }) => visible).map(({ visible: _visible, ...entry }) => entry);
};

/** The bottom bar's order on phones: what a walker needs in the field first. */
const PHONE_ORDER = [
  'recordWalk',
  'home',
  'dashboard',
  'tasks',
  'locations',
  'alerts',
  'users',
  'areas',
  'managementCompanies',
  'activity',
];

/** The bottom bar holds at most this many buttons, 'More' included. */
export const BOTTOM_NAV_MAX = 5;

/**
 * The bottom bar's buttons and the entries under 'More': all of them when they fit in five, otherwise the
 * first four in phone order and the rest under 'More' (in the same order).
 */
export const bottomNavSplit = (entries: readonly NavEntry[]): { bar: NavEntry[]; more: NavEntry[] } => {
  const ordered = [...entries].sort((a, b) => PHONE_ORDER.indexOf(a.key) - PHONE_ORDER.indexOf(b.key));
  if (ordered.length <= BOTTOM_NAV_MAX) return { bar: ordered, more: [] };
  return { bar: ordered.slice(0, BOTTOM_NAV_MAX - 1), more: ordered.slice(BOTTOM_NAV_MAX - 1) };
};

/** Whether an entry is the page at `pathname` (its own path, or one below it unless `exact`). */
export const isCurrent = (entry: NavEntry, pathname: string) =>
  entry.exact
    ? pathname === entry.to || pathname === `${entry.to}/`
    : pathname === entry.to || pathname.startsWith(`${entry.to}/`);
