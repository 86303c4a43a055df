import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import { Controller } from 'react-hook-form';
import * as z from 'zod';
import { createLocationBody } from '@sitewalk/shared/schemas/location';
import { FormCard, FormTextField, useFormCard, type FormProps } from '../../../components/form-card.tsx';
import { IdSelectField } from '../../../components/id-select-field.tsx';
import { AreaPicker } from '../../../components/pickers/area-picker.tsx';
import type { PickerOption } from '../../../components/pickers/search-picker.tsx';

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
  /**
   * The areas to choose from (Update: the location's company's); without them, or `areaSearch`, the area is
   * not shown (it stays the location's).
   */
  organizations?: readonly { id: number; name: string }[];
  /**
   * Add: the area is searched on the server (AreaPicker), never the whole scope loaded; those the policy
   * refuses (`allows`) are listed disabled.
   */
  areaSearch?: { allows: (area: PickerOption) => boolean };
  /** The areas are still loading, or could not be loaded ('The areas could not be loaded.'). */
  organizationsPending?: boolean;
  organizationsProblem?: string;
}

/** The form of Add Location and Update Location. */
export const LocationForm = ({
  withAddress,
  organizations,
  areaSearch,
  organizationsPending = false,
  organizationsProblem,
  children,
  ...props
}: LocationFormProps) => {
  const fields = (withAddress ? FIELDS : NAME_FIELDS).filter(
    (name) => organizations || areaSearch || name !== 'organizationId',
  );
  const { form, card } = useFormCard<LocationFormInput, LocationFormValues>(
    zodResolver(withAddress ? locationForm : locationNameForm),
    props,
    fields,
  );
  const text = (name: TextFieldName, label: string, autoComplete: string) => (
    <FormTextField name={name} label={label} disabled={props.disabled} autoComplete={autoComplete} />
  );

  return (
    <FormCard {...card}>
      {organizations && (
        <IdSelectField
          control={form.control}
          name="organizationId"
          label="Area"
          options={organizations}
          disabled={props.disabled || organizationsPending}
          problem={organizationsProblem}
        />
      )}
      {areaSearch && (
        <Controller
          control={form.control}
          name="organizationId"
          render={({ field, fieldState }) => (
            <AreaPicker
              value={typeof field.value === 'number' ? field.value : null}
              onChange={(id) => field.onChange(id ?? undefined)}
              allows={areaSearch.allows}
              required
              disabled={props.disabled}
              error={fieldState.error?.message}
              name={field.name}
              inputRef={field.ref}
              onBlur={field.onBlur}
            />
          )}
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
  );
};
