import { Alert, Box, Button, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { messages } from '@sitewalk/shared/messages';
import {
  assignableRoles,
  canChangeRole,
  canManageMembership,
  type PlacementOf,
} from '@sitewalk/shared/policy';
import { roleFields, roleNames, type RoleId } from '@sitewalk/shared/roles';
import { password as passwordRule } from '@sitewalk/shared/schemas/common';
import { missingForRole, updateUserBody, type User } from '@sitewalk/shared/schemas/user';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DeleteStatus, useDeleteStatus } from '../../../components/delete-status.tsx';
import { SaveStatus, useSaveStatus } from '../../../components/save-status.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuthorization, userPlacement } from '../../../lib/authorization.ts';
import { applyServerErrors, bodyResolver, type FormProblem } from '../../../lib/form.ts';
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
import type { CompanyMatches } from '../../../components/pickers/company-picker.tsx';
import type { PlaceOption } from './place-fields.tsx';
import {
  IdentitySection,
  PasswordSection,
  PictureSection,
  PlacementSection,
  USER_FORM_FIELDS,
  type UserFormFields,
} from './user-form-sections.tsx';

export interface UpdateUserFormValues extends UserFormFields {
  roleId: RoleId;
  companyEmail: boolean;
  changePassword: boolean;
  currentPassword: string;
}

type Field = keyof UpdateUserFormValues;
const FIELDS: readonly Field[] = [...USER_FORM_FIELDS, 'roleId', 'currentPassword'];

export interface OrganizationOption extends PlaceOption {
  managementCompanyId: number;
}
export interface LocationOption extends OrganizationOption {
  organizationId: number;
}

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
      ...(roleFields(values.roleId).locations &&
      values.defaultLocationId !== '' &&
      values.locationIds.includes(values.defaultLocationId) &&
      values.defaultLocationId !== user.defaultLocationId
        ? { defaultLocationId: values.defaultLocationId }
        : {}),
      ...(values.changePassword ? { password: values.password.trim() } : {}),
      ...(asksCurrent ? { currentPassword: values.currentPassword } : {}),
    },
    ...(roleFields(values.roleId).organizations ? { organizationIds: values.organizationIds } : {}),
    ...(roleFields(values.roleId).locations ? { locationIds: values.locationIds } : {}),
  };
};

/**
 * The shared update schema, what the new role requires (missingForRole, as the create schema asks), and the
 * edit form's own rules: a new password by the password rule and confirmed, one's own current password
 * to change one's password or e-mail.
 */
const resolverFor = (user: User, self: boolean) =>
  bodyResolver(
    updateUserBody,
    (values: UpdateUserFormValues) => updateBodyOf(user, values, self),
    FIELDS,
    (values) => {
      const problems: FormProblem<UpdateUserFormValues>[] = missingForRole(values.roleId, values, {
        hasPin: user.hasPin,
      });
      if (values.changePassword) {
        const rule = passwordRule.safeParse(values.password.trim());
        if (!rule.success) {
          problems.push({
            field: 'password',
            message: rule.error.issues[0]?.message ?? messages.password.rule,
          });
        }
        if (values.password.trim() !== values.confirmPassword.trim()) {
          problems.push({ field: 'confirmPassword', message: messages.password.mismatch });
        }
      }
      if (
        self &&
        (values.changePassword || !sameEmail(values.email, user.email)) &&
        !values.currentPassword
      ) {
        problems.push({ field: 'currentPassword', message: messages.auth.currentPasswordRequired });
      }
      return problems;
    },
  );

export interface UpdateUserFormProps {
  user: User;
  /** The Management Company picker's first matches: whether there is another company to move the user to. */
  companies: CompanyMatches;
  /** The user's areas the signed-in user sees (read by id): where each is, for the policy. */
  organizations: readonly OrganizationOption[];
  /** The user's locations the signed-in user sees (read by id): where each is, for the policy. */
  locations: readonly LocationOption[];
  /** The user's picture now, for the upload's preview. */
  pictureUrl: string | null;
}

