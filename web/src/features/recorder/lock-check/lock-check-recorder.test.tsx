import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import type { LockCheck, RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import { aLocation, aPerson } from '../../../testing/fixtures.ts';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../../testing/fake-api.ts';
import { recorderWalk } from '../../../testing/recorder-fixtures.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { Recorder } from '../components/recorder.tsx';
import { RecorderServicesProvider } from '../recorder-services.tsx';
import type { LockCheckSession, OutboxWrite } from '../store/types.ts';
import { createMemoryRecorder, type MemoryRecorder } from '../testing/memory-recorder.ts';

const services = vi.hoisted(() => ({ current: null as MemoryRecorder | null }));
vi.mock('../store/index.ts', () => ({
  getOutbox: () => services.current!.outbox,
  getRecorderStore: () => services.current!.store,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const oak = aLocation({ id: 11, name: 'Oak Court' });
const employee = aPerson({
  id: 5,
  roleId: Role.Employee,
  userToLocation: [{ locationId: oak.id, location: { name: oak.name, organizationId: oak.organizationId } }],
});
const unitLine = (number: string, status: RosterVersion['units'][number]['status'], delinquent = false) => ({
  number,
  status,
  delinquent,
  overlocked: false,
  size: null,
});
/** Oak Court's roster, out of walk order as a rent roll may list it. */
const roster: RosterVersion = {
  locationId: oak.id,
  version: 2,
  importedAt: '2026-11-20T10:00:00.000Z',
  importedBy: { firstName: 'Mia', lastName: 'Manager' },
  unitCount: 5,
  fileName: 'rent-roll.csv',
  units: [
    unitLine('B-10', 'rented'),
    unitLine('A-2', 'vacant'),
    unitLine('B-9', 'rented', true),
    unitLine('A-1', 'rented'),
    unitLine('B-11', 'companyUse'),
  ],
};

const renderRecorder = (memory: MemoryRecorder = createMemoryRecorder(), handlers: FakeHandlers = {}) => {
  services.current = memory;
  const fake = createFakeFetch({
    'walk.catalog': () => [{ id: oak.id, name: oak.name, walks: [recorderWalk()] }],
    'roster.get': () => roster,
    ...handlers,
  });
  vi.stubGlobal('fetch', fake.fetch);
  const rendered = renderWithProviders(
    <RecorderServicesProvider value={memory}>
      <Recorder />
    </RecorderServicesProvider>,
    { user: employee, route: '/app/record' },
  );
  return { ...rendered, memory, fake };
};

const chooseLockCheck = async (user: ReturnType<typeof renderRecorder>['user']) => {
  await user.click(await screen.findByRole('combobox', { name: 'Location' }));
  await user.click(screen.getByRole('option', { name: 'Oak Court' }));
  await user.click(screen.getByRole('button', { name: 'Lock check' }));
};

const unitRow = (number: string) => screen.getByRole('listitem', { name: `Unit ${number}` });
const findingButton = (number: string, name: string) => within(unitRow(number)).getByRole('button', { name });
const lockWrites = (writes: OutboxWrite[]) => writes.filter((write) => write.kind.startsWith('lock'));
const photoFile = () => new File(['jpeg bytes'], 'door.jpg', { type: 'image/jpeg' });

// The first test renders the recorder's screens for the first time in the file (slow on a loaded machine).
describe('Recorder: a lock check', { timeout: 30_000 }, () => {
  it('starts a check of the units starting with a letter, saves the roster, and lists them in walk order', async () => {
    const { user, memory } = renderRecorder();
    await chooseLockCheck(user);
    expect(await screen.findByText('5 of 5 units on the roster')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Units starting with' }));
    await user.type(screen.getByRole('textbox', { name: 'Starts with' }), 'b');
    expect(screen.getByText('3 of 5 units on the roster')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start lock check' }));

    expect(await screen.findByRole('heading', { name: 'Lock check' })).toBeInTheDocument();
    expect(screen.getByText('Oak Court · Units starting with b')).toBeInTheDocument();
    expect(screen.getByText('0 of 3 checked')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Units' }))
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(['Unit B-9', 'Unit B-10', 'Unit B-11']);
    expect(within(unitRow('B-9')).getByText('Rented · Delinquent')).toBeInTheDocument();
    const [start] = memory.writes;
    expect(start).toMatchObject({
      kind: 'lockCheckStart',
      locationId: 11,
      scope: { kind: 'prefix', prefix: 'b' },
    });
    expect(memory.lockChecks.get(start!.session)).toMatchObject({
      userId: 5,
      rosterVersion: 2,
      finishedAt: null,
    });
    expect(memory.rosters.get(11)?.units).toHaveLength(5);
  });

  it('a tap records the unit’s result and shows it pressed; a tap again replaces it', async () => {
    const { user, memory } = renderRecorder();
    await chooseLockCheck(user);
    await user.click(await screen.findByRole('button', { name: 'Start lock check' }));
    await screen.findByText('0 of 5 checked');

    await user.click(findingButton('A-1', 'Tenant lock'));
    // The row shows the tap at once; the check counts it once that is drawn.
    expect(findingButton('A-1', 'Tenant lock')).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('1 of 5 checked')).toBeInTheDocument();
    // B-11 is the company's: a company lock is as expected, no photo asked.
    await user.click(findingButton('B-11', 'Company lock'));
    await user.click(findingButton('B-11', 'No lock'));
    expect(findingButton('B-11', 'Company lock')).toHaveAttribute('aria-pressed', 'false');
    expect(findingButton('B-11', 'No lock')).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('2 of 5 checked')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        lockWrites(memory.writes).flatMap((write) =>
          write.kind === 'lockResult' ? [`${write.result.unit} ${write.result.finding}`] : [],
        ),
      ).toEqual(['A-1 tenantLock', 'B-11 companyLock', 'B-11 noLock']),
    );
  });

  it('writes every tap not yet saved at once when the page goes (a reload, the app left), each once', async () => {
    const { user, memory } = renderRecorder();
    await chooseLockCheck(user);
    await user.click(await screen.findByRole('button', { name: 'Start lock check' }));
    await screen.findByText('0 of 5 checked');
    await waitFor(() => expect(memory.writes.map(({ kind }) => kind)).toEqual(['lockCheckStart']));

    await user.click(findingButton('A-1', 'Tenant lock'));
    await user.click(findingButton('B-10', 'Tenant lock'));
    await user.click(findingButton('B-11', 'Company lock'));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    // No frame, no wait: the check and its writes were handed to the device's store as the page went.
    const results = () =>
      lockWrites(memory.writes).flatMap((write) =>
        write.kind === 'lockResult' ? [`${write.result.unit} ${write.result.finding}`] : [],
      );
    expect(results()).toEqual(['A-1 tenantLock', 'B-10 tenantLock', 'B-11 companyLock']);
    expect(Object.keys([...memory.lockChecks.values()][0]?.results ?? {}).sort()).toEqual([
      'A-1',
      'B-10',
      'B-11',
    ]);
    // Their turns in the chain come later and write nothing again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(results()).toHaveLength(3);
  });

  it('a discrepancy waits for its door photo, then queues the result before the photo', async () => {
    const { user, memory } = renderRecorder();
    await chooseLockCheck(user);
    await user.click(await screen.findByRole('button', { name: 'Start lock check' }));
    await screen.findByText('0 of 5 checked');

    // A vacant unit with a tenant lock: a discrepancy.
    await user.click(findingButton('A-2', 'Tenant lock'));
    expect(findingButton('A-2', 'Tenant lock')).toHaveAttribute('aria-pressed', 'true');
    expect(within(unitRow('A-2')).getByText('Photo required to record tenant lock')).toBeInTheDocument();
    await waitFor(() =>
      expect([...memory.lockChecks.values()][0]?.awaitingPhoto).toMatchObject({ unit: 'A-2' }),
    );
    expect(screen.getByText('0 of 5 checked')).toBeInTheDocument();
    expect(memory.writes.map(({ kind }) => kind)).toEqual(['lockCheckStart']);

    await user.upload(within(unitRow('A-2')).getByLabelText('Door photo of unit A-2'), photoFile());
    await waitFor(() =>
      expect(memory.writes.map(({ kind }) => kind)).toEqual(['lockCheckStart', 'lockResult', 'lockPhoto']),
    );
    expect(memory.writes[1]).toMatchObject({ result: { unit: 'A-2', finding: 'tenantLock' } });
    expect(memory.writes[2]).toMatchObject({ photo: { unit: 'A-2' }, contentType: 'image/jpeg' });
    expect(screen.getByText('1 of 5 checked')).toBeInTheDocument();
    expect(within(unitRow('A-2')).getByText('Vacant unit with a tenant lock')).toBeInTheDocument();
    expect(within(unitRow('A-2')).getByText('Photo (1)')).toBeInTheDocument();
  });

  it('a discrepancy tapped at another unit while one waits for its photo says the first was not recorded', async () => {
    const { user, memory } = renderRecorder();
    await chooseLockCheck(user);
    await user.click(await screen.findByRole('button', { name: 'Start lock check' }));
    await screen.findByText('0 of 5 checked');

    await user.click(findingButton('A-2', 'Tenant lock'));
    // A result that needs no photo, at another unit, leaves A-2 waiting: nothing is said.
    await user.click(findingButton('A-1', 'Tenant lock'));
    expect(within(unitRow('A-2')).getByText('Photo required to record tenant lock')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // B-9 is delinquent: a tenant lock without an overlock waits for its photo in A-2's place.
    await user.click(findingButton('B-9', 'Tenant lock'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      // The unit number never breaks at its hyphen (a word joiner after it).
      'Unit A-\u20602: tenant lock not recorded (no door photo). Tap it again to record it.',
    );
    expect(within(unitRow('A-2')).queryByText(/Photo required/)).not.toBeInTheDocument();
    expect(within(unitRow('B-9')).getByText('Photo required to record tenant lock')).toBeInTheDocument();
    expect(
      lockWrites(memory.writes).flatMap((write) =>
        write.kind === 'lockResult' ? [`${write.result.unit} ${write.result.finding}`] : [],
      ),
    ).toEqual(['A-1 tenantLock']);
  });

  it('a unit not on the roster is added from the search, and needs a photo', async () => {
    const { user, memory } = renderRecorder();
    await chooseLockCheck(user);
    await user.click(await screen.findByRole('button', { name: 'Start lock check' }));
    await user.type(await screen.findByRole('searchbox', { name: 'Find a unit' }), 'b-1');
    // B-10 and B-11 match as typed.
    expect(within(screen.getByRole('list', { name: 'Units' })).getAllByRole('listitem')).toHaveLength(2);
    await user.type(screen.getByRole('searchbox', { name: 'Find a unit' }), '7');
    expect(within(screen.getByRole('list', { name: 'Units' })).queryAllByRole('listitem')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Add unit b-17' }));
    expect(within(unitRow('b-17')).getByText('Not on the roster')).toBeInTheDocument();
    await user.click(findingButton('b-17', 'Tenant lock'));
    expect(within(unitRow('b-17')).getByText(/Photo required/)).toBeInTheDocument();
    const session = [...memory.lockChecks.values()][0];
    expect(session?.addedUnits).toEqual(['b-17']);
    // Not on the roster: not counted against it.
    expect(screen.getByText('0 of 5 checked')).toBeInTheDocument();
  });

  it('Finish says how many are unchecked (a full check: not found), then queues the finish', async () => {
    const { user, memory } = renderRecorder();
    await chooseLockCheck(user);
    await user.click(await screen.findByRole('button', { name: 'Start lock check' }));
    await screen.findByText('0 of 5 checked');
    await user.click(findingButton('A-1', 'Tenant lock'));
    await screen.findByText('1 of 5 checked');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = screen.getByRole('dialog', { name: 'Finish the lock check?' });
    expect(
      within(dialog).getByText(
        '1 of 5 units checked. 4 units are not checked: this is a full check, so they will be reported as not found.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep checking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(memory.writes.at(-1)?.kind).toBe('lockResult');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Finish the lock check?' })).getByRole('button', {
        name: 'Finish',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Lock check finished' })).toBeInTheDocument();
    await waitFor(() => expect(memory.writes.at(-1)?.kind).toBe('lockCheckFinish'));
    await waitFor(() => expect(memory.closed).toEqual([memory.writes[0]?.session]));
  });

  it('resumes a check in progress from the device, with what the report has that the device lost', async () => {
    const session: LockCheckSession = {
      key: 'check-1',
      userId: 5,
      locationId: 11,
      locationName: 'Oak Court',
      scope: { kind: 'all' },
      rosterVersion: 2,
      startedAt: '2026-11-23T09:00:00.000Z',
      results: {
        'A-1': { clientId: 'c1', unit: 'A-1', finding: 'tenantLock', seenAt: '2026-11-23T09:01:00.000Z' },
      },
      awaitingPhoto: null,
      photoCounts: {},
      addedUnits: [],
      finishedAt: null,
    };
    const memory = createMemoryRecorder({ lockChecks: [session], rosters: [roster] });
    memory.reportIds.set('check-1', 42);
    const report: LockCheck = {
      id: 42,
      locationId: 11,
      location: { name: 'Oak Court' },
      startedBy: { firstName: 'Eve', lastName: 'Employee' },
      startedAt: '2026-11-23T09:00:00.000Z',
      finishedAt: null,
      scope: { kind: 'all' },
      fullCheck: true,
      rosterVersion: 2,
      unitCount: 5,
      checkedCount: 2,
      discrepancyCount: 1,
      openDiscrepancyCount: 1,
      countsByFinding: { tenantLock: 1, overlock: 0, companyLock: 0, noLock: 1, doorOpen: 0, lockCut: 0 },
      results: [
        {
          unit: 'B-10',
          finding: 'noLock',
          seenAt: '2026-11-23T09:02:00.000Z',
          photoMismatch: false,
          photos: [],
          discrepancies: ['unsecured'],
        },
        {
          unit: 'A-1',
          finding: 'tenantLock',
          seenAt: '2026-11-23T09:01:00.000Z',
          photoMismatch: true,
          photos: [{ imageName: 'a.jpg', url: null, takenAt: null, picturedUnit: 'A-7' }],
          discrepancies: [],
        },
      ],
      discrepancies: [],
    };
    const { fake } = renderRecorder(memory, { 'lockCheck.get': () => report });
    expect(await screen.findByRole('heading', { name: 'Lock check' })).toBeInTheDocument();
    expect(findingButton('A-1', 'Tenant lock')).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('2 of 5 checked')).toBeInTheDocument();
    expect(findingButton('B-10', 'No lock')).toHaveAttribute('aria-pressed', 'true');
    expect(within(unitRow('A-1')).getByText('The door photo shows unit A-7')).toBeInTheDocument();
    expect(fake.calls.find((call) => call.name === 'lockCheck.get')?.request.params).toEqual({
      lockCheckId: '42',
    });
  });

  it('reads the report again every 20 s only once a door photo was taken (door numbers to show)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const reads: number[] = [];
      for (const photoCounts of [{}, { 'a-1': 1 }] as Record<string, number>[]) {
        const session: LockCheckSession = {
          key: 'check-1',
          userId: 5,
          locationId: 11,
          locationName: 'Oak Court',
          scope: { kind: 'all' },
          rosterVersion: 2,
          startedAt: '2026-11-23T09:00:00.000Z',
          results: {},
          awaitingPhoto: null,
          photoCounts,
          addedUnits: [],
          finishedAt: null,
        };
        const memory = createMemoryRecorder({ lockChecks: [session], rosters: [roster] });
        memory.reportIds.set('check-1', 42);
        const report: LockCheck = {
          id: 42,
          locationId: 11,
          location: { name: 'Oak Court' },
          startedBy: { firstName: 'Eve', lastName: 'Employee' },
          startedAt: '2026-11-23T09:00:00.000Z',
          finishedAt: null,
          scope: { kind: 'all' },
          fullCheck: true,
          rosterVersion: 2,
          unitCount: 5,
          checkedCount: 0,
          discrepancyCount: 0,
          openDiscrepancyCount: 0,
          countsByFinding: { tenantLock: 0, overlock: 0, companyLock: 0, noLock: 0, doorOpen: 0, lockCut: 0 },
          results: [],
          discrepancies: [],
        };
        const { fake, unmount } = renderRecorder(memory, { 'lockCheck.get': () => report });
        expect(await screen.findByText('0 of 5 checked')).toBeInTheDocument();
        await waitFor(() =>
          expect(fake.calls.filter((call) => call.name === 'lockCheck.get')).toHaveLength(1),
        );
        await act(() => vi.advanceTimersByTimeAsync(45_000));
        reads.push(fake.calls.filter((call) => call.name === 'lockCheck.get').length);
        unmount();
      }
      expect(reads[0]).toBe(1);
      expect(reads[1]).toBeGreaterThanOrEqual(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when the location has no roster; offline, uses the roster saved on the device', async () => {
    const first = renderRecorder(createMemoryRecorder(), {
      'roster.get': () => fakeError(404, 'This location has no unit roster'),
    });
    await chooseLockCheck(first.user);
    expect(await screen.findByText(/Oak Court has no unit roster yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start lock check' })).not.toBeInTheDocument();
    first.unmount();

    const memory = createMemoryRecorder({ rosters: [roster] });
    const second = renderRecorder(memory, {
      'roster.get': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await chooseLockCheck(second.user);
    expect(await screen.findByText('Offline: the units saved on this device')).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Start lock check' }));
    expect(await screen.findByText('0 of 5 checked')).toBeInTheDocument();
  });
});
