import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '@sitewalk/shared/messages';
import { ApiError } from '../../../lib/api-error.ts';
import { lazyResolver, loadOnInteraction, loadSignInLogic } from '../load-sign-in-logic.ts';
import type { NewPasswordForm } from '../sign-in-logic.ts';
import type { SignInResponse } from '@sitewalk/shared/schemas/auth';
import { NewPasswordFields } from './new-password-fields.tsx';
import { Notice } from './form-parts.tsx';

export interface PasswordResetModalProps {
  /** The sign-in that asked for a new password. */
  challenge: { email: string; session: string };
  /** The new password is saved: signed in, or on to two-step verification. */
  onAnswer: (answer: SignInResponse) => void;
}

/**
 * 'Password Reset Required': after a sign-in with a temporary password. A native modal dialog (the page
 * behind is inert; focus stays inside). It cannot be dismissed: Escape is ignored, and it closes only once a
 * new password is saved, which signs the user in.
 */
export const PasswordResetModal = ({ challenge, onAnswer }: PasswordResetModalProps) => {
  const dialog = useRef<HTMLDialogElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NewPasswordForm, unknown, NewPasswordForm>({
    resolver: lazyResolver((logic) => logic.resolvers.newPassword),
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    // jsdom (the component tests) has no showModal.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);

  const save = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const { authApi } = await loadSignInLogic();
      onAnswer(await authApi('auth.completeNewPassword', { body: { ...challenge, newPassword: password } }));
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

  const submit = (event: FormEvent) => save(event).catch(() => setFailure(messages.password.modalError));

  return (
    <dialog
      ref={dialog}
      className="auth-dialog"
      aria-labelledby="password-reset-title"
      aria-describedby="password-reset-text"
      onCancel={(event) => event.preventDefault()}
    >
      <form className="auth-form" onSubmit={submit} noValidate {...loadOnInteraction}>
        <h2 id="password-reset-title">Password Reset Required</h2>
        <p id="password-reset-text" className="auth-text">
          Your password was set by someone else. Choose a new password to continue.
        </p>
        {failure && <Notice tone="error">{failure}</Notice>}
        <NewPasswordFields form={form} hint={messages.password.rule} />
      </form>
    </dialog>
  );
};
