import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '@sitewalk/shared/messages';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors, formatWait } from '../../lib/form.ts';
import { AuthCard } from './components/auth-card.tsx';
import { FormField, Notice, SubmitButton } from './components/form-parts.tsx';
import { lazyResolver, loadOnInteraction, loadSignInLogic, UNREACHABLE } from './load-sign-in-logic.ts';
import { useNavigate } from './navigation.tsx';
import type { LoginForm, LoginValues } from './sign-in-logic.ts';
import type { MfaStep, SignInResponse } from '@sitewalk/shared/schemas/auth';

// Only a sign-in with a temporary password needs it: its code loads then.
const PasswordResetModal = lazy(() =>
  import('./components/password-reset-modal.tsx').then((module) => ({ default: module.PasswordResetModal })),
);
// Likewise the second step of a sign-in with two-step verification.
const MfaCodeStep = lazy(() =>
  import('./components/mfa-step.tsx').then((module) => ({ default: module.MfaCodeStep })),
);
const MfaSetupStep = lazy(() =>
  import('./components/mfa-step.tsx').then((module) => ({ default: module.MfaSetupStep })),
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
 * password first asks for a new one ('Password Reset Required'); with two-step verification on, the
 * authenticator app's code follows the password, and a role that must use it and has not set it up sets
 * it up right there.
 */
export const LoginPage = () => {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ email: string; session: string } | null>(null);
  const [mfaStep, setMfaStep] = useState<MfaStep | null>(null);
  const form = useForm<LoginForm, unknown, LoginValues>({
    resolver: lazyResolver((logic) => logic.resolvers.login),
    defaultValues: { email: '', password: '' },
  });
  const { isSubmitting } = form.formState;

  const enterApp = () => navigate(paths.app.root.build());
  /** After the password (or a new one): signed in, or the second step. */
  const proceed = (answer: SignInResponse) => {
    setChallenge(null);
    if ('mfa' in answer) setMfaStep(answer);
    else enterApp();
  };
  const restart = () => {
    setMfaStep(null);
    form.reset({ email: form.getValues('email'), password: '' });
  };

  const signIn = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { authApi } = await loadSignInLogic();
      const answer = await authApi('auth.login', { body: values });
      if (answer.needsPasswordReset) setChallenge({ email: answer.email, session: answer.session });
      else proceed(answer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setFailure(applyServerErrors(error, ['email', 'password'], form.setError));
      } else {
        setFailure(loginFailureText(error));
      }
    }
  });

  const submit = (event: FormEvent) => signIn(event).catch(() => setFailure(UNREACHABLE));

  if (mfaStep) {
    const Step = mfaStep.mfa === 'code' ? MfaCodeStep : MfaSetupStep;
    return (
      <AuthCard title={mfaStep.mfa === 'code' ? 'Two-step verification' : 'Set up two-step verification'}>
        <Suspense>
          <Step step={mfaStep} onSignedIn={enterApp} onRestart={restart} failureText={loginFailureText} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in to SiteWalk">
      <form className="auth-form" onSubmit={submit} noValidate {...loadOnInteraction}>
        {failure && <Notice tone="error">{failure}</Notice>}
        <FormField form={form} name="email" label="Email" type="email" autoComplete="username" autoFocus />
        <FormField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <SubmitButton busy={isSubmitting}>{isSubmitting ? 'Signing in...' : 'Sign In'}</SubmitButton>
        <a className="auth-secondary-link" href={paths.resetPassword.build()}>
          Forgot your password?
        </a>
      </form>
      {challenge && (
        <Suspense>
          <PasswordResetModal challenge={challenge} onAnswer={proceed} />
        </Suspense>
      )}
    </AuthCard>
  );
};
