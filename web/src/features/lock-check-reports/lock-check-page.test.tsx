import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Role } from '@sitewalk/shared/roles';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aLocation, aPerson } from '../../testing/fixtures.ts';
import { aDiscrepancy, aLockCheck } from '../../testing/lock-check-fixtures.ts';
import { startDownload } from '../../lib/download.ts';
import { LockCheckPage } from './lock-check-page.tsx';

vi.mock('../../lib/download.ts', () => ({ startDownload: vi.fn() }));

const harbor = aLocation();
const atHarbor = [{ locationId: harbor.id, location: { name: harbor.name, organizationId: 3 } }];
const manager = aPerson({ id: 7, firstName: 'Dana', lastName: 'Walker', userToLocation: atHarbor });
const employee = aPerson({ id: 21, roleId: Role.Employee, userToLocation: atHarbor });

const renderReport = (handlers: FakeHandlers, user = manager) => {
  const fake = createFakeFetch({
    'location.get': () => harbor,
    'lockCheck.get': () => aLockCheck(),
    ...handlers,
  });
  vi.stubGlobal('fetch', fake.fetch);
  const rendered = renderWithProviders(<LockCheckPage />, {
    route: '/app/locations/11/lock-checks/41',
    path: '/app/locations/:id/lock-checks/:lockCheckId',
    routes: [{ path: '/app/tasks/new', element: <p>new task</p> }],
    user,
  });
  return { ...rendered, fake };
};

const discrepancyOf = (unit: string) =>
  screen.getAllByTestId('discrepancy').find((item) => within(item).queryByText(`Unit ${unit}`));

