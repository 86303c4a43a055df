import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import BusinessIcon from '@mui/icons-material/Business';
import AssignmentIcon from '@mui/icons-material/Assignment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import NotificationsIcon from '@mui/icons-material/Notifications';
import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import HistoryIcon from '@mui/icons-material/History';
import MapIcon from '@mui/icons-material/Map';
import PeopleIcon from '@mui/icons-material/People';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import type { ReactElement } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { Section } from '@sitewalk/shared/policy';
import { paths } from '../../config/paths.ts';
import { useAuthorization } from '../../lib/authorization.ts';

interface Entry {
  section: Section;
  label: string;
  to: string;
  icon: ReactElement;
}

const entries: Entry[] = [
  { section: 'dashboard', label: 'Dashboard', to: paths.app.root.build(), icon: <DashboardIcon /> },
  { section: 'locations', label: 'Locations', to: paths.app.locations.build(), icon: <WarehouseIcon /> },
  { section: 'tasks', label: 'Tasks', to: paths.app.tasks.build(), icon: <AssignmentIcon /> },
  { section: 'alerts', label: 'Alerts', to: paths.app.alerts.build(), icon: <NotificationsIcon /> },
  {
    section: 'recordWalk',
    label: 'Record a Walk',
    to: paths.app.record.build(),
    icon: <DirectionsWalkIcon />,
  },
  {
    section: 'managementCompanies',
    label: 'Management Companies',
    to: paths.app.managementCompanies.build(),
    icon: <BusinessIcon />,
  },
  { section: 'areas', label: 'Areas', to: paths.app.organizations.build(), icon: <MapIcon /> },
  { section: 'users', label: 'Users', to: paths.app.users.build(), icon: <PeopleIcon /> },
  { section: 'activity', label: 'Activity', to: paths.app.activity.build(), icon: <HistoryIcon /> },
];

/** The spec's three widths (the source's w-14, w-56 and w-64): narrow shows icons only. */
export const SIDEBAR_WIDTHS = { narrow: 56, medium: 224, wide: 256 } as const;
export const MEDIUM_FROM_PX = 768;
export const WIDE_FROM_PX = 1280;
const medium = `@media (min-width: ${MEDIUM_FROM_PX}px)`;
const wide = `@media (min-width: ${WIDE_FROM_PX}px)`;

/** The sidebar: the sections the shared policy lets the signed-in user open. */
export const SideNav = () => {
  const { canOpen } = useAuthorization();
  const { pathname } = useLocation();
  const visible = entries.filter((entry) => canOpen(entry.section));
  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{
        flexShrink: 0,
        width: SIDEBAR_WIDTHS.narrow,
        [medium]: { width: SIDEBAR_WIDTHS.medium },
        [wide]: { width: SIDEBAR_WIDTHS.wide },
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
      }}
    >
      <List sx={{ position: 'sticky', top: 64, py: 1 }}>
        {visible.map((entry) => {
          const selected =
            entry.to === paths.app.root.build()
              ? pathname === entry.to || pathname === `${entry.to}/`
              : pathname === entry.to || pathname.startsWith(`${entry.to}/`);
          return (
            <ListItem key={entry.section} disablePadding>
              <Tooltip title={entry.label} placement="right" describeChild>
                <ListItemButton
                  component={NavLink}
                  to={entry.to}
                  end={entry.section === 'dashboard'}
                  selected={selected}
                  aria-label={entry.label}
                  sx={{
                    minHeight: 48,
                    mx: 0.5,
                    borderRadius: 1,
                    justifyContent: 'center',
                    px: 1.5,
                    [medium]: { justifyContent: 'flex-start', px: 2 },
                  }}
                >
                  <ListItemIcon sx={{ minWidth: 0, justifyContent: 'center', [medium]: { minWidth: 40 } }}>
                    {entry.icon}
                  </ListItemIcon>
                  <ListItemText
                    primary={entry.label}
                    sx={{ display: 'none', [medium]: { display: 'block' } }}
                    slotProps={{ primary: { sx: { lineHeight: 1.25 } } }}
                  />
                </ListItemButton>
              </Tooltip>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
};
