import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { messages } from '@sitewalk/shared/messages';
import { forgotPasswordRequest } from '@sitewalk/shared/schemas/auth';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerErrors, formatWait } from '../../lib/form.ts';
import { useForgotPassword } from './api/sign-in.ts';
import { AuthCard } from './components/auth-card.tsx';

const resetRequestForm = forgotPasswordRequest.extend({
  email: z.string().trim().min(1, 'Email is required').pipe(forgotPasswordRequest.shape.email),
});
type ResetRequestForm = z.input<typeof resetRequestForm>;

/** /reset-password and /resetPassword: 'Reset your password'. */
export const ResetRequestPage = () => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const forgot = useForgotPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetRequestForm, unknown, z.output<typeof resetRequestForm>>({
    resolver: zodResolver(resetRequestForm),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await forgot.mutateAsync(email);
      // Each spelling of the form leads to the same spelling of the e-mail-sent page.
      const sent =
        pathname === paths.resetPasswordLegacy.path ? paths.resetEmailSentLegacy : paths.resetEmailSent;
      void navigate(sent.build());
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setFailure(applyServerErrors(error, ['email'], form.setError));
      } else if (error instanceof ApiError && error.status === 429) {
        const wait = error.retryAfterSeconds;
        setFailure(
          wait
            ? `${messages.auth.tooManyAttempts} Try again in ${formatWait(wait)}.`
            : messages.auth.tooManyAttempts,
        );
      } else if (error instanceof ApiError && error.status === 404) {
        setFailure(messages.auth.accountDoesNotExist);
      } else {
        setFailure(
          error instanceof ApiError
            ? error.message
            : 'SiteWalk could not be reached. Check your internet connection and try again.',
        );
      }
    }
  });

  return (
    <AuthCard title="Reset your password">
      <form onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          <Typography color="text.secondary">
            Enter the e-mail address of your account and we will send you a link to create a new password.
          </Typography>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            autoFocus
            {...form.register('email')}
            error={!!errors.email}
            helperText={errors.email?.message}
          />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Reset'}
          </Button>
          <Link component={RouterLink} to={paths.login.build()} sx={{ alignSelf: 'center' }}>
            Back to sign in
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
};