describe('LockCheckPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows who checked, when, the coverage, the counts by finding and the open discrepancies, most severe first', async () => {
    renderReport({});
    expect(await screen.findByRole('heading', { name: 'Lock check' })).toBeInTheDocument();
    expect(screen.getByText('Harbor Self Storage · All units')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Eli Employee')).toBeInTheDocument();
    expect(within(summary).getByText('3 of 4 units checked (75 %)')).toBeInTheDocument();
    expect(within(summary).getByText('3 open of 4')).toBeInTheDocument();
    expect(within(summary).getByText('Tenant lock: 3')).toBeInTheDocument();
    expect(within(summary).getByText('Lock cut or damaged: 1')).toBeInTheDocument();
    expect(within(summary).queryByText(/Overlock:/)).not.toBeInTheDocument();

    // Open only: the resolved one is not listed until 'All'; one a task follows is open until resolved.
    expect(
      screen
        .getAllByTestId('discrepancy')
        .map((item) => within(item).getByText(/^Unit [A-Z]-\d+$/).textContent),
    ).toEqual(['Unit A-101', 'Unit B-7', 'Unit A-104']);
    const cut = discrepancyOf('A-101')!;
    expect(within(cut).getByText('Critical')).toBeInTheDocument();
    expect(within(cut).getByText('Seen: Lock cut or damaged · Roster: Rented')).toBeInTheDocument();
    expect(within(cut).getByText(/The photo reads unit A-107/)).toBeInTheDocument();
    expect(within(cut).getByRole('link', { name: 'Photo of unit A-101' })).toHaveAttribute(
      'href',
      'http://localhost/photos/door-a101.jpg',
    );
    expect(
      within(discrepancyOf('A-104')!).getByText('Seen: Not found · Roster: Rented · Delinquent · Overlocked'),
    ).toBeInTheDocument();
  });

  it("lists every discrepancy under 'All', with how each was followed up", async () => {
    const { user } = renderReport({});
    await user.click(await screen.findByRole('button', { name: 'All (4)' }));
    expect(screen.getAllByTestId('discrepancy')).toHaveLength(4);
    expect(within(discrepancyOf('A-103')!).getByTestId('resolution')).toHaveTextContent(
      'Resolved by Dana Walker: Lease entered on the wrong unit; fixed in the software',
    );
    const followed = discrepancyOf('B-7')!;
    expect(within(followed).getByRole('link', { name: 'Task 77' })).toHaveAttribute('href', '/app/tasks/77');
    // Followed by a task, it may still be resolved, and no second task is offered.
    expect(within(followed).getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    expect(within(followed).queryByRole('link', { name: 'Make a task' })).not.toBeInTheDocument();
    expect(
      within(discrepancyOf('A-103')!).queryByRole('button', { name: 'Resolve' }),
    ).not.toBeInTheDocument();
  });

  it('resolves a discrepancy with a note, and refuses an empty one', async () => {
    let resolved = false;
    const { user, fake } = renderReport({
      'lockCheck.get': () =>
        resolved
          ? aLockCheck({
              openDiscrepancyCount: 0,
              discrepancies: [
                aDiscrepancy({
                  resolvedAt: '2026-11-24T17:00:00.000Z',
                  resolvedBy: { firstName: 'Dana', lastName: 'Walker' },
                  resolution: 'Re-locked',
                }),
              ],
            })
          : aLockCheck(),
      'lockCheck.resolveDiscrepancy': () => {
        resolved = true;
        return aDiscrepancy({ resolvedAt: '2026-11-24T17:00:00.000Z', resolution: 'Re-locked' });
      },
    });
    await user.click(
      within((await screen.findAllByTestId('discrepancy'))[0]!).getByRole('button', { name: 'Resolve' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Resolve: unit A-101, lock cut or damaged' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('A resolution needs a note')).toBeInTheDocument();
    expect(fake.callsOf('lockCheck.resolveDiscrepancy')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'What was done' }), 'Re-locked');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.callsOf('lockCheck.resolveDiscrepancy')[0]).toMatchObject({
      params: { lockCheckId: '41' },
      body: { unit: 'A-101', kind: 'lockCut', note: 'Re-locked' },
    });
    expect(await screen.findByText('No open discrepancies.')).toBeInTheDocument();
  });

  it('says why a resolve failed, and keeps the note', async () => {
    const { user } = renderReport({
      'lockCheck.resolveDiscrepancy': () => fakeError(409, 'This discrepancy is already resolved'),
    });
    await user.click(
      within((await screen.findAllByTestId('discrepancy'))[0]!).getByRole('button', { name: 'Resolve' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'What was done' }), 'Re-locked');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('This discrepancy is already resolved')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'What was done' })).toHaveValue('Re-locked');
  });

  it('makes a task of a discrepancy: the new-task form, told which one, its title and its severity', async () => {
    renderReport({});
    const link = within((await screen.findAllByTestId('discrepancy'))[0]!).getByRole('link', {
      name: 'Make a task',
    });
    const target = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(target.pathname).toBe('/app/tasks/new');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      lockCheckId: '41',
      unit: 'A-101',
      kind: 'lockCut',
      locationId: '11',
      priority: '1',
      title: 'Unit A-101: Lock cut or damaged',
    });
  });

  it('offers an Employee neither Resolve nor Make a task', async () => {
    renderReport({}, employee);
    await screen.findAllByTestId('discrepancy');
    expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Make a task' })).not.toBeInTheDocument();
  });

  it('says a check in progress is not finished, and follows nothing up before it is', async () => {
    renderReport({ 'lockCheck.get': () => aLockCheck({ finishedAt: null }) });
    expect(await screen.findByText('In progress')).toBeInTheDocument();
    expect(
      screen.getByText('Units not reached are counted as not found when the check is finished.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
  });

  it('searches the units checked', async () => {
    const { user } = renderReport({});
    const units = await screen.findByRole('list', { name: 'Units checked' });
    expect(within(units).getAllByRole('listitem')).toHaveLength(4);
    // Each discrepancy in its severity's colour, as in the list of discrepancies.
    // (The finding 'Lock cut or damaged' is written beside its discrepancy's chip of the same words.)
    const chip = (label: string) =>
      within(units)
        .getAllByText(label)
        .map((text) => text.closest('.MuiChip-root'))
        .find(Boolean);
    expect(chip('Lock cut or damaged')).toHaveClass('MuiChip-colorError');
    expect(chip('Unit not on the roster')).toHaveClass('MuiChip-colorWarning');
    await user.type(screen.getByRole('textbox', { name: 'Search units' }), 'b-');
    expect(
      within(units)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['B-7Tenant lockUnit not on the roster']);
    await user.type(screen.getByRole('textbox', { name: 'Search units' }), 'zz');
    expect(screen.getByText('No unit matches.')).toBeInTheDocument();
  });

  it('downloads the CSV and the PDF', async () => {
    const file = (fileName: string) => ({
      url: `http://127.0.0.1:3003/bucket/${fileName}`,
      fileName,
      contentType: 'text/csv',
      expiresIn: 300,
      count: 4,
    });
    const { user, fake } = renderReport({
      'export.lockCheckCsv': () => file('lock-check.csv'),
      'export.lockCheckPdf': () => file('lock-check.pdf'),
    });
    await user.click(await screen.findByRole('button', { name: /Download CSV of the lock check/ }));
    await user.click(screen.getByRole('button', { name: /Download PDF of the lock check/ }));
    await waitFor(() => expect(vi.mocked(startDownload)).toHaveBeenCalledTimes(2));
    expect(
      vi
        .mocked(startDownload)
        .mock.calls.map(([, name]) => name)
        .sort(),
    ).toEqual(['lock-check.csv', 'lock-check.pdf']);
    expect(fake.callsOf('export.lockCheckCsv')[0]?.params).toEqual({ lockCheckId: '41' });
  });

  it('says so when the check cannot be seen', async () => {
    renderReport({ 'lockCheck.get': () => fakeError(404, 'Lock check not found') });
    expect(await screen.findByText('Lock check not found')).toBeInTheDocument();
  });
});
