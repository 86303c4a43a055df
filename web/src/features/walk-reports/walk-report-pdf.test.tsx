import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { WalkReport } from '@sitewalk/shared/schemas/walkReport';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aUser } from '../../testing/incident-fixtures.ts';
import { startDownload } from '../../lib/download.ts';
import { WalkReportPage } from './walk-report-page.tsx';

vi.mock('maplibre-gl', () => import('../../testing/maplibre-gl-stub.ts'));
vi.mock('react-map-gl/maplibre', () => import('../../testing/react-map-gl-stub.tsx'));
vi.mock('../../lib/download.ts', () => ({ startDownload: vi.fn() }));

const report: WalkReport = {
  id: 9,
  createdAt: '2026-11-20T17:00:00.000Z',
  startedAt: '2026-11-20T17:05:00.000Z',
  finishedAt: '2026-11-20T17:40:00.000Z',
  userId: 7,
  user: { firstName: 'Dana', lastName: 'Walker' },
  walkId: 3,
  walk: {
    name: 'Night round',
    locationId: 4,
    markers: [
      {
        id: 31,
        walkId: 3,
        label: 1,
        lat: 36.8,
        lng: -119.7,
        notes: '',
        unitNumberRange: '',
        hasUnitRange: false,
        isDoor: false,
        order: 0,
      },
    ],
  },
  CompletedMarker: [],
  walkNote: [],
  markerImage: [],
  markerCount: 1,
  completedMarkerCount: 0,
  firstArrivalAt: null,
  lastArrivalAt: null,
  totalTime: 'Not Completed',
  totalMinutes: null,
  completed: false,
  doorUnits: [],
  flags: [],
  flagCount: 0,
  discardedCount: 0,
};

const pdf = {
  url: 'http://127.0.0.1:3003/bucket/tenants/1/exports/7/abc/walk-report-9_harbor.pdf?X-Amz-Signature=1',
  fileName: 'walk-report-9_harbor.pdf',
  contentType: 'application/pdf',
  expiresIn: 300,
  count: 2,
};

const renderReport = (handlers: FakeHandlers) => {
  const fake = createFakeFetch({ 'walkReport.get': () => report, ...handlers });
  vi.stubGlobal('fetch', fake.fetch);
  renderWithProviders(<WalkReportPage />, {
    route: '/app/locations/4/walk-report/9',
    path: '/app/locations/:id/walk-report/:walkReportId',
    user: aUser(),
  });
  return fake;
};

describe("the walk report screen's PDF", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(startDownload).mockClear();
  });

  it('downloads the PDF of this report', async () => {
    const fake = renderReport({ 'export.walkReportPdf': () => pdf });
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF of walk report 9' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith(pdf.url, pdf.fileName));
    expect(fake.callsOf('export.walkReportPdf').map((call) => call.params)).toEqual([{ walkReportId: '9' }]);
  });

  it('says why when the report is no longer there', async () => {
    renderReport({ 'export.walkReportPdf': () => fakeError(404, 'Walk report not found') });
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF of walk report 9' }));
    expect(await screen.findByText('Walk report not found')).toBeInTheDocument();
    expect(startDownload).not.toHaveBeenCalled();
  });
});
