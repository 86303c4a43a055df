import type { UseFormReturn } from 'react-hook-form';
import type { NewPasswordForm } from '../sign-in-logic.ts';
import { FormField, SubmitButton } from './form-parts.tsx';

/**
 * A new password, its confirmation and 'Save Password': the 'Password Reset Required' dialog and the reset
 * link's page. `hint` (the password rule) shows under the first field until it has an error.
 */
export const NewPasswordFields = ({
  form,
  hint,
}: {
  form: UseFormReturn<NewPasswordForm, unknown, NewPasswordForm>;
  hint?: string;
}) => {
  const { isSubmitting } = form.formState;
  return (
    <>
      <FormField
        form={form}
        name="password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        autoFocus
        hint={hint}
      />
      <FormField
        form={form}
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton busy={isSubmitting}>{isSubmitting ? 'Saving...' : 'Save Password'}</SubmitButton>
    </>
  );
};
