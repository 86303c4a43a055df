import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type * as z from 'zod';
import { messages } from '@sitewalk/shared/messages';
import { roleFields, roleNames } from '@sitewalk/shared/roles';
import { createUserBody } from '@sitewalk/shared/schemas/user';
import { SaveStatus, useSaveStatus } from '../../../components/save-status.tsx';
import { paths } from '../../../config/paths.ts';
import { applyServerErrors, bodyResolver } from '../../../lib/form.ts';
import { useCurrentUser } from '../../../lib/auth.tsx';
import { uploadImage } from '../../../lib/upload.ts';
import { locationMatchesQueryOptions } from '../../../api/locations.ts';
import { organizationMatchesQueryOptions } from '../../../api/organizations.ts';
import { profilePictureName } from '../../../api/pictures.ts';
import { invalidateUsers, useCreateUser, type CreatableRole } from '../../../api/users.ts';
import { existingUserIdOf } from '../utils/failure-text.ts';
import type { CompanyMatches } from '../../../components/pickers/company-picker.tsx';
import {
  IdentitySection,
  PasswordSection,
  PictureSection,
  PlacementSection,
  USER_FORM_FIELDS,
  type UserFormFields,
} from './user-form-sections.tsx';

export type CreateUserFormValues = UserFormFields;

type CreateBody = z.output<ReturnType<typeof createUserBody>>;

/** The form's values as the role's create body (the phone without its dashes, the password trimmed). */
const bodyOf = (roleId: CreatableRole, values: CreateUserFormValues) => {
  const fields = roleFields(roleId);
  const password = values.password.trim();
  return {
    userInfo: {
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone.replace(/\D/g, '') || undefined,
      email: values.email,
      password: password || undefined,
      pin: fields.pin ? values.pin : undefined,
      managementCompanyId:
        fields.company && values.managementCompanyId !== '' ? values.managementCompanyId : undefined,
      defaultLocationId:
        fields.locations &&
        values.defaultLocationId !== '' &&
        values.locationIds.includes(values.defaultLocationId)
          ? values.defaultLocationId
          : undefined,
    },
    ...(fields.organizations ? { organizationIds: values.organizationIds } : {}),
    ...(fields.locations ? { locationIds: values.locationIds } : {}),
  };
};

/** The role's own create schema (shared), and the confirmation that only the form has. */
const resolverFor = (roleId: CreatableRole) =>
  bodyResolver(
    createUserBody(roleId),
    (values: CreateUserFormValues) => bodyOf(roleId, values),
    USER_FORM_FIELDS,
    (values) =>
      values.password.trim() === values.confirmPassword.trim()
        ? []
        : [{ field: 'confirmPassword', message: messages.password.mismatch }],
  );

export interface CreateUserFormProps {
  roleId: CreatableRole;
  /** The Management Company picker's first matches: whether there is one to choose, and which if one. */
  companies: CompanyMatches;
}

const emptyValues = (companies: CompanyMatches): CreateUserFormValues => ({
  managementCompanyId: companies.totalCount === 1 ? (companies.options[0]?.id ?? '') : '',
  organizationIds: [],
  locationIds: [],
  defaultLocationId: '',
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  pin: '',
  password: '',
  confirmPassword: '',
});

