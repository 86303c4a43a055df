import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type * as z from 'zod';
import { messages } from '@sitewalk/shared/messages';
import { Role, roleNames } from '@sitewalk/shared/roles';
import { createUserBody } from '@sitewalk/shared/schemas/user';
import { PIN_MAX_LENGTH, PROFILE_IMAGE_MAX_BYTES } from '@sitewalk/shared/constants';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { SaveStatus, useSaveStatus } from '../../../components/save-status.tsx';
import { paths } from '../../../config/paths.ts';
import { applyServerErrors } from '../../../lib/form.ts';
import { uploadImage } from '../../../lib/upload.ts';
import { profilePictureName } from '../../../api/pictures.ts';
import { invalidateUsers, useCreateUser, type CreatableRole } from '../../../api/users.ts';
import { existingUserIdOf } from '../utils/failure-text.ts';
import { PhoneField } from '../../../components/phone-field.tsx';
import { digitsOnly } from '../utils/digits-only.ts';
import { MultiPlaceSelect, SingleSelect, type PlaceOption } from './place-fields.tsx';

export interface CreateUserFormValues {
  managementCompanyId: number | '';
  organizationIds: number[];
  locationIds: number[];
  defaultLocationId: number | '';
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  pin: string;
  password: string;
  confirmPassword: string;
}

type Field = keyof CreateUserFormValues;
const FIELDS: readonly Field[] = [
  'managementCompanyId',
  'organizationIds',
  'locationIds',
  'defaultLocationId',
  'firstName',
  'lastName',
  'phone',
  'email',
  'pin',
  'password',
  'confirmPassword',
];

/** What each role's form asks for: its required fields and the places it may hold. */
export const roleFields = (roleId: CreatableRole) => ({
  company: roleId !== Role.Admin,
  areas: roleId === Role.AreaManager,
  locations: roleId < Role.AreaManager,
  emailRequired: roleId >= Role.AreaManager,
  pin: roleId < Role.AreaManager,
  pinRequired: roleId === Role.Manager || roleId === Role.AssistantManager,
});

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
    ...(fields.areas ? { organizationIds: values.organizationIds } : {}),
    ...(fields.locations ? { locationIds: values.locationIds } : {}),
  };
};

/** The role's own create schema from shared/src/schemas, its messages under the form's fields. */
const resolverFor =
  (roleId: CreatableRole): Resolver<CreateUserFormValues, unknown, CreateBody> =>
  async (values) => {
    const errors: Partial<Record<Field, { type: string; message: string }>> = {};
    const parsed = createUserBody(roleId).safeParse(bodyOf(roleId, values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = (issue.path[0] === 'userInfo' ? issue.path[1] : issue.path[0]) as Field;
        if (FIELDS.includes(name)) errors[name] ??= { type: 'validation', message: issue.message };
      }
    }
    if (values.password.trim() !== values.confirmPassword.trim()) {
      errors.confirmPassword = { type: 'validation', message: messages.password.mismatch };
    }
    if (parsed.success && Object.keys(errors).length === 0) return { values: parsed.data, errors: {} };
    return { values: {}, errors: errors as FieldErrors<CreateUserFormValues> };
  };

export interface CreateUserFormProps {
  roleId: CreatableRole;
  companies: readonly PlaceOption[];
  areas: readonly (PlaceOption & { managementCompanyId: number })[];
  locations: readonly (PlaceOption & { managementCompanyId: number })[];
}

