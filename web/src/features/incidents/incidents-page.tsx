import { Alert, Stack } from '@mui/material';
import { useState } from 'react';
import { messages } from '@sitewalk/shared/messages';
import type { DataTableQuery } from '../../components/data-table.tsx';
import { errorMessageOf } from '../../components/error-panel.tsx';
import { DownloadCsvButton } from '../../components/exports/download-csv-button.tsx';
import { IncidentsTable } from '../../components/incidents-table/incidents-table.tsx';
import { paths } from '../../config/paths.ts';
import { useLocationTimeZones } from '../../hooks/use-location-time-zone.ts';
import { useIncidentSearch } from '../../api/incidents.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { UnresolvedOnlySwitch } from '../../components/incidents-table/unresolved-only-switch.tsx';

const FIRST_PAGE: DataTableQuery = { page: 1, pageSize: 10, searchTerm: '' };
/**
 * /app/incidents: the incidents of every location the signed-in user may see, newest first, searched by
 * the API and paged here; unresolved only at first. A row opens the
 * incident, whose 'Back to Incidents' returns here. 'Download CSV' exports the incidents of all those
 * locations over a range of days (issue 18), whatever the filters above the table.
 */
export const IncidentsPage = () => {
  const [unresolvedOnly, setUnresolvedOnly] = useState(true);
  const [query, setQuery] = useState<DataTableQuery>(FIRST_PAGE);
  const incidents = useIncidentSearch({ searchTerm: query.searchTerm, unresolvedOnly });
  const all = incidents.data?.incidents ?? [];
  const rows = all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  const timeZoneOf = useLocationTimeZones(rows.map((incident) => incident.locationId));

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader
        title="Incidents"
        actions={
          <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
            <UnresolvedOnlySwitch
              checked={unresolvedOnly}
              onChange={(next) => {
                // A new filter starts again at page 1 (the table is remade below).
                setUnresolvedOnly(next);
                setQuery(FIRST_PAGE);
              }}
            />
            <DownloadCsvButton kind="incidents" scopeName="all my locations" />
          </Stack>
        }
      />
      {incidents.isError && (
        <Alert severity="error">
          {messages.fetch.incidents}: {errorMessageOf(incidents.error) ?? messages.fetch.unexpected}
        </Alert>
      )}
      <IncidentsTable
        key={String(unresolvedOnly)}
        incidents={rows}
        timeZoneOf={timeZoneOf}
        origin={paths.app.incidents.build()}
        showLocation
        server={{ total: all.length, onQueryChange: setQuery }}
        loading={incidents.isPending}
        emptyText={unresolvedOnly ? 'No unresolved incidents.' : 'No incidents.'}
      />
    </Stack>
  );
};
