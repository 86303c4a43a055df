import { zodResolver } from '@hookform/resolvers/zod';
import { Box, TextField } from '@mui/material';
import { FormProvider, useForm } from 'react-hook-form';
import * as z from 'zod';
import { createLocationBody } from '@sitewalk/shared/schemas/location';
import { FormCard, useFormSubmit, type FormProps } from '../../../components/form-card.tsx';
import { IdSelectField } from '../../../components/id-select-field.tsx';

/** What Add Location fills in and checks: the area, the name and the address. */
const locationForm = createLocationBody.pick({
  organizationId: true,
  name: true,
  address: true,
  city: true,
  state: true,
  zipcode: true,
});
/** What Update Location changes, the name and the area; the address it shows not and keeps as it is. */
const locationNameForm = locationForm.extend({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
});
export type LocationFormInput = z.input<typeof locationForm>;
export type LocationFormValues = z.output<typeof locationForm>;
const FIELDS = ['organizationId', 'name', 'address', 'city', 'state', 'zipcode'] as const;
const NAME_FIELDS = ['organizationId', 'name'] as const;

type TextFieldName = 'name' | 'address' | 'city' | 'state' | 'zipcode';

export interface LocationFormProps extends FormProps<LocationFormInput, LocationFormValues> {
  /** Add: the address is filled in and checked. Update keeps it. */
  withAddress: boolean;
  /** The areas to choose from; without them the area is not shown (it stays the location's). */
  areas?: readonly { id: number; name: string }[];
  /** The areas are still loading, or could not be loaded ('The areas could not be loaded.'). */
  areasPending?: boolean;
  areasProblem?: string;
}

/** The form of Add Location and Update Location. */
export const LocationForm = ({
  defaultValues,
  withAddress,
  areas,
  areasPending = false,
  areasProblem,
  save,
  disabled,
  onSubmit,
  children,
}: LocationFormProps) => {
  const form = useForm<LocationFormInput, unknown, LocationFormValues>({
    resolver: zodResolver(withAddress ? locationForm : locationNameForm),
    defaultValues,
  });
  const fields = (withAddress ? FIELDS : NAME_FIELDS).filter((name) => areas || name !== 'organizationId');
  const { submit, failure } = useFormSubmit(form, fields, save, onSubmit);
  const { errors } = form.formState;

  const text = (name: TextFieldName, label: string, autoComplete: string) => (
    <TextField
      label={label}
      required
      fullWidth
      disabled={disabled}
      autoComplete={autoComplete}
      {...form.register(name)}
      error={!!errors[name]}
      helperText={errors[name]?.message}
    />
  );

  return (
    <FormProvider {...form}>
      <FormCard onSubmit={submit} status={save.status} failure={failure} disabled={disabled}>
        {areas && (
          <IdSelectField
            control={form.control}
            name="organizationId"
            label="Area"
            options={areas}
            disabled={disabled || areasPending}
            problem={areasProblem}
          />
        )}
        {text('name', 'Name', 'organization')}
        {withAddress && text('address', 'Address', 'address-line1')}
        {withAddress && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
            {text('city', 'City', 'address-level2')}
            {text('state', 'State', 'address-level1')}
            {text('zipcode', 'Zipcode', 'postal-code')}
          </Box>
        )}
        {children}
      </FormCard>
    </FormProvider>
  );
};
