import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { defaultAlertPreferences, type AlertPreferences } from '@sitewalk/shared/schemas/alert';
import type { User } from '@sitewalk/shared/schemas/user';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../../testing/fake-api.ts';
import { viewerTimeZone } from '../../../lib/time.ts';
import { AlertPreferencesCard } from './alert-preferences-card.tsx';
import { Role } from '@sitewalk/shared/roles';
import { aPerson } from '../../../testing/fixtures.ts';

const manager = aPerson({ id: 102, roleId: Role.Manager });
const areaManager = aPerson({ id: 101, roleId: Role.AreaManager });

const renderCard = (who: User, handlers: FakeHandlers) => {
  const fake = createFakeFetch(handlers);
  vi.stubGlobal('fetch', fake.fetch);
  return { ...renderWithProviders(<AlertPreferencesCard />, { user: who }), fake };
};

describe('AlertPreferencesCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the saved choices: every kind in the app, misses by e-mail, no summary', async () => {
    renderCard(manager, { 'alert.preferences': () => defaultAlertPreferences('UTC') });
    expect(await screen.findByRole('switch', { name: 'Missed by e-mail' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Due soon in the app' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Due soon by e-mail' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'A daily summary by e-mail' })).not.toBeChecked();
    expect(screen.queryByLabelText('At')).not.toBeInTheDocument();
    // Only those above locations choose to hear of the locations below them.
    expect(
      screen.queryByRole('switch', { name: 'Alerts of the locations below me' }),
    ).not.toBeInTheDocument();
  });

  it('saves kinds switched on and off, the locations below, and a summary at a time in the browser’s zone', async () => {
    const { fake, user } = renderCard(areaManager, {
      'alert.preferences': () => defaultAlertPreferences('UTC'),
      'alert.setPreferences': ({ body }) => body as AlertPreferences,
    });
    await user.click(await screen.findByRole('switch', { name: 'Due soon by e-mail' }));
    await user.click(screen.getByRole('switch', { name: 'Late in the app' }));
    await user.click(screen.getByRole('switch', { name: 'Alerts of the locations below me' }));
    await user.click(screen.getByRole('switch', { name: 'A daily summary by e-mail' }));
    const at = screen.getByLabelText('At');
    await user.clear(at);
    await user.type(at, '06:30');
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    const sent = fake.callsOf('alert.setPreferences')[0]?.body as AlertPreferences;
    expect(sent).toEqual({
      inApp: ['dueSoon', 'missed', 'incomplete', 'taskOverdue', 'noLockCheck'],
      email: ['missed', 'incomplete', 'late', 'taskOverdue', 'noLockCheck', 'dueSoon'],
      fromLocationsBelow: true,
      dailySummary: { enabled: true, time: '06:30', timeZone: viewerTimeZone() },
    });
  });

  it('keeps what was entered and shows the API’s refusal', async () => {
    const { user } = renderCard(manager, {
      'alert.preferences': () => defaultAlertPreferences('UTC'),
      'alert.setPreferences': () => fakeError(400, 'dailySummary.timeZone: Unknown time zone'),
    });
    await user.click(await screen.findByRole('switch', { name: 'Late by e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown time zone');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Late by e-mail' })).not.toBeChecked());
  });

  it('says when the settings cannot be read', async () => {
    renderCard(manager, {
      'alert.preferences': () => fakeError(500, 'The alert settings are not available'),
    });
    expect(await screen.findByText('The alert settings are not available')).toBeInTheDocument();
  });
});
