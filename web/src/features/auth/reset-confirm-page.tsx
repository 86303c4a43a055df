import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import { messages } from '@sitewalk/shared/messages';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useResetPassword } from './api/sign-in.ts';
import { AuthCard } from './components/auth-card.tsx';
import { newPasswordForm, type NewPasswordForm } from './components/password-fields.ts';

const toLogin = (
  <Button component={RouterLink} to={paths.login.build()} variant="contained">
    Go to sign in
  </Button>
);

/**
 * /reset-password/confirm/{token}: 'Create New Password'. The spec's page says 6 characters, its rule says 8;
 * this shows the rule the API holds every password to.
 */
export const ResetConfirmPage = () => {
  const { token } = useParams();
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<NewPasswordForm, unknown, NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (!token) {
    return (
      <AuthCard title={messages.password.invalidLink}>
        <Stack spacing={2.5}>
          <Typography>This link has no reset token. Ask for a new link from the sign-in page.</Typography>
          {toLogin}
        </Stack>
      </AuthCard>
    );
  }

  const submit = form.handleSubmit(async ({ password }) => {
    setOutcome(null);
    try {
      await reset.mutateAsync({ token, password });
      setOutcome({ ok: true, text: messages.password.resetSuccess });
    } catch (error) {
      const serverText = error instanceof ApiError ? error.body?.message : undefined;
      const passwordError = error instanceof ApiError ? error.fieldMessages()['password'] : undefined;
      if (passwordError) {
        form.setError('password', { type: 'server', message: passwordError });
        return;
      }
      setOutcome({
        ok: false,
        text:
          serverText === messages.auth.resetLinkInvalid
            ? `${messages.password.resetFailed} ${serverText}.`
            : messages.password.resetFailed,
      });
    }
  });

  if (outcome?.ok) {
    return (
      <AuthCard title="Create New Password">
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">
            {outcome.text}
          </Alert>
          {toLogin}
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create New Password">
      <form onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          <Typography color="text.secondary">{messages.password.rule}.</Typography>
          {outcome && (
            <Alert severity="error" role="alert">
              {outcome.text}
            </Alert>
          )}
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            autoFocus
            {...form.register('password')}
            error={!!errors.password}
            helperText={errors.password?.message}
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
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Password'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
};
