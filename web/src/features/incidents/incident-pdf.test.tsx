import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Navigate } from 'react-router';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { createFakeFetch } from '../../testing/fake-api.ts';
import { anIncident } from '../../testing/incident-fixtures.ts';
import { startDownload } from '../../lib/download.ts';
import { IncidentPage } from './incident-page.tsx';
import { aPerson, dana } from '../../testing/fixtures.ts';

vi.mock('../../lib/download.ts', () => ({ startDownload: vi.fn() }));

const pdf = {
  url: 'http://127.0.0.1:3003/bucket/tenants/1/exports/7/abc/incident-5_harbor.pdf?X-Amz-Signature=1',
  fileName: 'incident-5_harbor.pdf',
  contentType: 'application/pdf',
  expiresIn: 300,
  count: 2,
};

describe("the incident screen's PDF", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is on the incident screen and downloads that incident', async () => {
    const fake = createFakeFetch({
      'incident.get': () => anIncident({ id: 5, location: { name: 'Harbor Self Storage' } }),
      'export.incidentPdf': () => pdf,
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<IncidentPage />, {
      route: '/start',
      path: '/app/incidents/:id',
      routes: [{ path: '/start', element: <Navigate to="/app/incidents/5" replace /> }],
      user: aPerson(dana),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF of incident 5' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith(pdf.url, pdf.fileName));
    expect(fake.callsOf('export.incidentPdf').map((call) => call.params)).toEqual([{ id: '5' }]);
  });
});
