import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { PublicFooter } from './public-footer.tsx';

describe('the public footer', () => {
  it('holds the copyright notice and links to the terms and the privacy policy', () => {
    renderWithProviders(<PublicFooter />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} SiteWalk. All rights reserved.`);
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
  });
});
