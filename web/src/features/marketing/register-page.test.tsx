import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { CONTACT_DIALOG_ID } from './components/contact-dialog.tsx';
import { RegisterPage } from './register-page.tsx';

describe('/register', () => {
  it('says there is no self sign-up, how to get an account, and offers the contact pop-up', () => {
    renderWithProviders(<RegisterPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Get a SiteWalk account' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('accounts are created by a manager');
    const existing = screen.getByRole('region', { name: 'Your company uses SiteWalk' });
    expect(within(existing).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

    expect(screen.getByRole('button', { name: 'Get Started Today' })).toHaveAttribute(
      'popovertarget',
      CONTACT_DIALOG_ID,
    );
    expect(document.getElementById(CONTACT_DIALOG_ID)).toHaveAttribute('popover', 'auto');
  });
});
