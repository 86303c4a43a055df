import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type * as z from 'zod';
import { messages } from '@sitewalk/shared/messages';
import { createOrganizationBody, type Organization } from '@sitewalk/shared/schemas/organization';
import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { SaveStatus, useSaveStatus } from '../../components/save-status.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { applyServerErrors } from '../../lib/form.ts';
import { fileNameOf, uploadImage } from '../../lib/upload.ts';
import { useManagementCompaniesOfUserByName } from '../../api/management-companies.ts';
import { useCreateOrganization } from '../../api/organizations.ts';
import { useMayAddArea } from './hooks/use-may-add-area.ts';

const addAreaForm = createOrganizationBody.pick({ name: true, managementCompanyId: true });
type AddAreaForm = z.input<typeof addAreaForm>;

const Frame = ({ children }: { children: React.ReactNode }) => (
  <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 720 }}>
    <Box>
      <Button
        component={RouterLink}
        to={paths.app.organizations.build()}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1, textTransform: 'none' }}
      >
        Back to Areas
      </Button>
      <Typography variant="h4" component="h1">
        Add Area
      </Typography>
    </Box>
    {children}
  </Stack>
);

/** /app/addOrganization: 'Add Area' — name, management company and logo (Company Manager and above). */
export const AreaAddPage = () => {
  const { actor } = useAuthorization();
  const companies = useManagementCompaniesOfUserByName(actor.userId);
  const mayAdd = useMayAddArea(companies.data?.map(({ id }) => id));

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
      <AddAreaFormCard companies={companies.data} />
    </Frame>
  );
};

const AddAreaFormCard = ({ companies }: { companies: ManagementCompany[] }) => {
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const [logo, setLogo] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<Organization | null>(null);
  const form = useForm<AddAreaForm, unknown, z.output<typeof addAreaForm>>({
    resolver: zodResolver(addAreaForm),
    defaultValues: { name: '', managementCompanyId: companies.length === 1 ? companies[0]?.id : undefined },
  });
  const { errors } = form.formState;

  const save = useSaveStatus({
    onSaved: () => void navigate(paths.app.organizations.build()),
    onError: (error) => setFailure(applyServerErrors(error, ['name', 'managementCompanyId'], form.setError)),
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    await save.run(async () => {
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
    });
  });

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
          <Typography color="text.secondary">
            Areas are required to create locations. Each area can contain one or more locations.
          </Typography>
          <TextField
            label="Name"
            required
            fullWidth
            disabled={save.busy || created !== null}
            {...form.register('name')}
            error={!!errors.name}
            helperText={errors.name?.message}
          />
          <Controller
            control={form.control}
            name="managementCompanyId"
            render={({ field }) => (
              <TextField
                select
                label="Management Company"
                required
                fullWidth
                disabled={save.busy || created !== null}
                name={field.name}
                inputRef={field.ref}
                value={typeof field.value === 'number' ? field.value : ''}
                onChange={(event) =>
                  field.onChange(event.target.value === '' ? undefined : Number(event.target.value))
                }
                onBlur={field.onBlur}
                error={!!errors.managementCompanyId}
                helperText={errors.managementCompanyId?.message}
                slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 300 } } } } } }}
              >
                {companies.map((company) => (
                  <MenuItem key={company.id} value={company.id}>
                    {company.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <ImageUpload
            label="Logo"
            value={logo}
            onChange={setLogo}
            disabled={save.busy}
            progress={progress}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              type="submit"
              variant="contained"
              color={save.status === 'error' ? 'error' : save.status ? 'success' : 'primary'}
              disabled={save.busy}
            >
              Save
            </Button>
            <SaveStatus status={save.status} />
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
};