/** The role's own form (the 'Add user' screen), after the role is chosen. */
export const CreateUserForm = ({ roleId, companies }: CreateUserFormProps) => {
  const navigate = useNavigate();
  const currentUser = useCurrentUser();
  const create = useCreateUser();
  const fields = roleFields(roleId);
  const [failure, setFailure] = useState<{ text: string; existingUserId: number | null } | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [pictureFailed, setPictureFailed] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const roleName = roleNames[roleId];
  const save = useSaveStatus({
    // To the new user's profile.
    onSaved: () => {
      if (!create.data) return;
      const id = create.data.data.id;
      void (pictureFailed === null
        ? navigate(paths.app.user.build(id))
        : navigate(paths.app.userUpdate.build(id), { state: { pictureFailed } }));
    },
    onError: (error) => {
      // Field errors go under their fields; what no field takes (or the role's failure text) above the button.
      const rest = applyServerErrors(error, USER_FORM_FIELDS, form.setError);
      setFailure({ text: rest ?? `${roleName} creation failed`, existingUserId: existingUserIdOf(error) });
    },
  });
  const form = useForm<CreateUserFormValues, unknown, CreateBody>({
    resolver: resolverFor(roleId),
    defaultValues: emptyValues(companies),
  });
  const companyId = useWatch({ control: form.control, name: 'managementCompanyId' });
  // Whether the company has an area and a location to offer: the pickers' first matches, from the server.
  const companyAreas = useQuery({
    ...organizationMatchesQueryOptions(currentUser.id, '', companyId === '' ? undefined : companyId),
    enabled: fields.organizations && companyId !== '',
  });
  const companyLocations = useQuery({
    ...locationMatchesQueryOptions(currentUser.id, '', companyId === '' ? undefined : companyId),
    enabled: fields.locations && companyId !== '',
  });
  const noCompanyArea = companyAreas.data?.totalCount === 0;
  const noCompanyLocation = companyLocations.data?.totalCount === 0;

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    setPictureFailed(null);
    await save.run(async () => {
      const created = await create.mutateAsync({ roleId, body });
      // The user exists now whatever the upload does: a picture that cannot be uploaded is said on their
      // edit page, to try again there, rather than as a failed save that would add them twice.
      if (photo) {
        setProgress(0);
        await uploadImage(
          'user.profilePictureUpload',
          { params: { userId: created.data.id, name: profilePictureName(created.data) } },
          photo,
          setProgress,
        )
          .then(() => invalidateUsers(queryClient))
          .catch((error: unknown) => setPictureFailed(error instanceof Error ? error.message : String(error)))
          .finally(() => setProgress(null));
      }
      return created;
    });
  });

  const prerequisite =
    fields.company && companies.totalCount === 0
      ? messages.prerequisites.addManagementCompany
      : fields.organizations && companyId !== '' && noCompanyArea
        ? messages.prerequisites.addArea
        : fields.locations && companyId !== '' && noCompanyLocation
          ? messages.prerequisites.addLocation
          : null;

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={`Add ${roleName}`}>
        <Stack spacing={2.5}>
          <PlacementSection
            fields={fields}
            areasAvailable={!noCompanyArea}
            locationsAvailable={!noCompanyLocation}
            companyRequired
            companyDisabled={companies.totalCount === 0}
            noDefaultLabel="None"
            notice={
              prerequisite && (
                <Alert severity="warning" role="alert">
                  {prerequisite}
                </Alert>
              )
            }
          />
          <IdentitySection
            emailLabel={fields.emailRequired ? 'Email Address' : 'Email Address (Optional)'}
            emailRequired={fields.emailRequired}
            pin={
              fields.pin
                ? { label: fields.pinRequired ? 'PIN' : 'PIN (Optional)', required: fields.pinRequired }
                : null
            }
            autoCompleteOff
          />
          <PasswordSection
            label="Password"
            confirmLabel="Confirm Password"
            required={fields.emailRequired}
            helperText="They choose their own at first sign-in"
          />
          <PictureSection value={photo} onChange={setPhoto} progress={progress} disabled={save.busy} />
          {failure && (
            <Alert severity="error" role="alert">
              {failure.text}
              {failure.existingUserId !== null && (
                <>
                  {' '}
                  <Link component={RouterLink} to={paths.app.user.build(failure.existingUserId)}>
                    View that user
                  </Link>
                </>
              )}
            </Alert>
          )}
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Button
              type="submit"
              variant="contained"
              color={save.status === 'error' ? 'error' : save.status ? 'success' : 'primary'}
              disabled={save.busy || prerequisite !== null}
            >
              Add {roleName}
            </Button>
            <SaveStatus status={save.status} />
          </Stack>
        </Stack>
      </Box>
    </FormProvider>
  );
};
