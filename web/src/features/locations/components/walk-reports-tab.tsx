import { Alert, Chip, Stack, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { WALK_REPORT_TABLE_LIMIT } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import type { WalkReportSummary } from '@sitewalk/shared/schemas/walkReport';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../../components/data-table.tsx';
import { errorMessageOf } from '../../../components/error-panel.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { paths } from '../../../config/paths.ts';
import { DownloadCsvButton } from '../../../components/exports/download-csv-button.tsx';
import { formatDateTime } from '../../../lib/time.ts';
import { useWalkReportsOfLocation } from '../../../api/walk-reports.ts';

/** The columns, with the reports' times in their location's time zone. */
const columnsIn = (timeZone: string): DataTableColumn<WalkReportSummary>[] => [
  {
    key: 'completed',
    header: 'Completed',
    render: (report) =>
      report.finishedAt
        ? formatDateTime(report.finishedAt, { timeZone })
        : `Started ${formatDateTime(report.startedAt, { timeZone })}`,
  },
  {
    key: 'name',
    header: 'Name',
    render: (report) =>
      report.user ? `${report.user.firstName} ${report.user.lastName}` : messages.status.unknownUser,
  },
  {
    key: 'walk',
    header: 'Walk',
    render: (report) => report.walk?.name ?? messages.status.unknownWalk,
    card: 'title',
  },
  { key: 'id', header: 'Id', render: (report) => report.id, fromPx: 768 },
  { key: 'total', header: 'Total Time', render: (report) => report.totalTime, fromPx: 1024 },
  {
    key: 'flags',
    header: 'Flags',
    card: 'badge',
    // Flagged reports stand out at every width; an unflagged one shows a quiet dash.
    render: (report) =>
      report.flagCount > 0 ? (
        <Chip
          size="small"
          color="warning"
          icon={<WarningAmberIcon />}
          label={
            <>
              {report.flagCount}
              <VisuallyHidden>{report.flagCount === 1 ? ' flag' : ' flags'}</VisuallyHidden>
            </>
          }
          data-testid="flag-count"
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          <span aria-hidden>–</span>
          <VisuallyHidden>No flags</VisuallyHidden>
        </Typography>
      ),
  },
];

/**
 * The location's walk reports, newest first: the first 1,000 in one call (the spec's fetch), the pages
 * beyond them 1,000 at a time from the API. Every page size (5, 10, 25, 50) divides 1,000, so a page
 * always lies within one such call.
 */
export const WalkReportsTab = ({
  locationId,
  locationName,
  timeZone,
}: {
  locationId: number;
  locationName: string;
  /** The location's time zone (`locationTimeZone`). */
  timeZone: string;
}) => {
  const navigate = useNavigate();
  const [query, setQuery] = useState<DataTableQuery>({ page: 1, pageSize: 10, searchTerm: '' });
  const offset = (query.page - 1) * query.pageSize;
  const chunk = Math.floor(offset / WALK_REPORT_TABLE_LIMIT);
  const reports = useWalkReportsOfLocation({ locationId, chunk, searchTerm: query.searchTerm });
  const start = offset - chunk * WALK_REPORT_TABLE_LIMIT;
  const rows = reports.data?.walkReports.slice(start, start + query.pageSize) ?? [];

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
        <DownloadCsvButton kind="walk-reports" locationId={locationId} scopeName={locationName} />
      </Stack>
      {reports.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessageOf(reports.error) ?? messages.fetch.unexpected}
        </Alert>
      )}
      <DataTable
        label="Walk Reports"
        columns={columnsIn(timeZone)}
        rows={rows}
        getRowId={(report) => report.id}
        server={{ total: reports.data?.totalCount ?? 0, onQueryChange: setQuery }}
        onRowClick={(report) => void navigate(paths.app.walkReport.build(locationId, report.id))}
        loading={reports.isPending}
        emptyText={reports.isPending ? 'Loading walk reports...' : 'No walk reports.'}
        searchPlaceholder="Search walk reports"
      />
    </>
  );
};
