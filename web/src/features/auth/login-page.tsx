import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '@sitewalk/shared/messages';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors, formatWait } from '../../lib/form.ts';
import { AuthCard } from './components/auth-card.tsx';
import { Notice, SubmitButton, TextField } from './components/form-parts.tsx';
import { lazyResolver, loadOnInteraction, loadSignInLogic, UNREACHABLE } from './load-sign-in-logic.ts';
import { useNavigate } from './navigation.tsx';
import type { LoginForm, LoginValues } from './sign-in-logic.ts';

// Only a sign-in with a temporary password needs it: its code loads then.
const PasswordResetModal = lazy(() =>
  import('./components/password-reset-modal.tsx').then((module) => ({ default: module.PasswordResetModal })),
);

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
  return UNREACHABLE;
};

/**
 * /login. A sign-in sets the session's refresh cookie; the app under /app starts from it. A temporary
 * password first asks for a new one ('Password Reset Required').
 */
export const LoginPage = () => {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ email: string; session: string } | null>(null);
  const form = useForm<LoginForm, unknown, LoginValues>({
    resolver: lazyResolver((logic) => logic.resolvers.login),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const enterApp = () => navigate(paths.app.root.build());

  const signIn = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { authApi } = await loadSignInLogic();
      const answer = await authApi('auth.login', { body: values });
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

  const submit = (event: FormEvent) => signIn(event).catch(() => setFailure(UNREACHABLE));

  return (
    <AuthCard title="Sign in to SiteWalk">
      <form className="auth-form" onSubmit={submit} noValidate {...loadOnInteraction}>
        {failure && <Notice tone="error">{failure}</Notice>}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          {...form.register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...form.register('password')}
          error={errors.password?.message}
        />
        <SubmitButton busy={isSubmitting}>{isSubmitting ? 'Signing in...' : 'Sign In'}</SubmitButton>
        <a className="auth-secondary-link" href={paths.resetPassword.build()}>
          Forgot your password?
        </a>
      </form>
      {challenge && (
        <Suspense>
          <PasswordResetModal challenge={challenge} onSignedIn={enterApp} />
        </Suspense>
      )}
    </AuthCard>
  );
};
