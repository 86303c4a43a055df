import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '@sitewalk/shared/messages';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AuthCard } from './components/auth-card.tsx';
import { ButtonLink, Notice } from './components/form-parts.tsx';
import { NewPasswordFields } from './components/new-password-fields.tsx';
import { lazyResolver, loadOnInteraction, loadSignInLogic } from './load-sign-in-logic.ts';
import type { NewPasswordForm } from './sign-in-logic.ts';

const toLogin = <ButtonLink href={paths.login.build()}>Go to sign in</ButtonLink>;

/**
 * /reset-password/confirm/{token}: 'Create New Password'. The spec's page says 6 characters, its rule says 8;
 * this shows the rule the API holds every password to.
 */
export const ResetConfirmPage = ({ token }: { token: string | null }) => {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<NewPasswordForm, unknown, NewPasswordForm>({
    resolver: lazyResolver((logic) => logic.resolvers.newPassword),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (!token) {
    return (
      <AuthCard title={messages.password.invalidLink}>
        <div className="auth-form">
          <p>This link has no reset token. Ask for a new link from the sign-in page.</p>
          {toLogin}
        </div>
      </AuthCard>
    );
  }

  const save = form.handleSubmit(async ({ password }) => {
    setOutcome(null);
    try {
      const { authApi } = await loadSignInLogic();
      await authApi('auth.resetPassword', { body: { token, password } });
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

  const submit = (event: FormEvent) =>
    save(event).catch(() => setOutcome({ ok: false, text: messages.password.resetFailed }));

  if (outcome?.ok) {
    return (
      <AuthCard title="Create New Password">
        <div className="auth-form">
          <Notice tone="success">{outcome.text}</Notice>
          {toLogin}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create New Password">
      <form className="auth-form" onSubmit={submit} noValidate {...loadOnInteraction}>
        <p className="auth-text">{messages.password.rule}.</p>
        {outcome && <Notice tone="error">{outcome.text}</Notice>}
        <NewPasswordFields form={form} />
      </form>
    </AuthCard>
  );
};
