import { Alert, Button, Card, CardContent, IconButton, Stack, Typography } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useState } from 'react';
import type { Location } from '@sitewalk/shared/schemas/location';
import type { RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import { locationTimeZone } from '@sitewalk/shared/time-zones';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../../../components/data-table.tsx';
import { ErrorPanel, errorMessageOf } from '../../../../components/error-panel.tsx';
import { Spinner } from '../../../../components/spinner.tsx';
import { useAuthorization } from '../../../../lib/authorization.ts';
import { formatDateTime } from '../../../../lib/time.ts';
import { useRoster, useRosterVersions } from '../../../../api/rosters.ts';
import { locationPlacement } from '../location-helpers.ts';
import { parseRosterCsvInWorker, type ParseRosterCsv } from './parse-roster-csv.ts';
import { ChangesList, RosterImport, type RosterImported } from './roster-import.tsx';
import { RosterCounts, RosterUnits } from './roster-units.tsx';

type VersionSummary = Omit<RosterVersion, 'units' | 'locationId'>;

const byWhom = ({ importedBy }: VersionSummary) =>
  `${importedBy.firstName} ${importedBy.lastName}`.trim() || '–';

/**
 * A location's 'Units' tab: its unit roster (the rent roll's units, issue 31) — counts by status, the units in
 * walk order with a search, and the versions imported. Managers and above of the location import a new version
 * from a CSV; everyone of the location reads it (the lock check walks it).
 */
export const RosterTab = ({
  location,
  parseCsv = parseRosterCsvInWorker,
}: {
  location: Location;
  /** How a chosen CSV becomes rows: in a Web Worker; tests read it in place. */
  parseCsv?: ParseRosterCsv;
}) => {
  const roster = useRoster(location.id);
  const { can } = useAuthorization();
  const mayImport = can('importRoster', locationPlacement(location));
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<RosterImported | null>(null);

  if (roster.isPending) return <Spinner label="Loading units" />;
  if (roster.isError) return <ErrorPanel error={roster.error} onReset={() => void roster.refetch()} />;

  if (importing && mayImport) {
    return (
      <RosterImport
        location={location}
        current={roster.data}
        parseCsv={parseCsv}
        onCancel={() => setImporting(false)}
        onSaved={(answer) => {
          setImported(answer);
          setImporting(false);
        }}
      />
    );
  }

  const startImport = () => {
    setImported(null);
    setImporting(true);
  };
  const importButton = mayImport && (
    <Button variant="contained" startIcon={<UploadFileIcon />} onClick={startImport}>
      Import units
    </Button>
  );
  const current = roster.data;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {imported && <ImportSummary imported={imported} onClose={() => setImported(null)} />}
      {current === null ? (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="h6" component="h2">
                No unit roster yet
              </Typography>
              <Typography color="text.secondary">
                {mayImport
                  ? 'Import the unit list (the rent roll) from your management software as a CSV file to check units against it.'
                  : 'A Manager of this location imports the unit list from the management software.'}
              </Typography>
              {importButton}
            </Stack>
          </CardContent>
        </Card>
      ) : (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Version {current.version}, imported{' '}
              {formatDateTime(current.importedAt, { timeZone: locationTimeZone(location) })} by{' '}
              {byWhom(current)}
            </Typography>
            {importButton}
          </Stack>
          <RosterCounts units={current.units} />
          <RosterUnits units={current.units} locationId={location.id} timeZone={locationTimeZone(location)} />
          <RosterVersions location={location} />
        </>
      )}
    </Stack>
  );
};

/**
 * What the import just saved changed: a card rather than an alert, so the removal warning inside it keeps a
 * phone's width.
 */
const ImportSummary = ({ imported, onClose }: { imported: RosterImported; onClose: () => void }) => (
  <Card variant="outlined" role="status" aria-label="Import saved" sx={{ borderColor: 'success.main' }}>
    <CardContent>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CheckCircleOutlineIcon color="success" />
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Version {imported.version} saved
          </Typography>
          <IconButton aria-label="Close the summary" onClick={onClose} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
        <ChangesList
          changes={imported.changes}
          against={imported.version === 1 ? 'no roster before' : `version ${imported.version - 1}`}
        />
        {imported.mappingNotSaved && (
          <Typography variant="body2">
            The column choice was not remembered: {imported.mappingNotSaved}
          </Typography>
        )}
      </Stack>
    </CardContent>
  </Card>
);

const RosterVersions = ({ location }: { location: Location }) => {
  const [query, setQuery] = useState<DataTableQuery>({ page: 1, pageSize: 5, searchTerm: '' });
  const versions = useRosterVersions(location.id, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const timeZone = locationTimeZone(location);
  const columns: DataTableColumn<VersionSummary>[] = [
    { key: 'version', header: 'Version', render: (v) => `Version ${v.version}`, card: 'title' },
    { key: 'imported', header: 'Imported', render: (v) => formatDateTime(v.importedAt, { timeZone }) },
    { key: 'by', header: 'By', render: byWhom },
    {
      key: 'file',
      header: 'File',
      render: (v) => v.fileName ?? '–',
      fromPx: 768,
    },
    { key: 'units', header: 'Units', render: (v) => v.unitCount.toLocaleString('en'), card: 'badge' },
  ];
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        Versions
      </Typography>
      {versions.isError && (
        <Alert severity="error">{errorMessageOf(versions.error) ?? 'The versions could not be loaded'}</Alert>
      )}
      <DataTable
        label="Roster versions"
        columns={columns}
        rows={versions.data?.versions ?? []}
        getRowId={(v) => v.version}
        server={{ total: versions.data?.totalCount ?? 0, onQueryChange: setQuery, searchable: false }}
        initialPageSize={5}
        loading={versions.isPending}
        emptyText={versions.isPending ? 'Loading versions...' : 'No versions.'}
      />
    </Stack>
  );
};
