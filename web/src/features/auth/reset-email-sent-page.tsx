import { paths } from '../../config/paths.ts';
import { AuthCard } from './components/auth-card.tsx';
import { ButtonLink } from './components/form-parts.tsx';

/** /reset-password/email-sent and /app/resetPassword/emailSent. */
export const ResetEmailSentPage = () => (
  <AuthCard title="Email Sent">
    <div className="auth-form">
      <p>
        If an account exists for that address, we have sent it a link to reset your password. The link works
        once, for a limited time.
      </p>
      <p className="auth-text">Nothing there after a few minutes? Check your spam or junk folder.</p>
      <ButtonLink href={paths.login.build()}>Back to sign in</ButtonLink>
    </div>
  </AuthCard>
);
