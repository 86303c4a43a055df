import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { anIncident } from '../../testing/incident-fixtures.ts';
import { IncidentsTable } from './incidents-table.tsx';
import { cutPreview, incidentPreview } from './incident-preview.ts';

const incident = anIncident({
  id: 9,
  typeId: 3,
  incidentTexts: [{ id: 1, incidentNoteText: { text: 'Graffiti on the north wall, unit 12' } }],
  notes: [
    { id: 1, note: 'First look', createdAt: '2026-11-20T10:00:00.000Z', user: null },
    {
      id: 2,
      note: 'Painted over',
      createdAt: '2026-11-21T10:00:00.000Z',
      user: { firstName: 'Pat', lastName: 'Painter' },
    },
  ],
});

const renderTable = () =>
  renderWithProviders(
    <IncidentsTable
      incidents={[incident]}
      timeZoneOf={() => undefined}
      origin="/app/incidents"
      showLocation
      server={{ total: 1, onQueryChange: vi.fn() }}
    />,
    { routes: [{ path: '/app/incidents/:id', element: <p>incident page</p> }] },
  );

describe('IncidentsTable', () => {
  it('opens the incident detail modal from a row’s Details, newest note first, and the incident from it', async () => {
    const { user, router } = renderTable();
    await user.click(await screen.findByRole('button', { name: 'Details of incident 9' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Incident 9' }));
    expect(dialog.getByText('Regular')).toBeInTheDocument();
    expect(dialog.getByText('Unresolved')).toBeInTheDocument();
    expect(dialog.getByText('Graffiti on the north wall, unit 12')).toBeInTheDocument();
    expect(dialog.getByText('Northside Storage')).toBeInTheDocument();
    const notes = dialog.getAllByRole('listitem').map((item) => item.textContent);
    expect(notes[0]).toMatch(/^Painted overPat Painter/);
    expect(notes[1]).toMatch(/^First lookUnknown User/);
    // The modal opened without leaving the list.
    expect(router.state.location.pathname).toBe('/');
    await user.click(dialog.getByRole('button', { name: 'Open Incident' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/incidents/9'));
    expect(router.state.location.state).toEqual({ from: '/app/incidents' });
  });

  it('closes the modal', async () => {
    const { user } = renderTable();
    await user.click(await screen.findByRole('button', { name: 'Details of incident 9' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('incidentPreview', () => {
  it('cuts at 25 characters and adds ...', () => {
    expect(cutPreview('a'.repeat(25))).toBe('a'.repeat(25));
    expect(cutPreview('a'.repeat(26))).toBe(`${'a'.repeat(25)}...`);
  });

  it('takes the types, else the first note, else the priority', () => {
    expect(incidentPreview(incident)).toBe('Graffiti on the north wal...');
    expect(incidentPreview({ ...incident, incidentTexts: [] })).toBe('First look');
    expect(incidentPreview({ ...incident, incidentTexts: [], notes: [] })).toBe('Regular incident');
  });
});
