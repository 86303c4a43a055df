import { Alert, Box, Button, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PIN_MAX_LENGTH, PROFILE_IMAGE_MAX_BYTES } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import {
  assignableRoles,
  canChangeRole,
  canManageMembership,
  type PlacementOf,
} from '@sitewalk/shared/policy';
import { Role, roleNames, type RoleId } from '@sitewalk/shared/roles';
import { password as passwordRule } from '@sitewalk/shared/schemas/common';
import { updateUserBody, type User } from '@sitewalk/shared/schemas/user';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DeleteStatus, useDeleteStatus } from '../../../components/delete-status.tsx';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { SaveStatus, useSaveStatus } from '../../../components/save-status.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { applyServerErrors } from '../../../lib/form.ts';
import { uploadImage } from '../../../lib/upload.ts';
import { profilePictureName } from '../../../api/pictures.ts';
import {
  invalidateUsers,
  useDeleteUser,
  useSetCompanyEmail,
  useUpdateUser,
  type UpdateUserBody,
} from '../../../api/users.ts';
import { useQueryClient } from '@tanstack/react-query';
import { PhoneField } from '../../../components/phone-field.tsx';
import { digitsOnly } from '../utils/digits-only.ts';
import { userPlacementOf } from '../utils/placement.ts';
import { MultiPlaceSelect, SingleSelect, type PlaceOption } from './place-fields.tsx';

export interface UpdateUserFormValues {
  managementCompanyId: number | '';
  organizationIds: number[];
  locationIds: number[];
  defaultLocationId: number | '';
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  pin: string;
  roleId: RoleId;
  companyEmail: boolean;
  changePassword: boolean;
  password: string;
  confirmPassword: string;
  currentPassword: string;
}

type Field = keyof UpdateUserFormValues;
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
  'roleId',
  'password',
  'confirmPassword',
  'currentPassword',
];

export interface AreaOption extends PlaceOption {
  managementCompanyId: number;
}
export interface LocationOption extends AreaOption {
  organizationId: number;
}

/** Which memberships a role keeps (the API's rule): areas for Area Managers, locations below them. */
const keepsAreas = (roleId: RoleId) => roleId === Role.AreaManager;
const keepsLocations = (roleId: RoleId) => roleId < Role.AreaManager;
const needsPin = (roleId: RoleId) => roleId === Role.Manager || roleId === Role.AssistantManager;

const sameEmail = (a: string, b: string | null) => a.trim().toLowerCase() === (b ?? '').trim().toLowerCase();

const valuesOf = (user: User): UpdateUserFormValues => ({
  managementCompanyId: user.managementCompanyId ?? '',
  organizationIds: user.userToOrganization.map(({ organizationId }) => organizationId),
  locationIds: user.userToLocation.map(({ locationId }) => locationId),
  defaultLocationId: user.defaultLocationId ?? '',
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone ?? '',
  email: user.email ?? '',
  pin: '',
  roleId: user.roleId as RoleId,
  companyEmail: user.companyEmail,
  changePassword: false,
  password: '',
  confirmPassword: '',
  currentPassword: '',
});

/** The update body: what the form shows, the memberships the new role keeps, the password when changed. */
export const updateBodyOf = (user: User, values: UpdateUserFormValues, self: boolean): UpdateUserBody => {
  const emailChanged = !sameEmail(values.email, user.email);
  const asksCurrent = self && (values.changePassword || emailChanged);
  return {
    userInfo: {
      id: user.id,
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone.replace(/\D/g, '') || undefined,
      email: values.email.trim() || undefined,
      pin: values.pin || undefined,
      ...(values.managementCompanyId !== '' && values.managementCompanyId !== user.managementCompanyId
        ? { managementCompanyId: values.managementCompanyId }
        : {}),
      ...(values.roleId !== user.roleId ? { roleId: values.roleId } : {}),
      ...(keepsLocations(values.roleId) &&
      values.defaultLocationId !== '' &&
      values.locationIds.includes(values.defaultLocationId) &&
      values.defaultLocationId !== user.defaultLocationId
        ? { defaultLocationId: values.defaultLocationId }
        : {}),
      ...(values.changePassword ? { password: values.password.trim() } : {}),
      ...(asksCurrent ? { currentPassword: values.currentPassword } : {}),
    },
    ...(keepsAreas(values.roleId) ? { organizationIds: values.organizationIds } : {}),
    ...(keepsLocations(values.roleId) ? { locationIds: values.locationIds } : {}),
  };
};

