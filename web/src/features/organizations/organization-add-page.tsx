import { Alert, Stack } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@sitewalk/shared/messages';
import type { Organization } from '@sitewalk/shared/schemas/organization';
import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSaveStatus } from '../../components/save-status.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { fileNameOf, uploadImage } from '../../lib/upload.ts';
import { useManagementCompaniesOfUserByName } from '../../api/management-companies.ts';
import { useCreateOrganization } from '../../api/organizations.ts';
import { OrganizationForm, type OrganizationFormValues } from './components/organization-form.tsx';
import { useMayAddOrganization } from './hooks/use-may-add-organization.ts';

const Frame = ({ children }: { children: React.ReactNode }) => (
  <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 720 }}>
    <PageHeader title="Add Area" back={{ to: paths.app.organizations.build(), label: 'Back to Areas' }} />
    {children}
  </Stack>
);

/** /app/addOrganization: 'Add Area' — name, management company and logo (Company Manager and above). */
export const OrganizationAddPage = () => {
  const { actor } = useAuthorization();
  const companies = useManagementCompaniesOfUserByName(actor.userId);
  const mayAdd = useMayAddOrganization(companies.data?.map(({ id }) => id));

  if (companies.isPending) return <Spinner label="Loading management companies" />;
  if (companies.isError)
    return <ErrorPanel error={companies.error} onReset={() => void companies.refetch()} />;
  if (!mayAdd) {
    return (
      <Frame>
        <Alert severity="warning">{messages.permission.addArea}</Alert>
      </Frame>
    );
  }
  if (companies.data.length === 0) {
    return (
      <Frame>
        <Alert severity="info">{messages.prerequisites.addManagementCompany}</Alert>
      </Frame>
    );
  }
  return (
    <Frame>
      <AddOrganizationFormCard companies={companies.data} />
    </Frame>
  );
};

const AddOrganizationFormCard = ({ companies }: { companies: ManagementCompany[] }) => {
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const [logo, setLogo] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState<Organization | null>(null);
  const save = useSaveStatus({ onSaved: () => void navigate(paths.app.organizations.build()) });

  const createWithLogo = async (values: OrganizationFormValues) => {
    // A logo that fails after the area was made is tried again on the next Save, without a second area.
    const area = created ?? (await create.mutateAsync(values));
    setCreated(area);
    if (logo) {
      try {
        await uploadImage(
          'organization.logoUpload',
          { params: { id: area.id, name: fileNameOf(area.name) } },
          logo,
          setProgress,
        );
      } catch (error) {
        throw new Error(
          `The area was saved, but its logo could not be uploaded: ${error instanceof Error ? error.message : 'unknown error'}. Save again to retry, or remove the logo.`,
        );
      } finally {
        setProgress(null);
      }
    }
    return area;
  };

  return (
    <OrganizationForm
      defaultValues={{ name: '', managementCompanyId: companies.length === 1 ? companies[0]?.id : undefined }}
      companies={companies}
      intro="Areas are required to create locations. Each area can contain one or more locations."
      save={save}
      disabled={save.busy}
      fieldsLocked={created !== null}
      onSubmit={createWithLogo}
    >
      <ImageUpload label="Logo" value={logo} onChange={setLogo} disabled={save.busy} progress={progress} />
    </OrganizationForm>
  );
};