/** Edit a user (the 'Edit user' screen), fields in the spec's order. */
export const UpdateUserForm = ({
  user,
  companies,
  organizations,
  locations,
  pictureUrl,
}: UpdateUserFormProps) => {
  const navigate = useNavigate();
  const { actor, can } = useAuthorization();
  const queryClient = useQueryClient();
  const update = useUpdateUser();
  const companyEmail = useSetCompanyEmail();
  const remove = useDeleteUser();
  const self = actor.userId === user.id;
  const placement: PlacementOf<'user'> = userPlacement(user, locations);

  const [failure, setFailure] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);

  const form = useForm<UpdateUserFormValues, unknown, UpdateUserBody>({
    resolver: resolverFor(user, self),
    defaultValues: valuesOf(user),
  });
  const { errors } = form.formState;
  const [roleId, changePassword, email] = useWatch({
    control: form.control,
    name: ['roleId', 'changePassword', 'email'],
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
  const organizationById = new Map(organizations.map((a) => [a.id, a]));
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
  const lockedOrganizations = placement.organizationIds.filter((id) => {
    const a = organizationById.get(id);
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
        (roleFields(r).locations || lockedLocations.length === 0) &&
        (roleFields(r).organizations || lockedOrganizations.length === 0),
    ),
  ].sort((a, b) => b - a);

  // The user's company and those the signed-in user sees: the picker is fixed when they are one (or none).
  const companyChoices =
    companies.totalCount -
    (companies.options.some((c) => c.id === user.managementCompanyId) ? 1 : 0) +
    (user.managementCompanyId === null ? 0 : 1);
  const organizationNames = new Map(
    user.userToOrganization.map(({ organizationId, organization }) => [organizationId, organization.name]),
  );
  const locationNames = new Map(
    user.userToLocation.map(({ locationId, location }) => [locationId, location.name]),
  );
  const emailChanged = !sameEmail(email, user.email);
  const asksCurrent = self && (changePassword || emailChanged);
  const canUpdate = can('update', placement);
  const canSetCompanyEmail =
    roleFields(roleId).companyEmail &&
    roleFields(user.roleId as RoleId).companyEmail &&
    can('setCompanyEmail', placement);
  const canUploadPicture = can('uploadProfileImage', placement);
  const canDelete = can('delete', placement);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    const enabled = form.getValues('companyEmail');
    await save.run(async () => {
      const answer = await update.mutateAsync(body);
      if (canSetCompanyEmail && enabled !== user.companyEmail) {
        await companyEmail.mutateAsync({ userId: user.id, enabled });
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
    if (!roleFields(next).organizations)
      form.setValue(
        'organizationIds',
        user.userToOrganization.map((o) => o.organizationId).filter((id) => lockedOrganizations.includes(id)),
      );
    if (!roleFields(next).locations) {
      form.setValue(
        'locationIds',
        user.userToLocation.map((l) => l.locationId).filter((id) => lockedLocations.includes(id)),
      );
      form.setValue('defaultLocationId', '');
    }
  };

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Update user">
        <Stack spacing={2.5}>
          <PlacementSection
            fields={{ ...roleFields(roleId), company: true }}
            organizationNames={organizationNames}
            locationNames={locationNames}
            lockedOrganizations={lockedOrganizations}
            lockedLocations={lockedLocations}
            exclusive
            noCompanyLabel={user.managementCompanyId === null ? 'None' : undefined}
            noDefaultLabel={user.defaultLocationId === null ? 'None' : undefined}
            companyDisabled={companyChoices <= 1}
            disabled={!canUpdate}
          />
          <IdentitySection
            emailLabel="Email Address"
            emailRequired={roleFields(roleId).emailRequired}
            pin={{
              label: 'PIN',
              required: roleFields(roleId).pinRequired && !user.hasPin,
              hasPin: user.hasPin,
            }}
            disabled={!canUpdate}
          >
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
          </IdentitySection>
          {canSetCompanyEmail && (
            <Controller
              control={form.control}
              name="companyEmail"
              render={({ field }) => (
                <FormControlLabel
                  sx={{ ml: 0 }}
                  control={
                    <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  }
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
                  control={
                    <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  }
                  label="Change Password"
                />
              )}
            />
          )}
          {changePassword && (
            <PasswordSection
              label="New Password"
              confirmLabel="Confirm New Password"
              helperText={self ? undefined : 'They choose their own at next sign-in'}
            />
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
            <PictureSection
              currentUrl={pictureUrl}
              value={photo}
              onChange={setPhoto}
              progress={progress}
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
    </FormProvider>
  );
};