/** The shared update schema, plus the form's rules (required fields by role; a role change drops places). */
const resolverFor =
  (user: User, self: boolean): Resolver<UpdateUserFormValues> =>
  async (values) => {
    const errors: Partial<Record<Field, { type: string; message: string }>> = {};
    const add = (field: Field, message: string) => {
      errors[field] ??= { type: 'validation', message };
    };
    const parsed = updateUserBody.safeParse(updateBodyOf(user, values, self));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = (issue.path[0] === 'userInfo' ? issue.path[1] : issue.path[0]) as Field;
        if (FIELDS.includes(name)) add(name, issue.message);
      }
    }
    if (values.managementCompanyId === '' && values.roleId !== Role.Admin) {
      add('managementCompanyId', messages.validation.selectManagementCompany);
    }
    if (values.roleId >= Role.AreaManager && !values.email.trim()) {
      add('email', messages.validation.emailRequiredForRole);
    }
    if (keepsAreas(values.roleId) && values.organizationIds.length === 0) {
      add('organizationIds', messages.validation.chooseOrganization);
    }
    if (needsPin(values.roleId) && !values.pin && !user.hasPin) add('pin', messages.validation.pinRequired);
    if (values.changePassword) {
      const rule = passwordRule.safeParse(values.password.trim());
      if (!rule.success) add('password', rule.error.issues[0]?.message ?? messages.password.rule);
      if (values.password.trim() !== values.confirmPassword.trim()) {
        add('confirmPassword', messages.password.mismatch);
      }
    }
    if (self && (values.changePassword || !sameEmail(values.email, user.email)) && !values.currentPassword) {
      add('currentPassword', messages.auth.currentPasswordRequired);
    }
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<UpdateUserFormValues> }
      : { values, errors: {} };
  };

export interface UpdateUserFormProps {
  user: User;
  companies: readonly PlaceOption[];
  areas: readonly AreaOption[];
  locations: readonly LocationOption[];
  /** The user's picture now, for the upload's preview. */
  pictureUrl: string | null;
}

