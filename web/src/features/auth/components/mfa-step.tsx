import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { MfaSecret, MfaStep as Step } from '@sitewalk/shared/schemas/auth';
import { ApiError } from '../../../lib/api-error.ts';
import { groupedKey, QrCode } from '../../../components/qr-code.tsx';
import { lazyResolver, loadOnInteraction, loadSignInLogic, UNREACHABLE } from '../load-sign-in-logic.ts';
import type { MfaCodeForm, MfaCodeValues } from '../sign-in-logic.ts';
import { Notice, SubmitButton, TextField } from './form-parts.tsx';

export interface MfaStepProps {
  /** The second step the password sign-in asked for. */
  step: Step;
  onSignedIn: () => void;
  /** Back to the e-mail and password (a step that expired, or another account). */
  onRestart: () => void;
  /** Why a sign-in call failed, for people (the login page's wording, throttling included). */
  failureText: (error: unknown) => string;
}

export const MFA_CODE_HINT = 'The 6-digit code your authenticator app shows for SiteWalk';
const LOST_PHONE =
  'Lost your phone? Ask your manager or an administrator to reset two-step verification, then sign in again.';

/** The code field, checked by the shared schema; answers the code to `send`. */
const useCodeForm = (send: (code: string) => Promise<void>, failureText: MfaStepProps['failureText']) => {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<MfaCodeForm, unknown, MfaCodeValues>({
    resolver: lazyResolver((logic) => logic.resolvers.mfaCode),
    defaultValues: { code: '' },
  });
  const verify = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await send(code);
    } catch (error) {
      const underField = error instanceof ApiError && error.status === 400 && error.fieldMessages()['code'];
      if (underField) form.setError('code', { type: 'server', message: underField });
      else setFailure(failureText(error));
      form.setValue('code', '');
      form.setFocus('code');
    }
  });
  const submit = (event: FormEvent) => verify(event).catch(() => setFailure(UNREACHABLE));
  return { form, failure, submit };
};

const CodeField = ({ form, label }: { form: ReturnType<typeof useCodeForm>['form']; label: string }) => (
  <TextField
    label={label}
    inputMode="numeric"
    autoComplete="one-time-code"
    pattern="[0-9 ]*"
    maxLength={7}
    required
    autoFocus
    hint={MFA_CODE_HINT}
    {...form.register('code')}
    error={form.formState.errors.code?.message}
  />
);

/** SOFTWARE_TOKEN_MFA: the code of the authenticator app the user set up. */
export const MfaCodeStep = ({ step, onSignedIn, onRestart, failureText }: MfaStepProps) => {
  const { form, failure, submit } = useCodeForm(async (code) => {
    const { authApi } = await loadSignInLogic();
    await authApi('auth.mfaCode', { body: { email: step.email, session: step.session, code } });
    onSignedIn();
  }, failureText);
  return (
    <form className="auth-form" onSubmit={submit} noValidate {...loadOnInteraction}>
      <p className="auth-text">Open your authenticator app and enter the code it shows for SiteWalk.</p>
      {failure && <Notice tone="error">{failure}</Notice>}
      <CodeField form={form} label="Authentication code" />
      <SubmitButton busy={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Verifying...' : 'Verify'}
      </SubmitButton>
      <p className="auth-field-note">{LOST_PHONE}</p>
      <button type="button" className="auth-link-button" onClick={onRestart}>
        Back to sign in
      </button>
    </form>
  );
};

/**
 * A user whose role must use two-step verification and has not set it up: a new key as a QR code (and as
 * text), then a code of it, which turns it on and finishes the sign-in.
 */
export const MfaSetupStep = ({ step, onSignedIn, onRestart, failureText }: MfaStepProps) => {
  const [secret, setSecret] = useState<MfaSecret | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    loadSignInLogic()
      .then(({ authApi }) =>
        authApi('auth.mfaSetupStart', { body: { email: step.email, session: step.session } }),
      )
      .then((answer) => current && setSecret(answer))
      .catch((error: unknown) => current && setLoadFailure(failureText(error)));
    return () => {
      current = false;
    };
  }, [step, failureText]);

  const { form, failure, submit } = useCodeForm(async (code) => {
    const { authApi } = await loadSignInLogic();
    await authApi('auth.mfaSetupVerify', { body: { email: step.email, session: step.session, code } });
    onSignedIn();
  }, failureText);

  return (
    <form className="auth-form" onSubmit={submit} noValidate {...loadOnInteraction}>
      <p className="auth-text">
        Your role signs in with a password and a code from an authenticator app. Set it up now to finish
        signing in.
      </p>
      {(loadFailure ?? failure) && <Notice tone="error">{loadFailure ?? failure}</Notice>}
      <ol className="auth-steps">
        <li>
          Install an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or
          1Password.
        </li>
        <li>
          In the app, add an account and scan this QR code.
          {secret ? (
            <span className="auth-qr">
              <QrCode text={secret.otpauthUri} label="QR code to add SiteWalk to your authenticator app" />
              <span className="auth-field-note">Can’t scan it? Enter this key instead:</span>
              <code className="auth-key" aria-label="Setup key">
                {groupedKey(secret.secretCode)}
              </code>
            </span>
          ) : (
            !loadFailure && <span className="auth-field-note"> Preparing your key…</span>
          )}
        </li>
        <li>Enter the 6-digit code the app now shows.</li>
      </ol>
      <CodeField form={form} label="Code from your app" />
      <SubmitButton busy={form.formState.isSubmitting || !secret}>
        {form.formState.isSubmitting ? 'Verifying...' : 'Turn on and sign in'}
      </SubmitButton>
      <button type="button" className="auth-link-button" onClick={onRestart}>
        Back to sign in
      </button>
    </form>
  );
};