const emptyValues = (companies: readonly PlaceOption[]): CreateUserFormValues => ({
  managementCompanyId: companies.length === 1 && companies[0] ? companies[0].id : '',
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
export const CreateUserForm = ({ roleId, companies, areas, locations }: CreateUserFormProps) => {
  const navigate = useNavigate();
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
      const rest = applyServerErrors(error, FIELDS, form.setError);
      setFailure({ text: rest ?? `${roleName} creation failed`, existingUserId: existingUserIdOf(error) });
    },
  });
  const form = useForm<CreateUserFormValues, unknown, CreateBody>({
    resolver: resolverFor(roleId),
    defaultValues: emptyValues(companies),
  });
  const { errors } = form.formState;
  const companyId = useWatch({ control: form.control, name: 'managementCompanyId' });
  const chosenLocations = useWatch({ control: form.control, name: 'locationIds' });
  const companyAreas = areas.filter((a) => a.managementCompanyId === companyId);
  const companyLocations = locations.filter((l) => l.managementCompanyId === companyId);

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
    fields.company && companies.length === 0
      ? messages.prerequisites.addManagementCompany
      : fields.areas && companyId !== '' && companyAreas.length === 0
        ? messages.prerequisites.addArea
        : fields.locations && companyId !== '' && companyLocations.length === 0
          ? messages.prerequisites.addLocation
          : null;

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={`Add ${roleName}`}>
      <Stack spacing={2.5}>
        {fields.company && (
          <Controller
            control={form.control}
            name="managementCompanyId"
            render={({ field }) => (
              <SingleSelect
                label="Management Company"
                value={field.value}
                options={companies}
                onChange={(value) => {
                  field.onChange(value);
                  form.setValue('organizationIds', []);
                  form.setValue('locationIds', []);
                  form.setValue('defaultLocationId', '');
                }}
                error={errors.managementCompanyId?.message}
                disabled={companies.length === 0}
                required
              />
            )}
          />
        )}
        {prerequisite && (
          <Alert severity="warning" role="alert">
            {prerequisite}
          </Alert>
        )}
        {fields.areas && (
          <Controller
            control={form.control}
            name="organizationIds"
            render={({ field }) => (
              <MultiPlaceSelect
                label="Areas"
                value={field.value}
                options={companyAreas}
                onChange={field.onChange}
                error={errors.organizationIds?.message}
                disabled={companyAreas.length === 0}
              />
            )}
          />
        )}
        {fields.locations && (
          <>
            <Controller
              control={form.control}
              name="locationIds"
              render={({ field }) => (
                <MultiPlaceSelect
                  label="Locations"
                  value={field.value}
                  options={companyLocations}
                  onChange={field.onChange}
                  error={errors.locationIds?.message}
                  disabled={companyLocations.length === 0}
                />
              )}
            />
            {chosenLocations.length > 0 && (
              <Controller
                control={form.control}
                name="defaultLocationId"
                render={({ field }) => (
                  <SingleSelect
                    label="Default Location"
                    value={field.value}
                    options={companyLocations.filter((l) => chosenLocations.includes(l.id))}
                    onChange={field.onChange}
                    error={errors.defaultLocationId?.message}
                    noneLabel="None"
                  />
                )}
              />
            )}
          </>
        )}
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="First Name"
            required
            autoComplete="off"
            {...form.register('firstName')}
            error={!!errors.firstName}
            helperText={errors.firstName?.message}
          />
          <TextField
            label="Last Name"
            required
            autoComplete="off"
            {...form.register('lastName')}
            error={!!errors.lastName}
            helperText={errors.lastName?.message}
          />
          <PhoneField control={form.control} name="phone" />
          <TextField
            label={fields.emailRequired ? 'Email Address' : 'Email Address (Optional)'}
            type="email"
            required={fields.emailRequired}
            autoComplete="off"
            {...form.register('email')}
            error={!!errors.email}
            helperText={errors.email?.message}
          />
          {fields.pin && (
            <Controller
              control={form.control}
              name="pin"
              render={({ field }) => (
                <TextField
                  label={fields.pinRequired ? 'PIN' : 'PIN (Optional)'}
                  required={fields.pinRequired}
                  value={field.value}
                  onChange={(e) => field.onChange(digitsOnly(e.target.value, PIN_MAX_LENGTH))}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  autoComplete="off"
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PIN_MAX_LENGTH } }}
                  error={!!errors.pin}
                  helperText={errors.pin?.message ?? '4 to 8 digits'}
                />
              )}
            />
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required={fields.emailRequired}
            {...form.register('password')}
            error={!!errors.password}
            helperText={errors.password?.message ?? 'They choose their own at first sign-in'}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required={fields.emailRequired}
            {...form.register('confirmPassword')}
            error={!!errors.confirmPassword}
            helperText={errors.confirmPassword?.message}
          />
        </Box>
        <ImageUpload
          label="Profile Picture"
          variant="avatar"
          value={photo}
          onChange={setPhoto}
          progress={progress}
          maxBytes={PROFILE_IMAGE_MAX_BYTES}
          disabled={save.busy}
        />
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
  );
};
