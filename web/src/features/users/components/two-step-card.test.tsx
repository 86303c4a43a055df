import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { messages } from '@sitewalk/shared/messages';
import { Role } from '@sitewalk/shared/roles';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../../testing/fake-api.ts';
import { stubApi } from '../testing/user-fixtures.ts';
import { TwoStepCard, TwoStepResetCard } from './two-step-card.tsx';
import { aPerson } from '../../../testing/fixtures.ts';

const key = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const secret = {
  secretCode: key,
  otpauthUri: `otpauth://totp/SiteWalk:morgan%40example.com?secret=${key}&issuer=SiteWalk`,
};

const render = (ui: React.ReactElement, handlers: FakeHandlers) => {
  const fake = stubApi(handlers);
  return { ...renderWithProviders(ui, { user: aPerson({ roleId: Role.Manager, id: 9 }) }), fake };
};

afterEach(() => vi.unstubAllGlobals());

describe('TwoStepCard (one’s own profile)', () => {
  it('sets it up: one new key as a QR code and as text, a wrong code refused, the right one turns it on', async () => {
    let tries = 0;
    const { user, fake } = render(<TwoStepCard userId={9} />, {
      'auth.mfaStatus': () => ({ enabled: false, required: true }),
      'auth.mfaAssociate': () => secret,
      'auth.mfaVerify': () =>
        ++tries === 1 ? fakeError(400, messages.auth.mfaCodeWrong) : { enabled: true, required: true },
    });
    const card = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(await within(card).findByText('Off')).toBeInTheDocument();
    expect(within(card).getByText(/Your role must use two-step verification/)).toBeInTheDocument();
    expect(fake.callsOf('auth.mfaAssociate')).toHaveLength(0); // no key until asked for

    await user.click(within(card).getByRole('button', { name: 'Set up two-step verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-step verification' });
    expect(await within(dialog).findByLabelText('Setup key')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: /QR code/ })).toHaveAttribute(
        'src',
        expect.stringMatching(/^data:image\/svg\+xml/),
      ),
    );

    const field = within(dialog).getByRole('textbox', { name: /Code from your app/ });
    await user.type(field, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(messages.auth.mfaCodeFormat)).toBeInTheDocument();
    expect(fake.callsOf('auth.mfaVerify')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '111 111');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(messages.auth.mfaCodeWrong)).toBeInTheDocument();
    expect(field).toHaveValue('');

    await user.type(field, '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByRole('status')).toHaveTextContent('Two-step verification is on');
    expect(within(card).getByText('On')).toBeInTheDocument();
    expect(fake.callsOf('auth.mfaVerify').map((call) => call.body)).toEqual([
      { code: '111111' },
      { code: '222222' },
    ]);
    expect(fake.callsOf('auth.mfaAssociate')).toHaveLength(1);
  });

  it('once on, says where to go after a lost phone and offers no second set-up', async () => {
    render(<TwoStepCard userId={9} />, { 'auth.mfaStatus': () => ({ enabled: true, required: false }) });
    const card = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(await within(card).findByText('On')).toBeInTheDocument();
    expect(within(card).getByText(/Lost your phone/)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('TwoStepResetCard (a superior on the user’s edit screen)', () => {
  it('resets after a confirmation, and says the user sets it up again', async () => {
    let enabled = true;
    const { user, fake } = render(<TwoStepResetCard userId={9} name="Morgan Lee" />, {
      'auth.mfaStatus': () => ({ enabled, required: true }),
      'auth.mfaReset': () => {
        enabled = false;
        return { success: true, message: messages.auth.mfaReset };
      },
    });
    const card = await screen.findByRole('region', { name: 'Two-step verification' });
    await user.click(await within(card).findByRole('button', { name: 'Reset two-step verification' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset two-step verification?' });
    expect(confirm).toHaveTextContent(/recorded in the activity log/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsOf('auth.mfaReset')).toHaveLength(0);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await within(card).findByRole('button', { name: 'Reset two-step verification' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      `${messages.auth.mfaReset}. Morgan Lee sets it up again at the next sign-in.`,
    );
    expect(fake.callsOf('auth.mfaReset')).toHaveLength(1);
    await waitFor(() => expect(within(card).getByText('Off')).toBeInTheDocument());
    expect(
      within(card).queryByRole('button', { name: 'Reset two-step verification' }),
    ).not.toBeInTheDocument();
  });

  it('offers nothing to reset when it is off', async () => {
    render(<TwoStepResetCard userId={9} name="Morgan Lee" />, {
      'auth.mfaStatus': () => ({ enabled: false, required: false }),
    });
    const card = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(
      await within(card).findByText('Morgan Lee does not use two-step verification.'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});
