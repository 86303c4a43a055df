import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { messages } from '@sitewalk/shared/messages';
import { loginRequest } from '@sitewalk/shared/schemas/auth';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerErrors, formatWait } from '../../lib/form.ts';
import { useLogin } from './api/sign-in.ts';
import { AuthCard } from './components/auth-card.tsx';
import { PasswordResetModal } from './components/password-reset-modal.tsx';

/** The API's login body, with 'required' said first for an empty e-mail. */
const loginForm = loginRequest.extend({
  email: z.string().trim().min(1, 'Email is required').pipe(loginRequest.shape.email),
});
type LoginForm = z.input<typeof loginForm>;

/** Why a sign-in failed, for people: the server's reason, the wait of a throttle, or the status text. */
export const loginFailureText = (error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      const wait = error.retryAfterSeconds;
      return wait
        ? `${messages.auth.tooManyAttempts} Try again in ${formatWait(wait)}.`
        : messages.auth.tooManyAttempts;
    }
    if (error.status === 401) return error.body?.message ?? messages.auth.invalidCredentials;
    return error.body?.message ?? error.statusText ?? error.message;
  }
  return 'SiteWalk could not be reached. Check your internet connection and try again.';
};

export const LoginPage = () => {
  const navigate = useNavigate();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ email: string; session: string } | null>(null);
  const form = useForm<LoginForm, unknown, z.output<typeof loginForm>>({
    resolver: zodResolver(loginForm),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const enterApp = () => void navigate(paths.app.root.build(), { replace: true });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await login.mutateAsync(values);
      if (answer.needsPasswordReset) setChallenge({ email: answer.email, session: answer.session });
      else enterApp();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setFailure(applyServerErrors(error, ['email', 'password'], form.setError));
      } else {
        setFailure(loginFailureText(error));
      }
    }
  });

  return (
    <AuthCard title="Sign in to SiteWalk">
      <form onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            {...form.register('email')}
            error={!!errors.email}
            helperText={errors.email?.message}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            {...form.register('password')}
            error={!!errors.password}
            helperText={errors.password?.message}
          />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {isSubmitting ? 'Signing in...' : 'Sign In'}
          </Button>
          <Link component={RouterLink} to={paths.resetPassword.build()} sx={{ alignSelf: 'center' }}>
            Forgot your password?
          </Link>
        </Stack>
      </form>
      {challenge && <PasswordResetModal challenge={challenge} onSignedIn={enterApp} />}
    </AuthCard>
  );
};
