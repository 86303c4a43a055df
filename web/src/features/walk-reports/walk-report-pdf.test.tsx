import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithFakeApi } from '../../testing/test-utils.tsx';
import { aWalkReport } from '../../testing/walk-report-fixtures.ts';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { startDownload } from '../../lib/download.ts';
import { WalkReportPage } from './walk-report-page.tsx';
import { aPerson, dana } from '../../testing/fixtures.ts';

vi.mock('../../lib/download.ts', () => ({ startDownload: vi.fn() }));

const report = aWalkReport();

const pdf = {
  url: 'http://127.0.0.1:3003/bucket/tenants/1/exports/7/abc/walk-report-9_harbor.pdf?X-Amz-Signature=1',
  fileName: 'walk-report-9_harbor.pdf',
  contentType: 'application/pdf',
  expiresIn: 300,
  count: 2,
};

const renderReport = (handlers: FakeHandlers) =>
  renderWithFakeApi(
    <WalkReportPage />,
    { 'walkReport.get': () => report, ...handlers },
    {
      route: '/app/locations/4/walk-report/9',
      path: '/app/locations/:id/walk-report/:walkReportId',
      user: aPerson(dana),
    },
  ).fake;

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
