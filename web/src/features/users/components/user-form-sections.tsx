import { Box, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { PIN_MAX_LENGTH, PROFILE_IMAGE_MAX_BYTES } from '@sitewalk/shared/constants';
import type { RoleFields } from '@sitewalk/shared/roles';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { digitsOnly } from '../utils/digits-only.ts';
import { LocationName, LocationPicker } from '../../../components/pickers/location-picker.tsx';
import { AreaPicker } from '../../../components/pickers/area-picker.tsx';
import { CompanyPicker } from '../../../components/pickers/company-picker.tsx';
import { SingleSelect } from './place-fields.tsx';

/**
 * The fields the Add and Edit user forms share, as sections of either form (inside its react-hook-form
 * `FormProvider`): placement (company, areas, locations, default location), identity (names, phone, e-mail,
 * PIN) and password. Which placement fields show, and which are required, is the role's (roleFields).
 */
export interface UserFormFields {
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

/** The form fields both forms hold, in the order their server errors are matched. */
export const USER_FORM_FIELDS = [
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
] as const satisfies readonly (keyof UserFormFields)[];

const twoColumns = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

export interface PlacementSectionProps {
  fields: Pick<RoleFields, 'company' | 'organizations' | 'locations'>;
  /**
   * Names of areas at hand (the user's memberships name theirs): the picker searches the chosen company's
   * areas on the server and reads any other chosen one's name by id.
   */
  organizationNames?: ReadonlyMap<number, string>;
  /** False when the chosen company has no area to offer (the Add form, before one is made). */
  areasAvailable?: boolean;
  /**
   * Names of locations at hand (the user's memberships name theirs): the picker searches the chosen
   * company's locations on the server and reads any other chosen one's name by id.
   */
  locationNames?: ReadonlyMap<number, string>;
  /** False when the chosen company has no location to offer (the Add form, before one is made). */
  locationsAvailable?: boolean;
  /** Memberships the signed-in user may not remove. */
  lockedOrganizations?: readonly number[];
  lockedLocations?: readonly number[];
  /** Areas and locations replace each other: choosing one clears the other (the Edit form). */
  exclusive?: boolean;
  /** 'None' as the company's placeholder while none is chosen; 'None' offered for the default location. */
  noCompanyLabel?: string | undefined;
  noDefaultLabel?: string | undefined;
  companyRequired?: boolean;
  companyDisabled?: boolean;
  disabled?: boolean;
  /** Shown under the company (a missing prerequisite). */
  notice?: ReactNode;
}

/** Management company, areas, locations and the default location among them. */
export const PlacementSection = ({
  fields,
  organizationNames,
  areasAvailable = true,
  locationNames,
  locationsAvailable = true,
  lockedOrganizations,
  lockedLocations,
  exclusive = false,
  noCompanyLabel,
  noDefaultLabel,
  companyRequired = false,
  companyDisabled = false,
  disabled = false,
  notice,
}: PlacementSectionProps) => {
  const { control, setValue, formState } = useFormContext<UserFormFields>();
  const { errors } = formState;
  const [chosenLocations, companyId] = useWatch({ control, name: ['locationIds', 'managementCompanyId'] });
  // The names of the chosen locations: those at hand, then those picked (the Default Location lists them).
  const [pickedNames, setPickedNames] = useState<ReadonlyMap<number, string>>(new Map());
  const nameOf = (id: number) => pickedNames.get(id) ?? locationNames?.get(id);
  return (
    <>
      {fields.company && (
        <Controller
          control={control}
          name="managementCompanyId"
          render={({ field }) => (
            <CompanyPicker
              value={field.value === '' ? null : field.value}
              onChange={(value) => {
                field.onChange(value ?? '');
                setValue('organizationIds', []);
                setValue('locationIds', []);
                setValue('defaultLocationId', '');
              }}
              error={errors.managementCompanyId?.message}
              disabled={disabled || companyDisabled}
              required={companyRequired}
              {...(noCompanyLabel ? { allLabel: noCompanyLabel } : {})}
              name={field.name}
              inputRef={field.ref}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
      {notice}
      {fields.organizations && (
        <Controller
          control={control}
          name="organizationIds"
          render={({ field }) => (
            <AreaPicker
              multiple
              label="Areas"
              value={field.value}
              managementCompanyId={companyId === '' ? null : companyId}
              {...(lockedOrganizations ? { locked: lockedOrganizations } : {})}
              {...(organizationNames ? { knownLabels: organizationNames } : {})}
              onChange={(ids) => {
                field.onChange(ids);
                if (exclusive && ids.length) setValue('locationIds', []);
              }}
              error={errors.organizationIds?.message}
              disabled={disabled || (!exclusive && (companyId === '' || !areasAvailable))}
              inputRef={field.ref}
            />
          )}
        />
      )}
      {fields.locations && (
        <>
          <Controller
            control={control}
            name="locationIds"
            render={({ field }) => (
              <LocationPicker
                multiple
                label="Locations"
                value={field.value}
                managementCompanyId={companyId === '' ? null : companyId}
                {...(lockedLocations ? { locked: lockedLocations } : {})}
                {...(locationNames ? { knownLabels: locationNames } : {})}
                onChange={(ids, names) => {
                  setPickedNames((known) => new Map([...known, ...names]));
                  field.onChange(ids);
                  if (exclusive && ids.length) setValue('organizationIds', []);
                }}
                error={errors.locationIds?.message}
                disabled={disabled || (!exclusive && (companyId === '' || !locationsAvailable))}
                inputRef={field.ref}
              />
            )}
          />
          {chosenLocations.length > 0 && (
            <Controller
              control={control}
              name="defaultLocationId"
              render={({ field }) => (
                <SingleSelect
                  label="Default Location"
                  value={field.value}
                  options={chosenLocations.map((id) => ({
                    id,
                    name: nameOf(id) ?? <LocationName id={id} />,
                  }))}
                  onChange={field.onChange}
                  error={errors.defaultLocationId?.message}
                  disabled={disabled}
                  {...(noDefaultLabel ? { noneLabel: noDefaultLabel } : {})}
                />
              )}
            />
          )}
        </>
      )}
    </>
  );
};

export interface IdentitySectionProps {
  emailLabel: string;
  emailRequired: boolean;
  /** The PIN field, or none for roles that have no PIN. */
  pin: { label: string; required: boolean; hasPin?: boolean } | null;
  /** Browsers must not fill in the signed-in user's own details (the Add form). */
  autoCompleteOff?: boolean;
  disabled?: boolean;
  /** More fields in the same grid (the Edit form's role). */
  children?: ReactNode;
}

/** First and last name, phone, e-mail and PIN. */
export const IdentitySection = ({
  emailLabel,
  emailRequired,
  pin,
  autoCompleteOff = false,
  disabled = false,
  children,
}: IdentitySectionProps) => {
  const { control, register, formState } = useFormContext<UserFormFields>();
  const { errors } = formState;
  const off = autoCompleteOff ? { autoComplete: 'off' } : {};
  return (
    <Box sx={twoColumns}>
      <TextField
        label="First Name"
        required
        {...off}
        {...register('firstName')}
        error={!!errors.firstName}
        helperText={errors.firstName?.message}
        disabled={disabled}
      />
      <TextField
        label="Last Name"
        required
        {...off}
        {...register('lastName')}
        error={!!errors.lastName}
        helperText={errors.lastName?.message}
        disabled={disabled}
      />
      <PhoneField control={control} name="phone" />
      <TextField
        label={emailLabel}
        type="email"
        required={emailRequired}
        {...off}
        {...register('email')}
        error={!!errors.email}
        helperText={errors.email?.message}
        disabled={disabled}
      />
      {pin && (
        <Controller
          control={control}
          name="pin"
          render={({ field }) => (
            <TextField
              label={pin.label}
              required={pin.required}
              value={field.value}
              onChange={(e) => field.onChange(digitsOnly(e.target.value, PIN_MAX_LENGTH))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              autoComplete="off"
              placeholder={pin.hasPin ? '********' : undefined}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PIN_MAX_LENGTH } }}
              error={!!errors.pin}
              helperText={
                errors.pin?.message ?? (pin.hasPin ? 'Leave blank to keep the current PIN' : '4 to 8 digits')
              }
              disabled={disabled}
            />
          )}
        />
      )}
      {children}
    </Box>
  );
};

export interface PasswordSectionProps {
  label: string;
  confirmLabel: string;
  required?: boolean;
  helperText?: string | undefined;
}

/** A password and its confirmation. */
export const PasswordSection = ({
  label,
  confirmLabel,
  required = false,
  helperText,
}: PasswordSectionProps) => {
  const { register, formState } = useFormContext<UserFormFields>();
  const { errors } = formState;
  return (
    <Box sx={twoColumns}>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        required={required}
        {...register('password')}
        error={!!errors.password}
        helperText={errors.password?.message ?? helperText}
      />
      <TextField
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        required={required}
        {...register('confirmPassword')}
        error={!!errors.confirmPassword}
        helperText={errors.confirmPassword?.message}
      />
    </Box>
  );
};

export interface PictureSectionProps {
  /** The picture the user has (Edit); none on Add. */
  currentUrl?: string | null;
  value: File | null;
  onChange: (file: File | null) => void;
  progress: number | null;
  disabled: boolean;
}

/** The profile picture: chosen here, uploaded after the user is saved. */
export const PictureSection = ({ currentUrl, value, onChange, progress, disabled }: PictureSectionProps) => (
  <ImageUpload
    label="Profile Picture"
    variant="avatar"
    currentUrl={currentUrl}
    value={value}
    onChange={onChange}
    progress={progress}
    maxBytes={PROFILE_IMAGE_MAX_BYTES}
    disabled={disabled}
  />
);
