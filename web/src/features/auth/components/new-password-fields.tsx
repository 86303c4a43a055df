import type { UseFormReturn } from 'react-hook-form';
import type { NewPasswordForm } from '../sign-in-logic.ts';
import { SubmitButton, TextField } from './form-parts.tsx';

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
  const { errors, isSubmitting } = form.formState;
  return (
    <>
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        autoFocus
        {...form.register('password')}
        error={errors.password?.message}
        hint={hint}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        {...form.register('confirmPassword')}
        error={errors.confirmPassword?.message}
      />
      <SubmitButton busy={isSubmitting}>{isSubmitting ? 'Saving...' : 'Save Password'}</SubmitButton>
    </>
  );
};
