import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { createOrganizationBody } from '@sitewalk/shared/schemas/organization';
import { FormCard, FormTextField, useFormCard, type FormProps } from '../../../components/form-card.tsx';
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
  companies,
  intro,
  fieldsLocked = false,
  children,
  ...props
}: OrganizationFormProps) => {
  // A field not shown takes no error: the API's answer about it shows above the button.
  const { form, card } = useFormCard(zodResolver(organizationForm), props, companies ? FIELDS : ['name']);
  const locked = props.disabled || fieldsLocked;
  return (
    <FormCard {...card} intro={intro}>
      <FormTextField name="name" label="Name" disabled={locked} />
      {companies && (
        <IdSelectField
          control={form.control}
          name="managementCompanyId"
          label="Management Company"
          options={companies}
          disabled={locked}
        />
      )}
      {children}
    </FormCard>
  );
};
