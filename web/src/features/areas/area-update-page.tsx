import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type * as z from 'zod';
import { messages } from '@sitewalk/shared/messages';
import { createOrganizationBody, type Organization } from '@sitewalk/shared/schemas/organization';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DeleteStatus, useDeleteStatus } from '../../components/delete-status.tsx';
import { SaveStatus, useSaveStatus } from '../../components/save-status.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { applyServerErrors } from '../../lib/form.ts';
import { useDeleteOrganization, useOrganization, useUpdateOrganization } from '../../api/organizations.ts';
import { useRouteId } from '../../lib/route-params.ts';
import { areaPlacement } from './components/area-helpers.ts';
import { AreaLoadError } from './components/area-load-error.tsx';

const updateAreaForm = createOrganizationBody.pick({ name: true });
type UpdateAreaForm = z.input<typeof updateAreaForm>;

/** What a refused delete says: the API's own sentence for a 409 (what to delete first), else its message. */
const deleteFailureText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The area could not be deleted. Please try again.';

/** /app/organizations/update/{id}: the area's name, save and delete. */
export const AreaUpdatePage = () => {
  const id = useRouteId();
  return id === null ? <AreaLoadError /> : <AreaUpdate id={id} />;
};

const AreaUpdate = ({ id }: { id: number }) => {
  const area = useOrganization(id);
  if (area.isPending) return <Spinner label="Loading area" />;
  if (area.isError) return <AreaLoadError />;
  return <AreaUpdateForm area={area.data} />;
};

const AreaUpdateForm = ({ area }: { area: Organization }) => {
  const navigate = useNavigate();
  const { can } = useAuthorization();
  const update = useUpdateOrganization();
  const remove = useDeleteOrganization();
  const [failure, setFailure] = useState<string | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<UpdateAreaForm, unknown, z.output<typeof updateAreaForm>>({
    resolver: zodResolver(updateAreaForm),
    defaultValues: { name: area.name },
  });
  const { errors } = form.formState;

  const save = useSaveStatus({
    onSaved: () => void navigate(paths.app.organization.build(area.id)),
    onError: (error) => setFailure(applyServerErrors(error, ['name'], form.setError)),
  });
  const del = useDeleteStatus({
    onDeleted: () => void navigate(paths.app.organizations.build()),
    onError: (error) => setDeleteFailure(deleteFailureText(error)),
  });

  const submit = form.handleSubmit(async ({ name }) => {
    setFailure(null);
    await save.run(() => update.mutateAsync({ id: area.id, name }));
  });

  const confirmDelete = async () => {
    setConfirming(false);
    setDeleteFailure(null);
    await del.run(() => remove.mutateAsync(area.id));
  };

  const placement = areaPlacement(area);
  const mayUpdate = can('update', placement);
  const mayDelete = can('delete', placement);
  const busy = save.busy || del.busy;

  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 720 }}>
      <Box>
        <Button
          component={RouterLink}
          to={paths.app.organization.build(area.id)}
          startIcon={<ArrowBackIcon />}
          sx={{ mb: 1, textTransform: 'none' }}
        >
          Back to Area
        </Button>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          Update Area
        </Typography>
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
            <TextField
              label="Name"
              required
              fullWidth
              disabled={!mayUpdate || busy}
              {...form.register('name')}
              error={!!errors.name}
              helperText={errors.name?.message}
            />
            {failure && <Alert severity="error">{failure}</Alert>}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                type="submit"
                variant="contained"
                color={save.status === 'error' ? 'error' : save.status ? 'success' : 'primary'}
                disabled={!mayUpdate || busy}
              >
                Save
              </Button>
              <SaveStatus status={save.status} />
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      {mayDelete && (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteIcon />}
                  disabled={busy}
                  onClick={() => setConfirming(true)}
                >
                  Delete Area
                </Button>
                <DeleteStatus status={del.status} />
              </Stack>
              {deleteFailure && <Alert severity="error">{deleteFailure}</Alert>}
            </Stack>
          </CardContent>
        </Card>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete Profile?"
        message={messages.confirm.deleteArea}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
        busy={del.status === 'working'}
      />
    </Stack>
  );
};