/** Edit a user (the 'Edit user' screen), fields in the spec's order. */
export const UpdateUserForm = ({ user, companies, areas, locations, pictureUrl }: UpdateUserFormProps) => {
  const navigate = useNavigate();
  const { actor, can } = useAuthorization();
  const queryClient = useQueryClient();
  const update = useUpdateUser();
  const companyEmail = useSetCompanyEmail();
  const remove = useDeleteUser();
  const self = actor.userId === user.id;
  const placement: PlacementOf<'user'> = userPlacementOf(user, locations);

  const [failure, setFailure] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);

  const form = useForm<UpdateUserFormValues>({
    resolver: resolverFor(user, self),
    defaultValues: valuesOf(user),
  });
  const { errors } = form.formState;
  const [companyId, roleId, chosenLocations, changePassword, email] = useWatch({
    control: form.control,
    name: ['managementCompanyId', 'roleId', 'locationIds', 'changePassword', 'email'],
  });

  const save = useSaveStatus({
    // One's own new password ends one's sessions: sign in again; otherwise back to the profile.
    onSaved: () =>
      void navigate(
        self && update.variables?.userInfo.password !== undefined
          ? paths.login.build()
          : paths.app.user.build(user.id),
      ),
    onError: (error) =>
      setFailure(applyServerErrors(error, FIELDS, form.setError) ?? messages.creationFailed.update),
  });
  const deletion = useDeleteStatus({
    onDeleted: () => void navigate(paths.app.users.build()),
    onError: (error) => setFailure(error instanceof Error ? error.message : messages.status.error),
  });

  // Memberships the signed-in user may not remove stay as they are (canManageMembership).
  const locationById = new Map(locations.map((l) => [l.id, l]));
  const areaById = new Map(areas.map((a) => [a.id, a]));
  const lockedLocations = placement.locationIds.filter((id) => {
    const l = locationById.get(id);
    return (
      !l ||
      !canManageMembership(
        actor,
        {
          kind: 'location',
          id,
          locationId: id,
          organizationId: l.organizationId,
          managementCompanyId: l.managementCompanyId,
        },
        placement,
      )
    );
  });
  const lockedAreas = placement.organizationIds.filter((id) => {
    const a = areaById.get(id);
    return (
      !a ||
      !canManageMembership(
        actor,
        { kind: 'organization', id, managementCompanyId: a.managementCompanyId },
        placement,
      )
    );
  });

  // Roles: the user's own, and those the signed-in user may give without dropping places they may not remove.
  const roleOptions = [
    user.roleId as RoleId,
    ...assignableRoles(actor).filter(
      (r) =>
        r !== user.roleId &&
        canChangeRole(actor, placement, r) &&
        (keepsLocations(r) || lockedLocations.length === 0) &&
        (keepsAreas(r) || lockedAreas.length === 0),
    ),
  ].sort((a, b) => b - a);

  const companyOptions =
    companies.some((c) => c.id === user.managementCompanyId) || user.managementCompany === null
      ? companies
      : [...companies, { id: user.managementCompanyId ?? 0, name: user.managementCompany.name }];
  const companyAreas = [
    ...areas.filter((a) => a.managementCompanyId === companyId),
    ...user.userToOrganization
      .filter(({ organizationId }) => !areaById.has(organizationId))
      .map(({ organizationId, organization }) => ({ id: organizationId, name: organization.name })),
  ];
  const companyLocations = [
    ...locations.filter((l) => l.managementCompanyId === companyId),
    ...user.userToLocation
      .filter(({ locationId }) => !locationById.has(locationId))
      .map(({ locationId, location }) => ({ id: locationId, name: location.name })),
  ];
  const emailChanged = !sameEmail(email, user.email);
  const asksCurrent = self && (changePassword || emailChanged);
  const canUpdate = can('update', placement);
  const canSetCompanyEmail =
    roleId === Role.CompanyManager &&
    user.roleId === Role.CompanyManager &&
    can('setCompanyEmail', placement);
  const canUploadPicture = can('uploadProfileImage', placement);
  const canDelete = can('delete', placement);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    await save.run(async () => {
      const answer = await update.mutateAsync(updateBodyOf(user, values, self));
      if (canSetCompanyEmail && values.companyEmail !== user.companyEmail) {
        await companyEmail.mutateAsync({ userId: user.id, enabled: values.companyEmail });
      }
      if (photo) {
        setProgress(0);
        await uploadImage(
          'user.profilePictureUpload',
          { params: { userId: user.id, name: profilePictureName(answer.data) } },
          photo,
          setProgress,
        ).finally(() => setProgress(null));
        await invalidateUsers(queryClient);
      }
      return answer;
    });
  });

  const onRoleChange = (next: RoleId) => {
    // A role above Area Manager keeps no places; areas and locations replace each other.
    if (!keepsAreas(next))
      form.setValue(
        'organizationIds',
        user.userToOrganization.map((o) => o.organizationId).filter((id) => lockedAreas.includes(id)),
      );
    if (!keepsLocations(next)) {
      form.setValue(
        'locationIds',
        user.userToLocation.map((l) => l.locationId).filter((id) => lockedLocations.includes(id)),
      );
      form.setValue('defaultLocationId', '');
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Update user">
      <Stack spacing={2.5}>
        <Controller
          control={form.control}
          name="managementCompanyId"
          render={({ field }) => (
            <SingleSelect
              label="Management Company"
              value={field.value}
              options={companyOptions}
              onChange={(value) => {
                field.onChange(value);
                form.setValue('organizationIds', []);
                form.setValue('locationIds', []);
                form.setValue('defaultLocationId', '');
              }}
              error={errors.managementCompanyId?.message}
              disabled={!canUpdate || companyOptions.length <= 1}
              noneLabel={user.managementCompanyId === null ? 'None' : undefined}
            />
          )}
        />
        {keepsAreas(roleId) && (
          <Controller
            control={form.control}
            name="organizationIds"
            render={({ field }) => (
              <MultiPlaceSelect
                label="Areas"
                value={field.value}
                options={companyAreas}
                locked={lockedAreas}
                onChange={(ids) => {
                  field.onChange(ids);
                  if (ids.length) form.setValue('locationIds', []);
                }}
                error={errors.organizationIds?.message}
                disabled={!canUpdate}
              />
            )}
          />
        )}
        {keepsLocations(roleId) && (
          <>
            <Controller
              control={form.control}
              name="locationIds"
              render={({ field }) => (
                <MultiPlaceSelect
                  label="Locations"
                  value={field.value}
                  options={companyLocations}
                  locked={lockedLocations}
                  onChange={(ids) => {
                    field.onChange(ids);
                    if (ids.length) form.setValue('organizationIds', []);
                  }}
                  error={errors.locationIds?.message}
                  disabled={!canUpdate}
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
                    noneLabel={user.defaultLocationId === null ? 'None' : undefined}
                    disabled={!canUpdate}
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
            {...form.register('firstName')}
            error={!!errors.firstName}
            helperText={errors.firstName?.message}
            disabled={!canUpdate}
          />
          <TextField
            label="Last Name"
            required
            {...form.register('lastName')}
            error={!!errors.lastName}
            helperText={errors.lastName?.message}
            disabled={!canUpdate}
          />
          <PhoneField control={form.control} name="phone" />
          <TextField
            label="Email Address"
            type="email"
            required={roleId >= Role.AreaManager}
            {...form.register('email')}
            error={!!errors.email}
            helperText={errors.email?.message}
            disabled={!canUpdate}
          />
          <Controller
            control={form.control}
            name="pin"
            render={({ field }) => (
              <TextField
                label="PIN"
                required={needsPin(roleId) && !user.hasPin}
                value={field.value}
                onChange={(e) => field.onChange(digitsOnly(e.target.value, PIN_MAX_LENGTH))}
                onBlur={field.onBlur}
                inputRef={field.ref}
                autoComplete="off"
                placeholder={user.hasPin ? '********' : undefined}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PIN_MAX_LENGTH } }}
                error={!!errors.pin}
                helperText={
                  errors.pin?.message ??
                  (user.hasPin ? 'Leave blank to keep the current PIN' : '4 to 8 digits')
                }
                disabled={!canUpdate}
              />
            )}
          />
          <Controller
            control={form.control}
            name="roleId"
            render={({ field }) => (
              <TextField
                select
                label="Role"
                value={field.value}
                onChange={(e) => {
                  const next = Number(e.target.value) as RoleId;
                  field.onChange(next);
                  onRoleChange(next);
                }}
                error={!!errors.roleId}
                helperText={errors.roleId?.message}
                disabled={roleOptions.length <= 1}
              >
                {roleOptions.map((r) => (
                  <MenuItem key={r} value={r}>
                    {roleNames[r]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
        {canSetCompanyEmail && (
          <Controller
            control={form.control}
            name="companyEmail"
            render={({ field }) => (
              <FormControlLabel
                sx={{ ml: 0 }}
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label={`Company Email: ${field.value ? 'Enabled' : 'Disabled'}`}
              />
            )}
          />
        )}
        {can('changePassword', placement) && (
          <Controller
            control={form.control}
            name="changePassword"
            render={({ field }) => (
              <FormControlLabel
                sx={{ ml: 0 }}
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label="Change Password"
              />
            )}
          />
        )}
        {changePassword && (
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label="New Password"
              type="password"
              autoComplete="new-password"
              {...form.register('password')}
              error={!!errors.password}
              helperText={
                errors.password?.message ?? (self ? undefined : 'They choose their own at next sign-in')
              }
            />
            <TextField
              label="Confirm New Password"
              type="password"
              autoComplete="new-password"
              {...form.register('confirmPassword')}
              error={!!errors.confirmPassword}
              helperText={errors.confirmPassword?.message}
            />
          </Box>
        )}
        {asksCurrent && (
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword')}
            error={!!errors.currentPassword}
            helperText={errors.currentPassword?.message ?? 'Needed to change your own password or e-mail'}
            sx={{ maxWidth: { sm: 'calc(50% - 10px)' } }}
          />
        )}
        {canUploadPicture && (
          <ImageUpload
            label="Profile Picture"
            variant="avatar"
            currentUrl={pictureUrl}
            value={photo}
            onChange={setPhoto}
            progress={progress}
            maxBytes={PROFILE_IMAGE_MAX_BYTES}
            disabled={save.busy}
          />
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            color={save.status === 'error' ? 'error' : save.status ? 'success' : 'primary'}
            disabled={save.busy || deletion.busy}
          >
            Save
          </Button>
          <SaveStatus status={save.status} />
          <Box sx={{ flexGrow: 1 }} />
          {canDelete && (
            <>
              <DeleteStatus status={deletion.status} />
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteIcon />}
                onClick={() => setConfirming(true)}
                disabled={save.busy || deletion.busy}
              >
                Delete User
              </Button>
            </>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Delete Profile?"
        message={messages.confirm.deleteUser}
        busy={deletion.status === 'working'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void deletion.run(() => remove.mutateAsync(user.id));
        }}
      />
    </Box>
  );
};
