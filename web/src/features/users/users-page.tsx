import { Stack } from '@mui/material';
import { messages } from '@sitewalk/shared/messages';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { UsersTable } from '../../components/users-table/users-table.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { PageHeader } from '../../components/page-header.tsx';

/** The user list: the users of the signed-in user's scope. */
export const UsersPage = () => {
  const { canOpen } = useAuthorization();
  // The sidebar offers Users above Manager only; a typed URL gets the same answer.
  if (!canOpen('users'))
    return <ErrorPanel error={messages.permission.forbidden} onReset={() => history.back()} />;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader title="Users" />
      <UsersTable source={{ kind: 'user' }} />
    </Stack>
  );
};
