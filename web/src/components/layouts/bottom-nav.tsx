import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import {
  BottomNavigation,
  BottomNavigationAction,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
} from '@mui/material';
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useAuthorization } from '../../lib/authorization.ts';
import { bottomNavSplit, isCurrent, navEntries, type NavEntry } from './nav-entries.tsx';

/** The bar's height without the phone's home-indicator inset (MUI's BottomNavigation is 56 px). */
export const BOTTOM_NAV_HEIGHT = 56;

/** Words that fit a fifth of a 320 px screen; the full label stays the button's accessible name. */
const SHORT_LABELS: Record<string, string> = {
  recordWalk: 'Record',
  managementCompanies: 'Companies',
};

/**
 * Phones (below 600 px): the main sections in a bar at the bottom, each with its label, at most five buttons
 * and the rest under 'More'. Fixed to the screen's bottom edge, above the home indicator of notched phones.
 */
export const BottomNav = () => {
  const { canOpen } = useAuthorization();
  const { pathname } = useLocation();
  const { bar, more } = bottomNavSplit(navEntries(canOpen));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = [...bar, ...more].find((entry) => isCurrent(entry, pathname));
  const moreCurrent = current !== undefined && more.includes(current);

  const action = (entry: NavEntry) => (
    <BottomNavigationAction
      key={entry.key}
      value={entry.key}
      label={SHORT_LABELS[entry.key] ?? entry.label}
      aria-label={entry.label}
      icon={entry.icon}
      component={NavLink}
      to={entry.to}
      end={entry.exact}
      sx={actionSx}
    />
  );

  return (
    <Paper
      component="nav"
      aria-label="Main"
      elevation={8}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <BottomNavigation showLabels value={moreCurrent ? 'more' : (current?.key ?? false)} component="div">
        {bar.map(action)}
        {more.length > 0 && (
          <BottomNavigationAction
            value="more"
            label="More"
            icon={<MoreHorizIcon />}
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : 'false'}
            aria-controls={anchor ? menuId : undefined}
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={actionSx}
          />
        )}
      </BottomNavigation>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': 'More sections' } }}
      >
        {more.map((entry) => (
          <MenuItem
            key={entry.key}
            component={NavLink}
            to={entry.to}
            end={entry.exact}
            selected={current === entry}
            onClick={() => setAnchor(null)}
            sx={{ minHeight: 48 }}
          >
            <ListItemIcon>{entry.icon}</ListItemIcon>
            <ListItemText>{entry.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </Paper>
  );
};

// Five buttons share 320 px: no minimum width, and labels that stay on one line.
const actionSx = {
  minWidth: 0,
  px: 0.5,
  '& .MuiBottomNavigationAction-label': { whiteSpace: 'nowrap', fontSize: '0.75rem' },
  '& .MuiBottomNavigationAction-label.Mui-selected': { fontSize: '0.75rem' },
} as const;
