import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Paper, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import * as z from 'zod';
import { messages } from '@sitewalk/shared/messages';
import { email } from '@sitewalk/shared/schemas/common';
import {
  createManagementCompanyBody,
  managementCompany,
  type ManagementCompany,
} from '@sitewalk/shared/schemas/managementCompany';
import { DeleteCard } from '../../components/delete-card.tsx';
import { useDeleteStatus } from '../../components/delete-status.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { PhoneField } from '../../components/phone-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SaveButton } from '../../components/save-button.tsx';
import { useSaveStatus } from '../../components/save-status.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { usePictureUrl } from '../../api/pictures.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { applyServerErrors } from '../../lib/form.ts';
import { fileNameOf } from '../../lib/upload.ts';
import {
  LogoUploadError,
  useDeleteManagementCompany,
  useManagementCompany,
  useSaveManagementCompany,
} from '../../api/management-companies.ts';
import { parseRouteId } from '../../lib/route-params.ts';
import { MfaRolesCard } from './components/mfa-roles-card.tsx';

/** The API's create body, with 'required' said first for an empty e-mail. */
const companyForm = createManagementCompanyBody.extend({
  email: z.string().trim().min(1, 'Email address is required').pipe(email),
});
type CompanyFormInput = { name: string; email: string; phone: string; website: string };
type CompanyFormOutput = z.output<typeof companyForm>;
// The schema takes any input for phone and website (blank is none); the form holds them as text.
const resolver = zodResolver(companyForm) as Resolver<CompanyFormInput, unknown, CompanyFormOutput>;
const FIELDS = ['name', 'email', 'phone', 'website'] as const;

/** The row a list click passed along (spec: the form takes an optional state currentCompany). */
const knownCompany = (state: unknown): ManagementCompany | undefined => {
  if (!state || typeof state !== 'object' || !('currentCompany' in state)) return undefined;
  const parsed = managementCompany.safeParse(state.currentCompany);
  return parsed.success ? parsed.data : undefined;
};

/** A failure said by the page that sent here (a new company whose logo did not upload). */
const passedFailure = (state: unknown): string | null =>
  state && typeof state === 'object' && 'failure' in state && typeof state.failure === 'string'
    ? state.failure
    : null;

/** A refused delete, said plainly: the API's 409 names what must go first. */
export const deleteFailureText = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 409) {
    const text = error.body?.message ?? 'Delete the areas and users of this management company first';
    return /[.!?]$/.test(text) ? text : `${text}.`;
  }
  if (error instanceof ApiError) return error.body?.message ?? error.statusText;
  return error instanceof Error ? error.message : messages.fetch.unexpected;
};

/** /app/management-companies/add and /app/management-companies/{id}. */
export const ManagementCompanyPage = () => {
  const { id: idText } = useParams();
  const known = knownCompany(useLocation().state);
  const { can } = useAuthorization();
  if (idText === undefined) {
    if (!can('create', { kind: 'managementCompany', id: 0 }))
      return <ErrorPanel error={messages.permission.forbidden} onReset={() => history.back()} />;
    return <CompanyForm />;
  }
  const id = parseRouteId(idText);
  if (id === null) return <ErrorPanel error="Management company not found" onReset={() => history.back()} />;
  return <EditCompany id={id} known={known} />;
};

const EditCompany = ({ id, known }: { id: number; known?: ManagementCompany }) => {
  const company = useManagementCompany(id, known);
  const { can } = useAuthorization();
  if (company.isPending) return <Spinner label="Loading management company" />;
  if (company.isError) return <ErrorPanel error={company.error} onReset={() => void company.refetch()} />;
  if (!can('update', { kind: 'managementCompany', id }))
    return <ErrorPanel error={messages.permission.forbidden} onReset={() => history.back()} />;
  return <CompanyForm company={company.data} key={company.data.id} />;
};

