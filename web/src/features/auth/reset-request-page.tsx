import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '@sitewalk/shared/messages';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors, formatWait } from '../../lib/form.ts';
import { AuthCard } from './components/auth-card.tsx';
import { FormField, Notice, SubmitButton } from './components/form-parts.tsx';
import { lazyResolver, loadOnInteraction, loadSignInLogic, UNREACHABLE } from './load-sign-in-logic.ts';
import { useNavigate } from './navigation.tsx';
import type { ResetRequestForm, ResetRequestValues } from './sign-in-logic.ts';

/**
 * /reset-password and /resetPassword: 'Reset your password'. Each spelling of the form leads to the same
 * spelling of the e-mail-sent page (`legacy`: the /resetPassword one).
 */
export const ResetRequestPage = ({ legacy = false }: { legacy?: boolean }) => {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetRequestForm, unknown, ResetRequestValues>({
    resolver: lazyResolver((logic) => logic.resolvers.resetRequest),
    defaultValues: { email: '' },
  });
  const { isSubmitting } = form.formState;

  const send = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const { authApi } = await loadSignInLogic();
      await authApi('auth.forgotPassword', { body: { email } });
      navigate((legacy ? paths.resetEmailSentLegacy : paths.resetEmailSent).build());
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
        setFailure(error instanceof ApiError ? error.message : UNREACHABLE);
      }
    }
  });

  const submit = (event: FormEvent) => send(event).catch(() => setFailure(UNREACHABLE));

  return (
    <AuthCard title="Reset your password">
      <form className="auth-form" onSubmit={submit} noValidate {...loadOnInteraction}>
        <p className="auth-text">
          Enter the e-mail address of your account and we will send you a link to create a new password.
        </p>
        {failure && <Notice tone="error">{failure}</Notice>}
        <FormField form={form} name="email" label="Email" type="email" autoComplete="email" autoFocus />
        <SubmitButton busy={isSubmitting}>{isSubmitting ? 'Sending...' : 'Reset'}</SubmitButton>
        <a className="auth-secondary-link" href={paths.login.build()}>
          Back to sign in
        </a>
      </form>
    </AuthCard>
  );
};
