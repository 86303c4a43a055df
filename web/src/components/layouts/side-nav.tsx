import {
  Box,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
  useMediaQuery,
} from '@mui/material';
import type { ReactElement } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useAuthorization } from '../../lib/authorization.ts';
import { isCurrent, navEntries } from './nav-entries.tsx';

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
  const visible = navEntries(canOpen);
  // Icons only below the medium width: each names itself in a tooltip there, and only there (a tooltip took
  // tens of ms to draw at 4× CPU; a wider sidebar shows the names).
  const narrow = useMediaQuery(`(max-width: ${MEDIUM_FROM_PX - 0.05}px)`, { noSsr: true });
  const named = (label: string, button: ReactElement) =>
    narrow ? (
      <Tooltip title={label} placement="right" describeChild>
        {button}
      </Tooltip>
    ) : (
      button
    );
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
          const selected = isCurrent(entry, pathname);
          return (
            <ListItem key={entry.key} disablePadding>
              {named(
                entry.label,
                <ListItemButton
                  component={NavLink}
                  to={entry.to}
                  end={entry.exact}
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
                </ListItemButton>,
              )}
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
};
