import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { companyRoleIds, roleNames, type RoleId } from '@sitewalk/shared/roles';
import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveMfaRoles } from '../../../api/management-companies.ts';

const sorted = (roles: Iterable<number>) => [...roles].sort((a, b) => b - a);

/**
 * Which of the company's roles must sign in with a code from an authenticator app. The stage's own list
 * shows checked and fixed: a company can add roles, never lift the stage's.
 */
export const MfaRolesCard = ({ company }: { company: ManagementCompany }) => {
  const save = useSaveMfaRoles(company.id);
  const byStage = new Set<number>(company.mfaRequiredByStage);
  const [chosen, setChosen] = useState(() => new Set<number>(company.mfaRequiredRoles));
  const [saved, setSaved] = useState(false);
  const toggle = (role: RoleId, on: boolean) => {
    setSaved(false);
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(role);
      else next.delete(role);
      return next;
    });
  };
  const submit = async () => {
    setSaved(false);
    const answer = await save.mutateAsync(sorted(chosen)).catch(() => null);
    if (answer) setSaved(true);
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="mfa-roles-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={1.5}>
        <Typography id="mfa-roles-title" variant="h6" component="h2">
          Two-step verification
        </Typography>
        <Typography color="text.secondary">
          The roles checked here must sign in with a code from an authenticator app. People in them who have
          not set it up do so at their next sign-in.
        </Typography>
        <FormGroup aria-label="Roles that must use two-step verification">
          {companyRoleIds.map((role) => (
            <FormControlLabel
              key={role}
              label={byStage.has(role) ? `${roleNames[role]} (required for everyone)` : roleNames[role]}
              control={
                <Checkbox
                  checked={byStage.has(role) || chosen.has(role)}
                  disabled={byStage.has(role) || save.isPending}
                  onChange={(event) => toggle(role, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
        {save.isError && (
          <Alert severity="error">
            {save.error instanceof ApiError
              ? (save.error.body?.message ?? save.error.statusText)
              : String(save.error)}
          </Alert>
        )}
        {saved && (
          <Alert severity="success" role="status">
            Saved. These roles use two-step verification from their next sign-in.
          </Alert>
        )}
        <Stack direction="row">
          <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save roles'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
};
