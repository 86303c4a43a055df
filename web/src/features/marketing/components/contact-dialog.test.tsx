import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { LandingPage } from '../landing-page.tsx';

const config = { contactName: 'Jordan Reyes', contactEmail: 'sales@sitewalk.test' };

const renderLanding = () => renderWithProviders(<LandingPage />, { route: '/', path: '/', config });

describe('the contact pop-up', () => {
  it("opens from 'Get Started Today' and tells whom to e-mail, from the runtime configuration", async () => {
    const { user } = renderLanding();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Get Started Today' })[0]!);

    const dialog = await screen.findByRole('dialog', { name: 'Get Started Today' });
    expect(dialog).toHaveTextContent('please e-mail Jordan Reyes at sales@sitewalk.test');
    expect(within(dialog).getByRole('link', { name: 'sales@sitewalk.test' })).toHaveAttribute(
      'href',
      'mailto:sales@sitewalk.test',
    );
  });

  it('closes on a click outside it', async () => {
    const { user } = renderLanding();
    await user.click(screen.getAllByRole('button', { name: 'Get Started Today' })[0]!);
    const dialog = await screen.findByRole('dialog');

    // The dialog's container fills the screen around the paper: a click there is a click outside.
    await user.click(dialog.parentElement!);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes with Escape and with Close, giving the focus back to the button that opened it', async () => {
    const { user } = renderLanding();
    const opener = screen.getAllByRole('button', { name: 'Get Started Today' })[0]!;
    await user.click(opener);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("opens the same pop-up from Pricing ('Contact us for Pricing')", async () => {
    const { user } = renderLanding();
    const pricing = screen.getByRole('region', { name: 'Pricing' });
    expect(pricing).toHaveTextContent('Contact us for Pricing');

    await user.click(within(pricing).getByRole('button', { name: 'Get Started Today' }));

    expect(await screen.findByRole('dialog')).toHaveTextContent('Jordan Reyes at sales@sitewalk.test');
  });
});
