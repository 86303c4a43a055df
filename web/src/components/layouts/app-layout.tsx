import { Box, useMediaQuery, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { hasValidAccessToken } from '../../lib/api.ts';
import { currentUserQuery, endSession, isUsableUser, refreshSessionOutcome } from '../../lib/auth.tsx';
import { forgetUser } from '../../lib/saved-session.ts';
import { Spinner } from '../spinner.tsx';
import { AppFooter } from './app-footer.tsx';
import { BOTTOM_NAV_HEIGHT, BottomNav } from './bottom-nav.tsx';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * /app: the guard and the shell. Without a token (after one refresh), with an expired one that no refresh
 * renews, without a role, or with a user id missing or 0, it clears cached data and auth state and goes to
 * /login. Inside, the top bar, the sidebar, the page and the footer; on phones (below 600 px) a bottom bar
 * with labels instead of the sidebar. `--bottom-nav-height` tells what sticks to the bottom (the recorder's
 * action bar) how much of the screen the bar takes.
 */
export const AppLayout = () => {
  const { pathname } = useLocation();
  const me = useQuery(currentUserQuery());
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const refused = me.isError || (me.isSuccess && !isUsableUser(me.data));

  // /login is a document of its own (the sign-in pages load none of the app).
  useEffect(() => {
    if (refused) void endSession();
  }, [refused]);

  // A token that expired while the tab stayed open: renew it on the next page, or sign out. Offline (a
  // start with no network has no token at all) it stays signed in: the next call once online refreshes.
  useEffect(() => {
    if (!me.isSuccess || hasValidAccessToken()) return;
    void refreshSessionOutcome().then((outcome) => {
      if (outcome === 'ok' || outcome === 'offline') return;
      if (outcome === 'refused') forgetUser();
      return endSession();
    });
  }, [pathname, me.isSuccess]);

  if (refused || me.isPending) return <Spinner fullScreen label="Loading SiteWalk" />;

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        '--bottom-nav-height': phone ? `calc(${BOTTOM_NAV_HEIGHT}px + env(safe-area-inset-bottom))` : '0px',
        pb: 'var(--bottom-nav-height)',
      }}
    >
      <TopBar />
      <Box sx={{ display: 'flex', flex: 1, minWidth: 0 }}>
        {!phone && <SideNav />}
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, sm: 2, md: 3 } }}>
          <Outlet />
        </Box>
      </Box>
      <AppFooter />
      {phone && <BottomNav />}
    </Box>
  );
};
