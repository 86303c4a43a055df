import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { anIncident } from '../../../testing/incident-fixtures.ts';
import { aDashboardLocation } from '../../../testing/fixtures.ts';
import { LocationCard } from './location-card.tsx';

const toneOf = (label: RegExp) => screen.getByText(label).closest('[data-tone]')?.getAttribute('data-tone');

const renderCard = (overrides: Parameters<typeof aDashboardLocation>[0]) => {
  const onOpenIncident = vi.fn();
  const rendered = renderWithProviders(
    <LocationCard location={aDashboardLocation(overrides)} onOpenIncident={onOpenIncident} />,
  );
  return { ...rendered, onOpenIncident };
};

describe('LocationCard colours by walk reports of the last 72 hours and week', () => {
  it.each([
    [0, 'error'],
    [1, 'error'],
    [2, 'success'],
    [7, 'success'],
  ])('a 72-hour count of %i is %s', (last72Hours, tone) => {
    renderCard({ walkReportStats: { last72Hours, lastWeek: 20, flagsLastWeek: 0 } });
    expect(toneOf(/^Last 72 hours: /)).toBe(tone);
    expect(screen.getByText(`Last 72 hours: ${last72Hours}`)).toBeInTheDocument();
  });

  it.each([
    [0, 'error'],
    [4, 'error'],
    [5, 'warning'],
    [9, 'warning'],
    [10, 'success'],
    [30, 'success'],
  ])('a week count of %i is %s', (lastWeek, tone) => {
    renderCard({ walkReportStats: { last72Hours: 2, lastWeek, flagsLastWeek: 0 } });
    expect(toneOf(/^Last week: /)).toBe(tone);
  });

  it('shows zero incident counts neutral and the others in their priority colour', () => {
    renderCard({ incidentCountsByType: { 1: 0, 2: 3, 3: 0 } });
    expect(toneOf(/^Critical: 0$/)).toBe('neutral');
    expect(toneOf(/^Important: 3$/)).toBe('warning');
    expect(toneOf(/^Regular: 0$/)).toBe('neutral');
  });
});

describe('LocationCard flags (issue 18)', () => {
  it.each([
    [0, 'neutral'],
    [1, 'warning'],
    [12, 'warning'],
  ])("shows %i flags on the week's walk reports as %s", (flagsLastWeek, tone) => {
    renderCard({ walkReportStats: { last72Hours: 3, lastWeek: 12, flagsLastWeek } });
    expect(screen.getByText(`Flags last week: ${flagsLastWeek}`)).toBeInTheDocument();
    expect(toneOf(/^Flags last week: /)).toBe(tone);
  });
});

describe('LocationCard incidents', () => {
  it("lists the location's incidents under 'All Incidents', previews cut at 25 characters, and opens one", async () => {
    const { user, onOpenIncident } = renderCard({
      name: 'Harbor Self Storage',
      incidents: [
        anIncident({
          id: 42,
          typeId: 2,
          incidentTexts: [{ id: 1, incidentNoteText: { text: 'Gate left open overnight near unit 12' } }],
        }),
      ],
    });
    expect(screen.getByRole('heading', { name: 'Harbor Self Storage' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Incidents' })).toBeInTheDocument();
    const row = screen.getByRole('button', { name: /^Gate left open overnight \.\.\./ });
    expect(within(row).getByText(/Important/)).toBeInTheDocument();
    await user.click(row);
    expect(onOpenIncident).toHaveBeenCalledWith(42);
  });

  it('says so when there are no incidents', () => {
    renderCard({ incidents: [] });
    expect(screen.getByText('No incidents')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^See all/ })).not.toBeInTheDocument();
  });

  it('links to all of the location’s incidents when the newest listed are not all it counted', () => {
    renderCard({ id: 5, incidentCountsByType: { 1: 1, 2: 0, 3: 2 }, incidents: [] });
    expect(screen.queryByText('No incidents')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all 3 incidents' })).toHaveAttribute(
      'href',
      '/app/locations/5#incidents',
    );
  });

  it('has no such link when every counted incident is listed', () => {
    renderCard({ incidentCountsByType: { 1: 0, 2: 1, 3: 0 }, incidents: [anIncident({ id: 9, typeId: 2 })] });
    expect(screen.queryByRole('link', { name: /^See all/ })).not.toBeInTheDocument();
  });
});

describe("LocationCard's lock check (issue 31)", () => {
  const renderWith = (lastLockCheck: { id: number; finishedAt: string; openDiscrepancies: number } | null) =>
    renderWithProviders(
      <LocationCard
        location={aDashboardLocation({ id: 4 })}
        onOpenIncident={vi.fn()}
        timeZone="America/Chicago"
        lastLockCheck={lastLockCheck}
      />,
    );

  it('links the last one, finished on the location’s day, with its open discrepancies in red', () => {
    renderWith({ id: 41, finishedAt: '2026-11-24T03:00:00.000Z', openDiscrepancies: 3 });
    // 03:00 UTC is the evening before in Chicago.
    expect(screen.getByRole('link', { name: /^Lock check Nov 23, 2026/ })).toHaveAttribute(
      'href',
      '/app/locations/4/lock-checks/41',
    );
    expect(toneOf(/^Open discrepancies: 3$/)).toBe('error');
  });

  it('shows none open in green', () => {
    renderWith({ id: 41, finishedAt: '2026-11-24T15:00:00.000Z', openDiscrepancies: 0 });
    expect(toneOf(/^Open discrepancies: 0$/)).toBe('success');
  });

  it('shows nothing where no lock check was finished', () => {
    renderWith(null);
    expect(screen.queryByText(/Lock check/)).not.toBeInTheDocument();
  });
});
