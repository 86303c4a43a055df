import { Alert, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { messages } from '@sitewalk/shared/messages';
import type { DataTableQuery } from '../../components/data-table.tsx';
import { errorMessageOf } from '../../components/error-panel.tsx';
import { DownloadCsvButton } from '../../components/exports/download-csv-button.tsx';
import { IncidentsTable } from '../../components/incidents-table/incidents-table.tsx';
import { paths } from '../../config/paths.ts';
import { useLocationTimeZones } from '../../hooks/use-location-time-zone.ts';
import { useIncidentSearch } from '../../api/incidents.ts';

const FIRST_PAGE: DataTableQuery = { page: 1, pageSize: 10, searchTerm: '' };
/**
 * /app/incidents: the incidents of every location the signed-in user may see, newest first, searched by
 * the API and paged here; unresolved only at first (field-operations section 9). A row opens the
 * incident, whose 'Back to Incidents' returns here. 'Download CSV' exports the incidents of all those
 * locations over a range of days (issue 18), whatever the filters above the table.
 */
export const IncidentsPage = () => {
  const [unresolvedOnly, setUnresolvedOnly] = useState(true);
  const [query, setQuery] = useState<DataTableQuery>(FIRST_PAGE);
  const incidents = useIncidentSearch({ searchTerm: query.searchTerm, unresolvedOnly });
  const timeZoneOf = useLocationTimeZones();
  const all = incidents.data?.incidents ?? [];
  const rows = all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h4" component="h1">
          Incidents
        </Typography>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          <FormControlLabel
            sx={{ ml: 0, mr: 0 }}
            control={
              <Switch
                checked={unresolvedOnly}
                onChange={(event) => {
                  // A new filter starts again at page 1 (the table is remade below).
                  setUnresolvedOnly(event.target.checked);
                  setQuery(FIRST_PAGE);
                }}
              />
            }
            label="Unresolved only"
          />
          <DownloadCsvButton kind="incidents" scopeName="all my locations" />
        </Stack>
      </Stack>
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
