import { StrictMode } from 'react';
import { paths } from '../../config/paths.ts';
import { LoginPage } from './login-page.tsx';
import { NavigationProvider, type Navigate } from './navigation.tsx';
import { ResetConfirmPage } from './reset-confirm-page.tsx';
import { ResetEmailSentPage } from './reset-email-sent-page.tsx';
import { ResetRequestPage } from './reset-request-page.tsx';

/** The pages of the sign-in app, each prerendered into a document of its own (web/src/prerender.tsx). */
export type SignInPage = 'login' | 'reset-password' | 'reset-email-sent' | 'reset-confirm';

const CONFIRM_PREFIX = paths.resetConfirm.path.slice(0, paths.resetConfirm.path.indexOf('/:'));

/** Which page a path shows, or null when it is not one of them. */
export const signInPageOf = (pathname: string): SignInPage | null => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === paths.login.path) return 'login';
  if (path === paths.resetPassword.path || path === paths.resetPasswordLegacy.path) return 'reset-password';
  if (path === paths.resetEmailSent.path || path === paths.resetEmailSentLegacy.path)
    return 'reset-email-sent';
  if (path === CONFIRM_PREFIX || path.startsWith(`${CONFIRM_PREFIX}/`)) return 'reset-confirm';
  return null;
};

/** The reset token of a confirm link: its last segment, or null when it has none. */
const tokenOf = (pathname: string): string | null => {
  const rest = pathname.slice(CONFIRM_PREFIX.length).replace(/^\/+|\/+$/g, '');
  return rest ? decodeURIComponent(rest) : null;
};

/**
 * What a path shows: its page, or 'invalid-link' for a confirm link without a token. The prerendered
 * document of a page is hydrated only where this matches (web/src/sign-in.tsx).
 */
export const signInViewOf = (pathname: string): SignInPage | 'invalid-link' | null => {
  const page = signInPageOf(pathname);
  return page === 'reset-confirm' && !tokenOf(pathname) ? 'invalid-link' : page;
};

export const SignInApp = ({ pathname, navigate }: { pathname: string; navigate?: Navigate }) => {
  const page = signInPageOf(pathname);
  const content =
    page === 'reset-password' ? (
      <ResetRequestPage legacy={pathname.startsWith(paths.resetPasswordLegacy.path)} />
    ) : page === 'reset-email-sent' ? (
      <ResetEmailSentPage />
    ) : page === 'reset-confirm' ? (
      <ResetConfirmPage token={tokenOf(pathname)} />
    ) : (
      <LoginPage />
    );
  return (
    <StrictMode>
      {navigate ? <NavigationProvider navigate={navigate}>{content}</NavigationProvider> : content}
    </StrictMode>
  );
};
