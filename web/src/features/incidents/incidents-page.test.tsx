import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ExportFile } from '@sitewalk/shared/schemas/export';
import { renderWithFakeApi } from '../../testing/test-utils.tsx';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { anIncident } from '../../testing/incident-fixtures.ts';
import { startDownload } from '../../lib/download.ts';
import { IncidentsPage } from './incidents-page.tsx';
import { Role } from '@sitewalk/shared/roles';
import { aPerson } from '../../testing/fixtures.ts';

vi.mock('../../lib/download.ts', () => ({ startDownload: vi.fn() }));

const manager = aPerson({ id: 102, roleId: Role.Manager });

const renderIncidents = (handlers: FakeHandlers) => {
  return renderWithFakeApi(<IncidentsPage />, handlers, {
    route: '/app/incidents',
    path: '/app/incidents',
    routes: [{ path: '/app/incidents/:id', element: <p>incident page</p> }],
    user: manager,
  });
};

const many = Array.from({ length: 12 }, (_, i) =>
  anIncident({
    id: i + 1,
    location: { name: i % 2 ? 'Bay Storage' : 'Northside Storage' },
    incidentTexts: [{ id: i + 1, incidentNoteText: { text: `Incident text number ${i + 1}` } }],
  }),
);

const table = () => within(screen.getByRole('table', { name: 'Incidents' }));

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe('IncidentsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(startDownload).mockClear();
  });

  it('lists the unresolved incidents of every location, ten a page; a row opens it with the origin', async () => {
    const { user, router, fake } = renderIncidents({ 'incident.search': () => ({ incidents: many }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Incidents' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Unresolved only' })).toBeChecked();
    expect(await table().findByText('Incident text number 1')).toBeInTheDocument();
    expect(table().getAllByRole('row')).toHaveLength(11);
    expect(Object.fromEntries(fake.callsOf('incident.search')[0]!.query)).toEqual({ unresolvedOnly: 'true' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await table().findByText('Incident text number 11')).toBeInTheDocument();
    expect(table().getAllByRole('row')).toHaveLength(3);
    expect(fake.callsOf('incident.search')).toHaveLength(1);

    await user.click(table().getByText('Incident text number 12'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/incidents/12'));
    expect(router.state.location.state).toEqual({ from: '/app/incidents' });
  });

  it('cuts long previews at 25 characters', async () => {
    renderIncidents({
      'incident.search': () => ({
        incidents: [
          anIncident({
            incidentTexts: [
              { id: 1, incidentNoteText: { text: 'Water leaking into unit 204 from the roof' } },
            ],
          }),
        ],
      }),
    });
    expect(await table().findByText('Water leaking into unit 2...')).toBeInTheDocument();
  });

  it('searches through the API and shows every incident when the toggle is off', async () => {
    const { user, fake } = renderIncidents({
      'incident.search': (request) =>
        request.query.get('searchTerm') === 'bay'
          ? { incidents: many.filter((i) => i.location?.name === 'Bay Storage') }
          : { incidents: many.slice(0, 3) },
    });
    await table().findByText('Incident text number 1');
    await user.click(screen.getByRole('switch', { name: 'Unresolved only' }));
    await waitFor(() =>
      expect(fake.callsOf('incident.search').at(-1)?.query.get('unresolvedOnly')).toBe('false'),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search Incidents' }), 'bay');
    await waitFor(() => expect(fake.callsOf('incident.search').at(-1)?.query.get('searchTerm')).toBe('bay'));
    expect(await table().findByText('Incident text number 2')).toBeInTheDocument();
    await waitFor(() => expect(table().queryByText('Incident text number 1')).not.toBeInTheDocument());
  });

  it('says so when there is nothing', async () => {
    renderIncidents({ 'incident.search': () => ({ incidents: [] }) });
    expect(await screen.findByText('No unresolved incidents.')).toBeInTheDocument();
  });

  it('says so when the list fails', async () => {
    renderIncidents({ 'incident.search': () => fakeError(500, 'Internal Server Error') });
    expect(await screen.findByText('Failed to fetch incidents: Internal Server Error')).toBeInTheDocument();
  });

  it("downloads the CSV of every location's incidents, whatever the filters, for the days asked", async () => {
    const csv: ExportFile = {
      url: 'http://127.0.0.1:3003/bucket/tenants/1/exports/102/abc/incidents_all-locations.csv?X-Amz-Signature=1',
      fileName: 'incidents_all-locations.csv',
      contentType: 'text/csv; charset=utf-8',
      expiresIn: 300,
      count: 12,
    };
    const { user, fake } = renderIncidents({
      'incident.search': () => ({ incidents: many }),
      'export.incidentsCsv': () => csv,
    });
    await table().findByText('Incident text number 1');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download CSV' });
    expect(within(dialog).getByText(/Incidents at all my locations/)).toBeInTheDocument();
    // Incidents only: no choice of walk reports here.
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('From')).toHaveValue(day(29));
    expect(within(dialog).getByLabelText('To')).toHaveValue(day(0));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(startDownload).toHaveBeenCalledWith(csv.url, csv.fileName));
    // No location: the server exports every location of the caller's scope.
    expect(fake.callsOf('export.incidentsCsv').map((call) => call.body)).toEqual([
      { from: day(29), to: day(0) },
    ]);
    expect(fake.callsOf('export.walkReportsCsv')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the CSV dialog open with the server's reason when it refuses", async () => {
    const { user } = renderIncidents({
      'incident.search': () => ({ incidents: many }),
      'export.incidentsCsv': () => fakeError(400, 'an export covers at most 366 days'),
    });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download CSV' });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('an export covers at most 366 days');
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(startDownload).not.toHaveBeenCalled();
  });
});
