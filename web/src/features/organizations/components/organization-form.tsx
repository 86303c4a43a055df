import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { createOrganizationBody } from '@sitewalk/shared/schemas/organization';
import { FormCard, useFormSubmit, type FormProps } from '../../../components/form-card.tsx';
import { IdSelectField } from '../../../components/id-select-field.tsx';

/** An area's form: its name and management company, as the create body has them. */
const organizationForm = createOrganizationBody.pick({ name: true, managementCompanyId: true });
export type OrganizationFormInput = z.input<typeof organizationForm>;
export type OrganizationFormValues = z.output<typeof organizationForm>;
const FIELDS = ['name', 'managementCompanyId'] as const;

export interface OrganizationFormProps extends FormProps<OrganizationFormInput, OrganizationFormValues> {
  /** The companies to choose from; without them the company is not shown (it stays the area's). */
  companies?: readonly { id: number; name: string }[];
  intro?: string;
  /** The fields only (an area already made while its logo failed). */
  fieldsLocked?: boolean;
}

/** The form of Add Area and Update Area. */
export const OrganizationForm = ({
  defaultValues,
  companies,
  intro,
  save,
  disabled,
  fieldsLocked = false,
  onSubmit,
  children,
}: OrganizationFormProps) => {
  const form = useForm<OrganizationFormInput, unknown, OrganizationFormValues>({
    resolver: zodResolver(organizationForm),
    defaultValues,
  });
  // A field not shown takes no error: the API's answer about it shows above the button.
  const { submit, failure } = useFormSubmit(form, companies ? FIELDS : ['name'], save, onSubmit);
  const { errors } = form.formState;

  return (
    <FormCard onSubmit={submit} status={save.status} failure={failure} disabled={disabled} intro={intro}>
      <TextField
        label="Name"
        required
        fullWidth
        disabled={disabled || fieldsLocked}
        {...form.register('name')}
        error={!!errors.name}
        helperText={errors.name?.message}
      />
      {companies && (
        <IdSelectField
          control={form.control}
          name="managementCompanyId"
          label="Management Company"
          options={companies}
          disabled={disabled || fieldsLocked}
        />
      )}
      {children}
    </FormCard>
  );
};
