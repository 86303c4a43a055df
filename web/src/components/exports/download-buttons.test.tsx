import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExportFile } from '@sitewalk/shared/schemas/export';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { createFakeFetch, fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { startDownload } from '../../lib/download.ts';
import { DownloadCsvButton, type DownloadCsvButtonProps } from './download-csv-button.tsx';
import { DownloadPdfButton } from './download-pdf-button.tsx';
import { incidentPdf } from '../../api/exports.ts';
import { aPerson, dana } from '../../testing/fixtures.ts';

vi.mock('../../lib/download.ts', () => ({ startDownload: vi.fn() }));

const file = (fileName: string): ExportFile => ({
  url: `http://127.0.0.1:3003/bucket/tenants/1/exports/7/abc/${fileName}?X-Amz-Signature=1`,
  fileName,
  contentType: fileName.endsWith('.pdf') ? 'application/pdf' : 'text/csv; charset=utf-8',
  expiresIn: 300,
  count: 3,
});

const stubApi = (handlers: FakeHandlers) => {
  const fake = createFakeFetch(handlers);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
};

const renderCsv = (props: DownloadCsvButtonProps, handlers: FakeHandlers) => {
  const fake = stubApi(handlers);
  renderWithProviders(<DownloadCsvButton {...props} />, { user: aPerson(dana) });
  return fake;
};

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('Download CSV', () => {
  beforeEach(() => vi.mocked(startDownload).mockClear());
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the days (the last 30 by default) and downloads the location's walk reports", async () => {
    // Prepare
    const fake = renderCsv(
      { kind: 'walk-reports', locationId: 12, scopeName: 'Harbor Storage' },
      { 'export.walkReportsCsv': () => file('walk-reports_harbor-storage.csv') },
    );
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download CSV' });
    expect(within(dialog).getByText(/Walk reports at Harbor Storage/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('From')).toHaveValue(daysAgo(29));
    expect(within(dialog).getByLabelText('To')).toHaveValue(today());
    expect(within(dialog).getByText(/Days and times are in UTC; at most 366 days/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-11-20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    // Assess
    await waitFor(() => expect(startDownload).toHaveBeenCalledTimes(1));
    expect(startDownload).toHaveBeenCalledWith(
      file('walk-reports_harbor-storage.csv').url,
      'walk-reports_harbor-storage.csv',
    );
    expect(fake.callsOf('export.walkReportsCsv').map((call) => call.body)).toEqual([
      { locationId: 12, from: '2026-11-01', to: '2026-11-20' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    ['from after to', '2026-11-21', '2026-11-20', 'To', 'to must be on or after from'],
    ['more than a year', '2025-01-01', '2026-11-20', 'To', 'an export covers at most 366 days'],
    ['no start day', '', '2026-11-20', 'From', 'a calendar date like 2026-11-24'],
  ])('refuses %s under the field, without asking the API', async (_, from, to, field, message) => {
    const fake = renderCsv({ kind: 'incidents', locationId: 12, scopeName: 'Harbor Storage' }, {});
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: from } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: to } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls).toEqual([]);
    expect(startDownload).not.toHaveBeenCalled();
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    renderCsv(
      { kind: 'incidents', locationId: 12, scopeName: 'Harbor Storage' },
      { 'export.incidentsCsv': () => fakeError(404, 'Location not found') },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Location not found');
    expect(startDownload).not.toHaveBeenCalled();
  });

  it('for all my locations lets the user choose incidents, and names no location', async () => {
    const fake = renderCsv(
      { scopeName: 'all my locations' },
      { 'export.incidentsCsv': () => file('incidents_all-locations.csv') },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Of all my locations/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Incidents' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledTimes(1));
    expect(fake.callsOf('export.incidentsCsv').map((call) => call.body)).toEqual([
      { from: daysAgo(29), to: today() },
    ]);
    expect(fake.callsOf('export.walkReportsCsv')).toEqual([]);
  });
});

describe('Download PDF', () => {
  beforeEach(() => vi.mocked(startDownload).mockClear());
  afterEach(() => vi.unstubAllGlobals());

  it('says it is preparing the PDF, then downloads it', async () => {
    let answer: (value: ExportFile) => void = () => undefined;
    stubApi({
      'export.incidentPdf': () =>
        new Promise<ExportFile>((resolve) => {
          answer = resolve;
        }),
    });
    renderWithProviders(<DownloadPdfButton make={() => incidentPdf(5)} what="incident 5" />, {
      user: aPerson(dana),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF of incident 5' }));
    const button = await screen.findByRole('button', { name: 'Download PDF of incident 5' });
    await waitFor(() => expect(button).toHaveTextContent('Preparing PDF…'));
    expect(button).toBeDisabled();
    answer(file('incident-5_harbor.pdf'));
    await waitFor(() =>
      expect(startDownload).toHaveBeenCalledWith(file('incident-5_harbor.pdf').url, 'incident-5_harbor.pdf'),
    );
    expect(button).toHaveTextContent('Download PDF');
    expect(button).toBeEnabled();
  });

  it('says why when the PDF could not be made', async () => {
    stubApi({ 'export.incidentPdf': () => fakeError(500, 'Internal Server Error') });
    renderWithProviders(<DownloadPdfButton make={() => incidentPdf(5)} what="incident 5" />, {
      user: aPerson(dana),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF of incident 5' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(startDownload).not.toHaveBeenCalled();
  });
});
