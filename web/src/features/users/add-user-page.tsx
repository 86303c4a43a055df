import { useState } from 'react';
import { Alert, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { assignableRoles } from '@sitewalk/shared/policy';
import { messages } from '@sitewalk/shared/messages';
import { Role, roleNames } from '@sitewalk/shared/roles';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { useFirstCompanies } from '../../components/pickers/company-picker.tsx';
import type { CreatableRole } from '../../api/users.ts';
import { CreateUserForm } from './components/create-user-form.tsx';

/** Add a user: a role below one's own, then its form. */
export const AddUserPage = () => {
  const { actor } = useAuthorization();
  const roles = assignableRoles(actor).filter((r): r is CreatableRole => r !== Role.SuperUser);
  const [roleId, setRoleId] = useState<CreatableRole | null>(
    roles.includes(Role.Manager) ? Role.Manager : (roles[0] ?? null),
  );

  if (roleId === null) {
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          Add User
        </Typography>
        <Alert severity="error">{messages.permission.notAuthorizedPage}</Alert>
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 880, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        Add User
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={3}>
            <TextField
              select
              label="Role"
              value={roleId}
              onChange={(event) => setRoleId(Number(event.target.value) as CreatableRole)}
              helperText="The new user's role, below your own"
              sx={{ maxWidth: { sm: 360 } }}
            >
              {roles.map((role) => (
                <MenuItem key={role} value={role}>
                  {roleNames[role]}
                </MenuItem>
              ))}
            </TextField>
            <RoleForm key={roleId} roleId={roleId} />
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
};

/**
 * Asks what the role's form needs first (whether there is a management company to choose, and which when
 * there is one: the Management Company picker's first matches); its pickers search the server.
 */
const RoleForm = ({ roleId }: { roleId: CreatableRole }) => {
  const companies = useFirstCompanies();
  if (companies.isError)
    return <ErrorPanel error={companies.error} onReset={() => void companies.refetch()} />;
  if (companies.isPending) return <Spinner label="Loading form" />;

  return <CreateUserForm roleId={roleId} companies={companies.data} />;
};
