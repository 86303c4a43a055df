import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { SignInApp } from './sign-in-app.tsx';

/** A sign-in page as its document shows it at `pathname`, with the document navigation recorded. */
export const renderSignInPage = (pathname: string) => {
  const navigate = vi.fn<(url: string) => void>();
  const result = render(<SignInApp pathname={pathname} navigate={navigate} />);
  return { ...result, navigate, user: userEvent.setup() };
};
