import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { TodayWindows, type WindowToday } from './today-windows.tsx';

const aWindow = (overrides: Partial<WindowToday>): WindowToday => ({
  windowId: 'morning',
  label: 'Morning walk',
  opensAt: '2026-11-24T13:00:00.000Z',
  closesAt: '2026-11-24T16:00:00.000Z',
  status: 'done',
  walkReportId: 3,
  ...overrides,
});
const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { timeStyle: 'short' });

describe('TodayWindows', () => {
  it("names each of today's windows with its local times and status", () => {
    render(
      <TodayWindows
        windows={[
          aWindow({}),
          aWindow({
            windowId: 'evening',
            label: 'Evening walk',
            opensAt: '2026-11-24T23:00:00.000Z',
            closesAt: '2026-11-25T02:00:00.000Z',
            status: 'missed',
            walkReportId: null,
          }),
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: "Today's walk windows" });
    const chips = within(list).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['Morning walk · Done', 'Evening walk · Missed']);
    expect(
      within(list).getByLabelText(
        `Evening walk ${time('2026-11-24T23:00:00.000Z')}–${time('2026-11-25T02:00:00.000Z')}: Missed`,
      ),
    ).toHaveClass('MuiChip-colorError');
    expect(within(chips[0]!).getByLabelText(/^Morning walk .*: Done$/)).toHaveClass('MuiChip-colorSuccess');
  });

  it("writes the windows in the location's zone, named once, for a viewer in another zone", () => {
    vi.stubEnv('TZ', 'UTC');
    try {
      // 5:00–8:00 AM in Los Angeles is 1:00–4:00 PM in UTC.
      render(<TodayWindows windows={[aWindow({ status: 'upcoming' })]} timeZone="America/Los_Angeles" />);
      expect(screen.getByLabelText('Morning walk 5:00 AM–8:00 AM PST: Upcoming')).toBeInTheDocument();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('says when no walk is due today', () => {
    render(<TodayWindows windows={[]} />);
    expect(screen.getByText('No walk windows today')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
