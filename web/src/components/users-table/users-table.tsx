import { Alert, Box, Button, IconButton, Link, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { messages } from '@sitewalk/shared/messages';
import { assignableRoles } from '@sitewalk/shared/policy';
import type { User } from '@sitewalk/shared/schemas/user';
import { paths } from '../../config/paths.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { useLocationsOfUser } from '../../api/locations.ts';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../data-table.tsx';
import { ErrorPanel } from '../error-panel.tsx';
import { AddUsersDialog } from './add-users-dialog.tsx';
import { fullName, mayManage, type UsersSource } from './membership.ts';
import { useMembershipContainer, useRemoveMember, usersPageQueryOptions } from '../../api/users.ts';

export type { UsersSource } from './membership.ts';

export interface UsersTableProps {
  /** Whose users: the signed-in user's scope (default), a location's or an area's. */
  source?: UsersSource;
}

/**
 * The reusable user list: sorted by last name, rows open /app/users/{id}. Every source (the scope's users:
 * every company's for a Super User; a location's or an area's members) is paged and searched by the API, so
 * none is loaded whole. For the user source 'Add' goes to /app/addUser; for a location or an area, 'Add
 * Users' opens the dialog and each member the signed-in user may manage has a remove button. What shows is
 * what the shared policy allows.
 */
export const UsersTable = ({ source = { kind: 'user' } }: UsersTableProps) => {
  const { actor, can } = useAuthorization();
  const navigate = useNavigate();
  const [query, setQuery] = useState<DataTableQuery>({ page: 1, pageSize: 10, searchTerm: '' });
  const users = useQuery(usersPageQueryOptions(source, actor.userId, query));
  const container = useMembershipContainer(source);
  const remove = useRemoveMember();
  const knownLocations = useLocationsOfUser(actor.userId).data;
  const [adding, setAdding] = useState(false);
  const [removeFailed, setRemoveFailed] = useState(false);

  if (users.isError) return <ErrorPanel error={users.error} onReset={() => void users.refetch()} />;

  const rows = users.data?.users ?? [];
  const place = container.data;
  const canAddMembers =
    !!place && (place.kind === 'organization' ? can('manageMembers', place) : can('manageMembers', place));
  const removable = (user: User) => !!place && mayManage(actor, place, user, knownLocations);

  const onRemove = async (user: User) => {
    if (!place) return;
    setRemoveFailed(false);
    try {
      await remove.mutateAsync({ container: place, userId: user.id });
    } catch {
      setRemoveFailed(true);
    }
  };

  const columns: DataTableColumn<User>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (user) => (
        <Link
          component={RouterLink}
          to={paths.app.user.build(user.id)}
          onClick={(event) => event.stopPropagation()}
          underline="hover"
          // break-word, not anywhere: whole words set the column's narrowest width.
          sx={{ fontWeight: 600, overflowWrap: 'break-word' }}
        >
          {fullName(user)}
        </Link>
      ),
    },
    { key: 'role', header: 'Role', render: (user) => user.roleName },
    {
      key: 'email',
      header: 'Email',
      // The e-mail gives way (anywhere), so the names keep whole words and Remove stays in the card at 768 px.
      render: (user) =>
        user.email ? (
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Box>
        ) : (
          ''
        ),
      fromPx: 768,
    },
    { key: 'phone', header: 'Phone', render: (user) => user.phone ?? '', fromPx: 1024 },
  ];
  if (source.kind !== 'user' && rows.some(removable)) {
    columns.push({
      key: 'remove',
      header: 'Remove',
      card: 'action',
      render: (user) =>
        removable(user) ? (
          <Tooltip title="Remove">
            <IconButton
              size="small"
              color="error"
              aria-label={`Remove ${fullName(user)}`}
              disabled={remove.isPending}
              onClick={(event) => {
                event.stopPropagation();
                void onRemove(user);
              }}
            >
              <PersonRemoveIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null,
    });
  }

  const actions =
    source.kind === 'user' ? (
      assignableRoles(actor).length > 0 ? (
        <Button
          component={RouterLink}
          to={paths.app.userAdd.build()}
          variant="contained"
          startIcon={<AddIcon />}
        >
          Add
        </Button>
      ) : null
    ) : canAddMembers ? (
      <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
        Add Users
      </Button>
    ) : null;

  return (
    <>
      {removeFailed && (
        <Alert severity="error" role="alert" onClose={() => setRemoveFailed(false)} sx={{ mb: 1.5 }}>
          {messages.fetch.removeUser}
        </Alert>
      )}
      <DataTable
        label="Users"
        columns={columns}
        rows={rows}
        getRowId={(user) => user.id}
        server={{ total: users.data?.totalCount ?? 0, onQueryChange: setQuery }}
        onRowClick={(user) => void navigate(paths.app.user.build(user.id))}
        loading={users.isPending}
        emptyText={users.isPending ? 'Loading users...' : 'No users.'}
        actions={actions}
      />
      {place && canAddMembers && (
        <AddUsersDialog open={adding} onClose={() => setAdding(false)} actor={actor} container={place} />
      )}
    </>
  );
};
