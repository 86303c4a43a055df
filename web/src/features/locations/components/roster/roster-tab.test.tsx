import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RosterMapping } from '@sitewalk/shared/roster';
import type { RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import type { User } from '@sitewalk/shared/schemas/user';
import { Role } from '@sitewalk/shared/roles';
import { renderWithFakeApi } from '../../../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../../../testing/fake-api.ts';
import { aLocation, aPerson } from '../../../../testing/fixtures.ts';
import { readRosterCsv } from './roster-csv.ts';
import { RosterTab } from './roster-tab.tsx';
import { ROSTER_FILE_MAX_BYTES } from './roster-import.tsx';
import type { ParseRosterCsv } from './parse-roster-csv.ts';

const location = aLocation({ id: 11, managementCompanyId: 1 });
const at11 = [{ locationId: 11, location: { name: 'Harbor Self Storage', organizationId: 3 } }];
const manager = aPerson({ id: 102, roleId: Role.Manager, userToLocation: at11 });
const employee = aPerson({ id: 103, roleId: Role.Employee, userToLocation: at11 });

type Unit = RosterVersion['units'][number];
const aUnit = (number: string, overrides: Partial<Unit> = {}): Unit => ({
  number,
  status: 'rented',
  delinquent: false,
  overlocked: false,
  size: '10x10',
  ...overrides,
});
const aRoster = (version: number, units: Unit[]): RosterVersion => ({
  locationId: 11,
  version,
  importedAt: '2026-11-20T15:00:00.000Z',
  importedBy: { firstName: 'Morgan', lastName: 'Lee' },
  unitCount: units.length,
  fileName: 'rent-roll.csv',
  units,
});
const versionsOf = (...rosters: RosterVersion[]) => ({
  versions: rosters.map(({ units: _units, locationId: _locationId, ...summary }) => summary),
  totalCount: rosters.length,
});

/** jsdom's File has no text(): its FileReader reads it. */
const textOf = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
/** Read in place: the worker's own parsing (roster-csv.ts), without a worker (jsdom has none). */
const parseHere: ParseRosterCsv = async (file) => readRosterCsv(await textOf(file));

const renderRoster = (who: User, handlers: FakeHandlers) =>
  renderWithFakeApi(
    <RosterTab location={location} parseCsv={parseHere} />,
    {
      'rosterMapping.get': () => ({ mapping: null }),
      'rosterVersion.someByLocation': () => versionsOf(),
      ...handlers,
    },
    { user: who },
  );

const csvFile = (text: string, name = 'units.csv') => new File([text], name, { type: 'text/csv' });

const chooseFile = async (user: ReturnType<typeof renderRoster>['user'], file: File) => {
  await user.click(await screen.findByRole('button', { name: 'Import units' }));
  await user.upload(screen.getByLabelText('CSV file'), file);
  return screen.findByRole('region', { name: 'Preview' });
};

const selectColumn = async (user: ReturnType<typeof renderRoster>['user'], field: string, column: string) => {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${field}`) }));
  await user.click(screen.getByRole('option', { name: column }));
};

// jsdom lays nothing out: the list's scroller is given a height so the virtualizer has rows to draw.
const LIST_HEIGHT_PX = 520;
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('aria-label') === 'Units' ? LIST_HEIGHT_PX : 0;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('RosterTab, the units of a location', () => {
  it('shows an Employee the counts, the units in walk order, a search and the versions, and no Import', async () => {
    const units = [
      aUnit('A-2', { delinquent: true }),
      aUnit('A-10', { status: 'vacant', size: null }),
      aUnit('B-1', { overlocked: true, delinquent: true }),
      aUnit('B-7', { status: 'companyUse' }),
      aUnit('C-3', { status: 'unavailable' }),
    ];
    const older = aRoster(1, units.slice(0, 2));
    const { user } = renderRoster(employee, {
      'roster.get': () => aRoster(2, units),
      'rosterVersion.someByLocation': () => versionsOf(aRoster(2, units), older),
    });
    const list = await screen.findByRole('list', { name: 'Units' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'A-2RentedDelinquent10x10',
      'A-10Vacant',
      'B-1RentedDelinquentOverlocked10x10',
      'B-7Company use10x10',
      'C-3Unavailable10x10',
    ]);
    const counts = screen.getByLabelText('Units by status');
    const count = (label: string) =>
      within(counts).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(['Rented', 'Vacant', 'Company use', 'Unavailable', 'Delinquent', 'Overlocked'].map(count)).toEqual(
      ['2', '1', '1', '1', '2', '1'],
    );
    expect(screen.getByText(/^Version 2, imported Nov 20, 2026/)).toHaveTextContent('by Morgan Lee');
    const versions = await screen.findByRole('table', { name: 'Roster versions' });
    expect(within(versions).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Import units' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search units' }), 'b-');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByText('2 of 5 units')).toBeInTheDocument();
  });

  it("opens a unit's lock-check history, newest first, each finding linking to its check", async () => {
    const { user, fake } = renderRoster(employee, {
      'roster.get': () => aRoster(1, [aUnit('A-2'), aUnit('A-3')]),
      'lockCheck.unitHistory': ({ query }) =>
        query.get('unit') === 'A-2'
          ? {
              findings: [
                {
                  lockCheckId: 9,
                  finding: 'lockCut',
                  seenAt: '2026-11-24T15:00:00.000Z',
                  seenBy: { firstName: 'Eli', lastName: 'Employee' },
                  discrepancies: ['lockCut'],
                },
                {
                  lockCheckId: 4,
                  finding: 'tenantLock',
                  seenAt: '2026-11-17T15:00:00.000Z',
                  seenBy: { firstName: 'Ana', lastName: 'Walker' },
                  discrepancies: [],
                },
              ],
              totalCount: 12,
            }
          : { findings: [], totalCount: 0 },
    });
    await user.click(await screen.findByRole('button', { name: 'Lock checks of unit A-2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unit A-2: lock checks' });
    const items = within(
      await within(dialog).findByRole('list', { name: 'Findings at unit A-2' }),
    ).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Nov 24, 2026.*Lock cut or damaged.*Lock cut or damaged.*Eli Employee$/),
      expect.stringMatching(/^Nov 17, 2026.*Tenant lock.*Ana Walker$/),
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute(
      'href',
      `/app/locations/${location.id}/lock-checks/9`,
    );
    expect(within(dialog).getByText('The last 2 of 12 findings.')).toBeInTheDocument();
    expect(fake.callsOf('lockCheck.unitHistory')[0]?.query.get('unit')).toBe('A-2');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Lock checks of unit A-3' }));
    expect(await screen.findByText('No lock check has reached this unit yet.')).toBeInTheDocument();
  });

  it('draws only the rows in view of a 5,000-unit roster', async () => {
    const units = Array.from({ length: 5_000 }, (_, i) => aUnit(`U-${i + 1}`));
    renderRoster(employee, { 'roster.get': () => aRoster(1, units) });
    const list = await screen.findByRole('list', { name: 'Units' });
    const drawn = within(list).getAllByRole('listitem');
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(40);
    expect(drawn[0]).toHaveTextContent('U-1Rented');
    expect(screen.getByText('5,000 units')).toBeInTheDocument();
  });

  it('tells an Employee there is no roster yet, with nothing to import', async () => {
    renderRoster(employee, { 'roster.get': () => fakeError(404, 'This location has no unit roster') });
    expect(await screen.findByRole('heading', { name: 'No unit roster yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import units' })).not.toBeInTheDocument();
  });

  it('imports a first roster: columns guessed, refused rows listed with their line and why, the mapping remembered', async () => {
    const { user, fake } = renderRoster(manager, {
      'roster.get': () => fakeError(404, 'This location has no unit roster'),
      'roster.import': ({ body }) => ({
        version: 1,
        changes: {
          added: (body as { units: Unit[] }).units.map((unit) => unit.number),
          removed: [],
          statusChanged: [],
          countBefore: 0,
          countAfter: (body as { units: Unit[] }).units.length,
        },
      }),
      'rosterMapping.set': ({ body }) => ({ mapping: body as RosterMapping }),
    });
    expect(await screen.findByRole('heading', { name: 'No unit roster yet' })).toBeInTheDocument();
    const preview = await chooseFile(
      user,
      csvFile(
        [
          'Unit #,Status,Past Due Days,Overlock,Size,Tenant',
          'A-1,Occupied,0,N,10x10,Ann',
          'A-2,Vacant,,,5x5,',
          ',Occupied,0,N,10x10,Nobody',
          'A-3,Rentd,0,N,10x10,Bo',
          '',
          'a-1,Vacant,0,N,10x10,Cy',
          'A-4,Occupied,12,Y,10x15,Di',
        ].join('\n'),
        'harbor roll.csv',
      ),
    );
    // Guessed from the headers.
    expect(screen.getByRole('combobox', { name: /^Unit number/ })).toHaveTextContent('Unit #');
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveTextContent('Status');
    expect(screen.getByRole('combobox', { name: /^Delinquent/ })).toHaveTextContent('Past Due Days');
    expect(screen.getByRole('combobox', { name: /^Overlocked/ })).toHaveTextContent('Overlock');
    expect(screen.getByRole('combobox', { name: /^Size/ })).toHaveTextContent('Size');

    expect(within(preview).getByLabelText('Rows read')).toHaveTextContent('3 units read, 3 rows refused');
    expect(
      within(within(preview).getByRole('list', { name: 'Refused rows' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 4: No unit number',
      "Line 5: Unknown status 'Rentd'",
      'Line 6: Unit a-1 is also on line 2',
    ]);
    const sample = within(preview).getByRole('table', { name: 'First units read' });
    expect(
      within(sample)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['A-1Rented–10x10', 'A-2Vacant–5x5', 'A-4RentedDelinquent, Overlocked10x15']);

    await user.click(screen.getByRole('button', { name: 'Save 3 units' }));
    const summary = await screen.findByRole('status', { name: 'Import saved' });
    expect(summary).toHaveTextContent('Version 1 saved');
    expect(summary).toHaveTextContent('0 → 3 units; 3 units added, 0 removed, 0 status changes.');
    expect(fake.callsOf('roster.import')[0]?.body).toEqual({
      basedOnVersion: null,
      fileName: 'harbor roll.csv',
      units: [
        { number: 'A-1', status: 'rented', delinquent: false, overlocked: false, size: '10x10' },
        { number: 'A-2', status: 'vacant', delinquent: false, overlocked: false, size: '5x5' },
        { number: 'A-4', status: 'rented', delinquent: true, overlocked: true, size: '10x15' },
      ],
    });
    expect(fake.callsOf('rosterMapping.set')[0]?.body).toEqual({
      unit: 'Unit #',
      status: 'Status',
      delinquent: 'Past Due Days',
      overlocked: 'Overlock',
      size: 'Size',
    });
    expect(fake.callsOf('rosterMapping.set')[0]?.params).toEqual({ managementCompanyId: '1' });
  });

  it('starts from the company’s remembered mapping when the file has its columns, and does not save it again', async () => {
    const remembered: RosterMapping = {
      unit: 'Space',
      status: 'Occ',
      delinquent: null,
      overlocked: 'OL',
      size: null,
    };
    const { user, fake } = renderRoster(manager, {
      'roster.get': () => aRoster(1, [aUnit('1')]),
      'rosterMapping.get': () => ({ mapping: remembered }),
      'roster.import': () => ({
        version: 2,
        changes: { added: ['2'], removed: [], statusChanged: [], countBefore: 1, countAfter: 2 },
      }),
    });
    const preview = await chooseFile(user, csvFile('Space,Occ,OL,Unit\n1,rented,no,x\n2,vacant,no,y\n'));
    expect(screen.getByRole('combobox', { name: /^Unit number/ })).toHaveTextContent('Space');
    expect(screen.getByRole('combobox', { name: /^Overlocked/ })).toHaveTextContent('OL');
    expect(screen.getByRole('combobox', { name: /^Delinquent/ })).toHaveTextContent('Not in the file');
    expect(within(preview).getByLabelText('Rows read')).toHaveTextContent('2 units read, no row refused');
    await user.click(screen.getByRole('button', { name: 'Save 2 units' }));
    await screen.findByRole('status', { name: 'Import saved' });
    expect(fake.callsOf('roster.import')[0]?.body).toMatchObject({ basedOnVersion: 1 });
    expect(fake.callsOf('rosterMapping.set')).toHaveLength(0);
  });

  it('asks for the columns it cannot guess, and previews once they are chosen', async () => {
    const { user } = renderRoster(manager, {
      'roster.get': () => fakeError(404, 'This location has no unit roster'),
      // Remembered columns this file lacks: the guess is taken instead (and finds none here).
      'rosterMapping.get': () => ({
        mapping: { unit: 'Space', status: 'Occ', delinquent: null, overlocked: null, size: null },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Import units' }));
    await user.upload(screen.getByLabelText('CSV file'), csvFile('Door,State\nD1,Rented\nD2,Vacant\n'));
    expect(
      await screen.findByText(/Choose the columns of the unit number and the status/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save roster' })).toBeDisabled();
    await selectColumn(user, 'Unit number', 'Door');
    await selectColumn(user, 'Status', 'State');
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByLabelText('Rows read')).toHaveTextContent('2 units read, no row refused');
    expect(screen.getByRole('button', { name: 'Save 2 units' })).toBeEnabled();
  });

  it('refuses a file with no rows, one with no header, and one too large to be a roster', async () => {
    const { user } = renderRoster(manager, { 'roster.get': () => fakeError(404, 'No roster') });
    await user.click(await screen.findByRole('button', { name: 'Import units' }));
    await user.upload(screen.getByLabelText('CSV file'), csvFile('Unit,Status\n\n', 'empty.csv'));
    expect(await screen.findByText('empty.csv has no rows under its header')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('CSV file'), csvFile('', 'blank.csv'));
    expect(await screen.findByText('blank.csv has no header row')).toBeInTheDocument();
    const huge = csvFile(`Unit,Status\n${'A-1,Rented\n'.repeat(ROSTER_FILE_MAX_BYTES / 10)}`, 'huge.csv');
    await user.upload(screen.getByLabelText('CSV file'), huge);
    expect(
      await screen.findByText('huge.csv is larger than 5 MB: a roster has at most 10,000 units'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
  });

  it('warns before saving, and after, that units disappear', async () => {
    const { user } = renderRoster(manager, {
      'roster.get': () =>
        aRoster(3, [aUnit('A-1'), aUnit('A-2', { status: 'vacant' }), aUnit('A-3'), aUnit('A-4')]),
      'roster.import': () => ({
        version: 4,
        changes: {
          added: ['A-5'],
          removed: ['A-3', 'A-4'],
          statusChanged: [{ number: 'A-2', from: 'vacant', to: 'rented' }],
          countBefore: 4,
          countAfter: 3,
        },
      }),
    });
    const preview = await chooseFile(user, csvFile('Unit,Status\nA-1,Rented\nA-2,Rented\nA-5,Vacant\n'));
    expect(preview).toHaveTextContent(
      'Against version 3: 4 → 3 units; 1 unit added, 2 removed, 1 status change.',
    );
    expect(within(preview).getByRole('alert')).toHaveTextContent(
      '2 units disappearNot in this roster: A-3, A-4.',
    );
    expect(preview).toHaveTextContent('Status changes: A-2 Vacant → Rented');
    await user.click(screen.getByRole('button', { name: 'Save 3 units' }));
    const summary = await screen.findByRole('status', { name: 'Import saved' });
    expect(summary).toHaveTextContent('Version 4 saved');
    expect(within(summary).getByRole('alert')).toHaveTextContent('2 units disappear');
  });

  it('says when another import landed first, reloads the roster and saves against it', async () => {
    let current = aRoster(3, [aUnit('A-1'), aUnit('A-2')]);
    let imports = 0;
    const { user, fake } = renderRoster(manager, {
      'roster.get': () => current,
      'roster.import': () => {
        imports += 1;
        if (imports === 1) {
          current = aRoster(4, [aUnit('A-1'), aUnit('A-2'), aUnit('A-9')]);
          return fakeError(409, 'Another roster import of this location was saved first');
        }
        return {
          version: 5,
          changes: { added: [], removed: ['A-9'], statusChanged: [], countBefore: 3, countAfter: 2 },
        };
      },
    });
    await chooseFile(user, csvFile('Unit,Status\nA-1,Rented\nA-2,Rented\n'));
    await user.click(screen.getByRole('button', { name: 'Save 2 units' }));
    const conflict = await screen.findByText('Another import landed first');
    expect(conflict.parentElement).toHaveTextContent('It has been reloaded (version 4, 3 units)');
    expect(await screen.findByText(/Against version 4: 3 → 2 units/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save 2 units' }));
    expect(await screen.findByRole('status', { name: 'Import saved' })).toHaveTextContent('Version 5 saved');
    expect(
      fake.callsOf('roster.import').map((call) => (call.body as { basedOnVersion: number }).basedOnVersion),
    ).toEqual([3, 4]);
  });

  it('shows the server’s refusal of an import', async () => {
    const { user } = renderRoster(manager, {
      'roster.get': () => fakeError(404, 'No roster'),
      'roster.import': () => fakeError(400, 'Units A-1 listed more than once'),
    });
    await chooseFile(user, csvFile('Unit,Status\nA-1,Rented\n'));
    await user.click(screen.getByRole('button', { name: 'Save 1 unit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Units A-1 listed more than once');
    expect(screen.queryByRole('status', { name: 'Import saved' })).not.toBeInTheDocument();
  });
});
