import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Card, CardContent, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type * as z from 'zod';
import { messages } from '@sitewalk/shared/messages';
import { createOrganizationBody, type Organization } from '@sitewalk/shared/schemas/organization';
import { DeleteCard } from '../../components/delete-card.tsx';
import { useDeleteStatus } from '../../components/delete-status.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SaveButton } from '../../components/save-button.tsx';
import { useSaveStatus } from '../../components/save-status.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { applyServerErrors } from '../../lib/form.ts';
import { useDeleteOrganization, useOrganization, useUpdateOrganization } from '../../api/organizations.ts';
import { useRouteId } from '../../lib/route-params.ts';
import { organizationPlacement } from './components/organization-helpers.ts';
import { OrganizationLoadError } from './components/organization-load-error.tsx';

const updateOrganizationForm = createOrganizationBody.pick({ name: true });
type UpdateOrganizationForm = z.input<typeof updateOrganizationForm>;

/** What a refused delete says: the API's own sentence for a 409 (what to delete first), else its message. */
const deleteFailureText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The area could not be deleted. Please try again.';

/** /app/organizations/update/{id}: the area's name, save and delete. */
export const OrganizationUpdatePage = () => {
  const id = useRouteId();
  return id === null ? <OrganizationLoadError /> : <OrganizationUpdate id={id} />;
};

const OrganizationUpdate = ({ id }: { id: number }) => {
  const area = useOrganization(id);
  if (area.isPending) return <Spinner label="Loading area" />;
  if (area.isError) return <OrganizationLoadError />;
  return <OrganizationUpdateForm area={area.data} />;
};

const OrganizationUpdateForm = ({ area }: { area: Organization }) => {
  const navigate = useNavigate();
  const { can } = useAuthorization();
  const update = useUpdateOrganization();
  const remove = useDeleteOrganization();
  const [failure, setFailure] = useState<string | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const form = useForm<UpdateOrganizationForm, unknown, z.output<typeof updateOrganizationForm>>({
    resolver: zodResolver(updateOrganizationForm),
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
    setDeleteFailure(null);
    await del.run(() => remove.mutateAsync(area.id));
  };

  const placement = organizationPlacement(area);
  const mayUpdate = can('update', placement);
  const mayDelete = can('delete', placement);
  const busy = save.busy || del.busy;

  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 720 }}>
      <PageHeader
        title="Update Area"
        back={{ to: paths.app.organization.build(area.id), label: 'Back to Area' }}
      />
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
            <SaveButton status={save.status} disabled={!mayUpdate || busy} />
          </Stack>
        </CardContent>
      </Card>
      {mayDelete && (
        <DeleteCard
          label="Delete Area"
          confirmTitle="Delete Profile?"
          confirmMessage={messages.confirm.deleteArea}
          status={del.status}
          failure={deleteFailure}
          disabled={busy}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </Stack>
  );
};
