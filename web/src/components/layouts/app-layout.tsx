import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths.ts';
import { clearSession, currentUserQuery, isUsableUser } from '../../lib/auth.tsx';
import { Spinner } from '../spinner.tsx';

/** The guard of /app: without a usable session, clear cached data and auth state and go to /login. */
export const AppLayout = () => {
  const queryClient = useQueryClient();
  const me = useQuery(currentUserQuery());
  const refused = me.isError || (me.isSuccess && !isUsableUser(me.data));
  useEffect(() => {
    if (refused) clearSession(queryClient);
  }, [refused, queryClient]);
  if (refused) return <Navigate to={paths.login.build()} replace />;
  if (me.isPending) return <Spinner fullScreen />;
  return <Outlet />;
};