const CompanyForm = ({ company }: { company?: ManagementCompany }) => {
  const navigate = useNavigate();
  const { can } = useAuthorization();
  const save = useSaveManagementCompany();
  const remove = useDeleteManagementCompany();
  const [logo, setLogo] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const arrival = useLocation().state as unknown;
  const [failure, setFailure] = useState<string | null>(() => passedFailure(arrival));
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const logoUrl = usePictureUrl(
    'managementCompany.logo',
    { id: company?.id ?? 0, name: fileNameOf(company?.name ?? '') },
    !!company?.hasLogo,
  );

  const form = useForm<CompanyFormInput, unknown, CompanyFormOutput>({
    resolver,
    defaultValues: {
      name: company?.name ?? '',
      email: company?.email ?? '',
      phone: company?.phone ?? '',
      website: company?.website ?? '',
    },
  });
  const { errors } = form.formState;

  const toList = () => void navigate(paths.app.managementCompanies.build());
  const saving = useSaveStatus({
    onSaved: () => {
      form.reset();
      setLogo(null);
      toList();
    },
    onError: (error) => {
      setProgress(null);
      if (error instanceof LogoUploadError) {
        setFailure(error.message);
        // A new company exists now: saving again must update it, not make another.
        if (!company)
          void navigate(paths.app.managementCompany.build(error.company.id), {
            replace: true,
            state: { currentCompany: error.company, failure: error.message },
          });
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        setFailure(applyServerErrors(error, FIELDS, form.setError));
        return;
      }
      setFailure(error instanceof ApiError ? (error.body?.message ?? error.statusText) : String(error));
    },
  });
  const deleting = useDeleteStatus({
    onDeleted: toList,
    onError: (error) => setDeleteFailure(deleteFailureText(error)),
  });

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    setDeleteFailure(null);
    setProgress(logo ? 0 : null);
    return saving.run(() => save.mutateAsync({ id: company?.id, values, logo, onProgress: setProgress }));
  });

  const confirmDelete = () => {
    if (!company) return;
    setFailure(null);
    setDeleteFailure(null);
    void deleting.run(() => remove.mutateAsync(company.id));
  };

  const busy = saving.busy || deleting.busy;
  const canDelete = !!company && can('delete', { kind: 'managementCompany', id: company.id });
  const title = company ? 'Edit Management Company' : 'Add Management Company';

  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 720 }}>
      <PageHeader
        title={title}
        back={{ to: paths.app.managementCompanies.build(), label: 'Management Companies' }}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <Stack spacing={2.5}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <TextField
              label="Company Name"
              required
              autoComplete="organization"
              {...form.register('name')}
              error={!!errors.name}
              helperText={errors.name?.message}
            />
            <TextField
              label="Email address"
              type="email"
              required
              autoComplete="email"
              {...form.register('email')}
              error={!!errors.email}
              helperText={errors.email?.message}
            />
            <PhoneField control={form.control} name="phone" helperText="Optional, as 555-555-5555" />
            <TextField
              label="Website"
              type="url"
              autoComplete="url"
              placeholder="https://example.com"
              {...form.register('website')}
              error={!!errors.website}
              helperText={errors.website?.message ?? 'Optional'}
            />
            <ImageUpload
              label="Logo"
              currentUrl={logoUrl}
              value={logo}
              onChange={setLogo}
              disabled={busy}
              progress={progress}
            />
            <SaveButton status={saving.status} disabled={busy} />
          </Stack>
        </Box>
      </Paper>

      {company && can('update', { kind: 'managementCompany', id: company.id }) && (
        <MfaRolesCard company={company} />
      )}

      {company && canDelete && (
        <DeleteCard
          label="Delete Company"
          confirmTitle={`Delete ${company.name}?`}
          confirmMessage={messages.confirm.deleteCompany}
          status={deleting.status}
          failure={deleteFailure}
          failureTitle={`${company.name} was not deleted`}
          disabled={busy}
          onConfirm={confirmDelete}
        />
      )}
    </Stack>
  );
};
