import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { hasValidAccessToken } from '../../lib/api.ts';
import { currentUserQuery, endSession, isUsableUser, refreshSession } from '../../lib/auth.tsx';
import { Spinner } from '../spinner.tsx';
import { AppFooter } from './app-footer.tsx';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * /app: the guard and the shell. Without a token (after one refresh), with an expired one that no refresh
 * renews, without a role, or with a user id missing or 0, it clears cached data and auth state and goes to
 * /login. Inside, the top bar, the sidebar, the page and the footer.
 */
export const AppLayout = () => {
  const { pathname } = useLocation();
  const me = useQuery(currentUserQuery());
  const refused = me.isError || (me.isSuccess && !isUsableUser(me.data));

  // /login is a document of its own (the sign-in pages load none of the app).
  useEffect(() => {
    if (refused) void endSession();
  }, [refused]);

  // A token that expired while the tab stayed open: renew it on the next page, or sign out.
  useEffect(() => {
    if (!me.isSuccess || hasValidAccessToken()) return;
    void refreshSession().then((ok) => (ok ? undefined : endSession()));
  }, [pathname, me.isSuccess]);

  if (refused || me.isPending) return <Spinner fullScreen label="Loading SiteWalk" />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box sx={{ display: 'flex', flex: 1, minWidth: 0 }}>
        <SideNav />
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, sm: 2, md: 3 } }}>
          <Outlet />
        </Box>
      </Box>
      <AppFooter />
    </Box>
  );
};
