import { Stack } from '@mui/material';
import { useNavigate } from 'react-router';
import { messages } from '@sitewalk/shared/messages';
import type { Organization } from '@sitewalk/shared/schemas/organization';
import { DeleteCard } from '../../components/delete-card.tsx';
import { deleteRefusal, useDelete } from '../../components/delete-status.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSaveStatus } from '../../components/save-status.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { useDeleteOrganization, useOrganization, useUpdateOrganization } from '../../api/organizations.ts';
import { useRouteId } from '../../lib/route-params.ts';
import { organizationPlacement } from './components/organization-helpers.ts';
import { OrganizationForm } from './components/organization-form.tsx';
import { OrganizationLoadError } from './components/organization-load-error.tsx';

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
  const save = useSaveStatus({ onSaved: () => void navigate(paths.app.organization.build(area.id)) });
  const del = useDelete({
    remove: () => remove.mutateAsync(area.id),
    onDeleted: () => void navigate(paths.app.organizations.build()),
    failureText: deleteRefusal('area'),
  });

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
      <OrganizationForm
        defaultValues={{ name: area.name, managementCompanyId: area.managementCompanyId }}
        save={save}
        disabled={!mayUpdate || busy}
        onSubmit={({ name }) => update.mutateAsync({ id: area.id, name })}
      />
      {mayDelete && (
        <DeleteCard
          label="Delete Area"
          confirmTitle="Delete Profile?"
          confirmMessage={messages.confirm.deleteArea}
          status={del.status}
          failure={del.failure}
          disabled={busy}
          onConfirm={del.confirm}
        />
      )}
    </Stack>
  );
};
