import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Role } from '@sitewalk/shared/roles';
import type { AuditEntry } from '@sitewalk/shared/schemas/audit';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aCompany, aLocation, aPerson, dana } from '../../testing/fixtures.ts';
import { ActivityPage } from './activity-page.tsx';
import { locationSearchHandlers } from '../../testing/location-search.ts';

const anEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  managementCompanyId: 3,
  seq: 12,
  at: '2026-11-20T18:15:00.000Z',
  actor: { id: 7, name: 'Dana Walker', roleId: Role.CompanyManager },
  action: 'update',
  objectKind: 'location',
  objectId: 4,
  objectName: 'Harbor Self Storage',
  locationId: 4,
  organizationId: 2,
  before: { name: 'Harbor Storage', city: 'Fresno' },
  after: { name: 'Harbor Self Storage', city: 'Clovis' },
  hash: 'a'.repeat(64),
  ...overrides,
});

const renderActivity = (
  handlers: FakeHandlers,
  user = aPerson({ ...dana, roleId: Role.CompanyManager, managementCompanyId: 3 }),
) => {
  const fake = createFakeFetch({
    'managementCompany.allByUser': () => ({ companies: [aCompany({ id: 3, name: 'Harbor Holdings' })] }),
    // The names an opened entry shows, read by id.
    'location.get': ({ params }) =>
      params.id === '4'
        ? aLocation({ id: 4, name: 'Harbor Self Storage', managementCompanyId: 3 })
        : aLocation({ id: 6, name: 'Elm Street', managementCompanyId: 3 }),
    'user.get': ({ params }) =>
      params.id === '7'
        ? aPerson({ ...dana, id: 7, firstName: 'Dana', lastName: 'Walker', managementCompanyId: 3 })
        : aPerson({ ...dana, id: 8, firstName: 'Sam', lastName: 'Rivera', managementCompanyId: 3 }),
    // The Who and Location filters search on the server; one of another company is answered and left out.
    'user.someByUser': () => ({
      users: [
        aPerson({ ...dana, id: 8, firstName: 'Sam', lastName: 'Rivera', managementCompanyId: 3 }),
        aPerson({ ...dana, id: 9, firstName: 'Sam', lastName: 'Other', managementCompanyId: 5 }),
      ],
      totalCount: 2,
    }),
    // The server's search, which filters by the company asked for.
    ...locationSearchHandlers([
      aLocation({ id: 6, name: 'Elm Street', managementCompanyId: 3 }),
      aLocation({ id: 16, name: 'Elm Other', managementCompanyId: 5 }),
    ]),
    ...handlers,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return { ...renderWithProviders(<ActivityPage />, { route: '/app/activity', user }), fake };
};

describe('ActivityPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("lists the company's entries, newest first: when, who, what and which object", async () => {
    // Act
    renderActivity({
      'activity.someByManagementCompany': () => ({
        entries: [
          anEntry(),
          anEntry({
            seq: 11,
            action: 'resolve',
            objectKind: 'incident',
            objectId: 90,
            objectName: 'Incident 90',
            actor: { id: 8, name: 'Sam Rivera', roleId: Role.Manager },
            before: { status: 'open' },
            after: { status: 'resolved', resolvedAt: '2026-11-20T17:00:00.000Z' },
          }),
        ],
        nextCursor: null,
      }),
    });

    // Assess
    const list = await screen.findByRole('list', { name: 'Activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Changed');
    expect(items[0]).toHaveTextContent('Location');
    expect(items[0]).toHaveTextContent('Harbor Self Storage');
    expect(items[0]).toHaveTextContent('by Dana Walker · Company Manager');
    expect(items[1]).toHaveTextContent('Resolved');
    expect(items[1]).toHaveTextContent('Incident 90');
    expect(screen.queryByRole('button', { name: 'Show older entries' })).not.toBeInTheDocument();
  });

  it("shows an entry's changed fields before and after, by their names", async () => {
    // Prepare
    const { user } = renderActivity({
      'activity.someByManagementCompany': () => ({
        entries: [
          anEntry({
            objectKind: 'user',
            objectName: 'Pat Zed',
            before: { roleId: Role.Employee, phone: '559-555-0123' },
            after: { roleId: Role.Manager, phone: null, pinChanged: true, addedLocationIds: [6] },
          }),
        ],
        nextCursor: null,
      }),
    });

    // Act
    await user.click(await screen.findByRole('button', { name: 'Show changes' }));

    // Assess
    const diff = screen.getByRole('table', { name: 'Changes of entry 12' });
    const row = (field: string) => within(diff).getByRole('rowheader', { name: field }).closest('tr');
    expect(row('Role')).toHaveTextContent('RoleEmployeeManager');
    expect(row('Phone')).toHaveTextContent('Phone559-555-0123—');
    expect(row('PIN')).toHaveTextContent('PIN—Changed');
    expect(row('Locations added')).toHaveTextContent('Elm Street');
  });

  it('shows a PIN reveal as who was shown whose PIN, with nothing changed', async () => {
    // Prepare
    const { user } = renderActivity({
      'activity.someByManagementCompany': () => ({
        entries: [
          anEntry({
            action: 'revealPin',
            objectKind: 'user',
            objectId: 8,
            objectName: 'Sam Rivera',
            before: null,
            after: null,
          }),
        ],
        nextCursor: null,
      }),
    });
    const item = within(await screen.findByRole('list', { name: 'Activity' })).getByRole('listitem');
    expect(item).toHaveTextContent('Revealed the PIN');
    expect(item).toHaveTextContent('Sam Rivera');
    expect(item).toHaveTextContent('by Dana Walker · Company Manager');

    // Act
    await user.click(screen.getByRole('button', { name: 'Show changes' }));

    // Assess
    expect(item).toHaveTextContent('Dana Walker was shown this user’s PIN. Nothing changed.');
    expect(screen.queryByRole('table', { name: 'Changes of entry 12' })).not.toBeInTheDocument();
  });

  it('asks for what the filters say, and for older entries with the cursor it was given', async () => {
    // Prepare
    const { user, fake } = renderActivity({
      'activity.someByManagementCompany': ({ query }) =>
        query.get('cursor')
          ? { entries: [anEntry({ seq: 2, objectName: 'Older one' })], nextCursor: null }
          : { entries: [anEntry({ seq: 12 })], nextCursor: '12' },
    });
    await screen.findByText('Harbor Self Storage', { selector: 'p' });

    // Act: older entries.
    await user.click(screen.getByRole('button', { name: 'Show older entries' }));

    // Assess
    expect(await screen.findByText('Older one')).toBeInTheDocument();
    expect(fake.callsOf('activity.someByManagementCompany').at(-1)?.query.get('cursor')).toBe('12');
    expect(fake.callsOf('activity.someByManagementCompany').at(-1)?.params).toEqual({ id: '3' });

    // Act: filters (behind their button on a phone's width, as here).
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Walk' }));
    await user.type(screen.getByRole('combobox', { name: 'Who' }), 'sam');
    await user.click(await screen.findByRole('option', { name: /Sam Rivera/ }));
    expect(fake.callsOf('user.someByUser').at(-1)?.query.get('searchTerm')).toBe('sam');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'elm');
    await screen.findByRole('option', { name: /Elm Street/ });
    // Only the log's company's locations are offered: the server was asked for them.
    expect(screen.queryByRole('option', { name: /Elm Other/ })).not.toBeInTheDocument();
    expect(fake.callsOf('location.someByUser').at(-1)?.query.get('managementCompanyId')).toBe('3');
    await user.click(screen.getByRole('option', { name: /Elm Street/ }));
    await user.type(screen.getByLabelText('From'), '2026-11-01');

    // Assess
    await waitFor(() => {
      const query = fake.callsOf('activity.someByManagementCompany').at(-1)?.query;
      expect(query?.get('objectKind')).toBe('walk');
      expect(query?.get('actorId')).toBe('8');
      expect(query?.get('locationId')).toBe('6');
      expect(query?.get('from')).toBe(new Date('2026-11-01T00:00:00').toISOString());
      expect(query?.get('cursor')).toBeNull();
    });
    expect(screen.getByRole('button', { name: 'Filters (4)' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(fake.callsOf('activity.someByManagementCompany').at(-1)?.query.get('objectKind')).toBeNull(),
    );
  });

  it('says so when nothing matches, and shows a refusal as it came', async () => {
    // Prepare
    let refuse = false;
    const { user } = renderActivity({
      'activity.someByManagementCompany': () =>
        refuse ? fakeError(404, 'Management company not found') : { entries: [], nextCursor: null },
    });

    // Assess
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();

    // Act
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Task' }));

    // Assess
    expect(await screen.findByText('Management company not found')).toBeInTheDocument();
  });

  it('lets a Super User choose any company’s log or the system log', async () => {
    // Prepare
    const { user, fake } = renderActivity(
      {
        'managementCompany.allByUser': () => ({
          companies: [
            aCompany({ id: 3, name: 'Harbor Holdings' }),
            aCompany({ id: 5, name: 'Elm Partners' }),
          ],
        }),
        'activity.someByManagementCompany': () => ({ entries: [], nextCursor: null }),
      },
      aPerson({ ...dana, roleId: Role.SuperUser, managementCompanyId: null }),
    );
    await screen.findByText('No activity yet');
    expect(fake.callsOf('activity.someByManagementCompany').at(-1)?.params).toEqual({ id: '3' });

    // Act
    await user.click(screen.getByRole('combobox', { name: 'Log' }));
    await user.click(screen.getByRole('option', { name: 'System (no company)' }));

    // Assess
    await waitFor(() =>
      expect(fake.callsOf('activity.someByManagementCompany').at(-1)?.params).toEqual({ id: '0' }),
    );
  });
});
