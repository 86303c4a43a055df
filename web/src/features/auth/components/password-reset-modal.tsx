import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '@sitewalk/shared/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { useCompleteNewPassword } from '../api/sign-in.ts';
import { newPasswordForm, type NewPasswordForm } from './password-fields.ts';

export interface PasswordResetModalProps {
  /** The sign-in that asked for a new password. */
  challenge: { email: string; session: string };
  /** Signed in with the new password. */
  onSignedIn: () => void;
}

/**
 * 'Password Reset Required': after a sign-in with a temporary password. It cannot be dismissed; it closes
 * only once a new password is saved, which signs the user in.
 */
export const PasswordResetModal = ({ challenge, onSignedIn }: PasswordResetModalProps) => {
  const complete = useCompleteNewPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NewPasswordForm, unknown, NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await complete.mutateAsync({ ...challenge, newPassword: password });
      onSignedIn();
    } catch (error) {
      if (error instanceof ApiError) {
        const underField = error.status === 400 ? error.fieldMessages()['newPassword'] : undefined;
        if (underField) {
          form.setError('password', { type: 'server', message: underField });
        } else if (error.status === 401) {
          setFailure(error.message || messages.password.modalFailed);
        } else {
          setFailure(messages.password.modalFailed);
        }
      } else {
        setFailure(messages.password.modalError);
      }
    }
  });

  return (
    <Dialog open aria-labelledby="password-reset-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="password-reset-title">Password Reset Required</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              Your password was set by someone else. Choose a new password to continue.
            </DialogContentText>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="New Password"
              type="password"
              autoComplete="new-password"
              required
              autoFocus
              {...form.register('password')}
              error={!!errors.password}
              helperText={errors.password?.message ?? messages.password.rule}
            />
            <TextField
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              required
              {...form.register('confirmPassword')}
              error={!!errors.confirmPassword}
              helperText={errors.confirmPassword?.message}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Password'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
