import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Schedule } from '@sitewalk/shared/schemas/schedule';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import type { User } from '@sitewalk/shared/schemas/user';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../../testing/fake-api.ts';
import { aLocation, aPerson } from '../../../testing/fixtures.ts';
import { ScheduleTab } from './schedule-tab.tsx';
import { Role } from '@sitewalk/shared/roles';

const location = aLocation({ id: 11 });
const at11 = [{ locationId: 11, location: { name: 'Harbor Self Storage', organizationId: 3 } }];
const manager = aPerson({ id: 102, roleId: Role.Manager, userToLocation: at11 });
const employee = aPerson({ id: 103, roleId: Role.Employee, userToLocation: at11 });

const schedule: Schedule = {
  locationId: 11,
  timeZone: 'America/Chicago',
  windows: [
    {
      id: 'morning',
      label: 'Morning walk',
      days: [0, 1, 2, 3, 4, 5, 6],
      start: '07:00',
      end: '10:00',
      walkIds: [],
      graceMinutes: 15,
    },
    {
      id: 'evening',
      label: 'Evening walk',
      days: [1, 2, 3, 4, 5],
      start: '17:00',
      end: '20:00',
      walkIds: [5],
      graceMinutes: 30,
    },
  ],
  updatedAt: null,
};
const aWalk = (id: number, name: string, deletedAt: string | null = null): Walk => ({
  id,
  name,
  description: '',
  locationId: 11,
  markers: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  deletedAt,
});

const renderSchedule = (who: User, handlers: FakeHandlers = {}) => {
  const fake = createFakeFetch({
    'schedule.get': () => schedule,
    'walk.allByLocation': () => [
      aWalk(5, 'Perimeter'),
      aWalk(6, 'Inside'),
      aWalk(7, 'Old round', '2026-11-02T00:00:00.000Z'),
    ],
    ...handlers,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return { ...renderWithProviders(<ScheduleTab location={location} />, { user: who }), fake };
};

const windowNamed = (name: string) =>
  screen.getAllByRole('group').find((g) => within(g).queryByDisplayValue(name)) as HTMLElement;

describe('ScheduleTab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows an Employee the windows, their days, times, grace and walks, in the location’s zone', async () => {
    renderSchedule(employee);
    expect(await screen.findByText('Times are in America/Chicago.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Morning walk' })).toBeInTheDocument();
    expect(screen.getByText("Every day · 07:00–10:00 · 15 minutes' grace")).toBeInTheDocument();
    expect(screen.getByText('Any walk counts')).toBeInTheDocument();
    expect(screen.getByText("Mon, Tue, Wed, Thu, Fri · 17:00–20:00 · 30 minutes' grace")).toBeInTheDocument();
    expect(screen.getByText('Counts: Perimeter')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save schedule' })).not.toBeInTheDocument();
  });

  it('lets a Manager change days, times and walks, add a window and remove one, and saves them', async () => {
    const { fake, user } = renderSchedule(manager, {
      'schedule.set': ({ body }) => ({
        ...schedule,
        ...(body as Pick<Schedule, 'timeZone'>),
        windows: (body as { windows: Schedule['windows'] }).windows.map((w, i) => ({
          ...w,
          id: w.id ?? `w-new${i}`,
        })),
        updatedAt: '2026-11-24T10:00:00.000Z',
      }),
    });
    expect(await screen.findByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Chicago');
    const evening = windowNamed('Evening walk');
    await user.click(within(evening).getByRole('button', { name: 'Saturday' }));
    fireEvent.change(within(evening).getByLabelText('Closes'), { target: { value: '21:30' } });
    await user.click(within(evening).getByRole('combobox', { name: 'Walks that count' }));
    await user.click(screen.getByRole('option', { name: 'Inside' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option', { name: 'Old round' })).not.toBeInTheDocument();

    await user.click(within(windowNamed('Morning walk')).getByRole('button', { name: 'Remove window 1' }));
    await user.click(screen.getByRole('button', { name: 'Add window' }));
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(fake.callsOf('schedule.set')[0]?.params).toEqual({ locationId: '11' });
    expect(fake.callsOf('schedule.set')[0]?.body).toEqual({
      timeZone: 'America/Chicago',
      windows: [
        { ...schedule.windows[1], days: [1, 2, 3, 4, 5, 6], end: '21:30', walkIds: [5, 6] },
        {
          label: 'New window',
          days: [0, 1, 2, 3, 4, 5, 6],
          start: '12:00',
          end: '14:00',
          walkIds: [],
          graceMinutes: 15,
        },
      ],
    });
  });

  it('sends nothing for a window that ends before it starts, with no days or no name', async () => {
    const { fake, user } = renderSchedule(manager);
    const morning = await screen.findByDisplayValue('Morning walk').then(() => windowNamed('Morning walk'));
    fireEvent.change(within(morning).getByLabelText('Closes'), { target: { value: '06:00' } });
    await user.clear(within(morning).getByRole('textbox', { name: 'Window name' }));
    const evening = windowNamed('Evening walk');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await user.click(within(evening).getByRole('button', { name: day }));
    }
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('The window must end after it starts')).toBeInTheDocument();
    expect(screen.getByText('A window needs a name')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one day')).toBeInTheDocument();
    expect(fake.callsOf('schedule.set')).toHaveLength(0);
  });

  it('puts the API’s refusal of the zone under it, and of a window in a notice', async () => {
    let answer = 'timeZone: Unknown time zone';
    const { user } = renderSchedule(manager, { 'schedule.set': () => fakeError(400, answer) });
    await user.click(await screen.findByRole('button', { name: 'Save schedule' }));
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await waitFor(() => expect(zone).toHaveAccessibleDescription('Unknown time zone'));
    expect(zone).toHaveAttribute('aria-invalid', 'true');

    answer = 'windows.1.end: The window must end after it starts';
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(answer);
  });
});
