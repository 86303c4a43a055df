import { Alert, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { Location } from '@sitewalk/shared/schemas/location';
import type { DataTableQuery } from '../../../components/data-table.tsx';
import { errorMessageOf } from '../../../components/error-panel.tsx';
import { IncidentsTable } from '../../../components/incidents-table/incidents-table.tsx';
import { messages } from '@sitewalk/shared/messages';
import { paths } from '../../../config/paths.ts';
import { DownloadCsvButton } from '../../../components/exports/download-csv-button.tsx';
import { locationTimeZone } from '@sitewalk/shared/time-zones';
import { useLocationIncidents } from '../../../api/incidents.ts';
import { LazyLocationMap } from './lazy-location-map.tsx';
import { UnresolvedOnlySwitch } from '../../../components/incidents-table/unresolved-only-switch.tsx';

const countText = (count: number, unresolvedOnly: boolean) =>
  `${count} ${unresolvedOnly ? 'unresolved ' : ''}${count === 1 ? 'incident' : 'incidents'}`;

const FIRST_PAGE: DataTableQuery = { page: 1, pageSize: 10, searchTerm: '' };
/**
 * The location's incidents: the map (the location's pin numbered with the incidents shown) with the
 * unresolved-only toggle, on at first, and the incidents table under the same filter. A row opens the
 * incident with this tab as its origin ('Back to Location').
 */
export const IncidentsTab = ({ location }: { location: Location }) => {
  const [unresolvedOnly, setUnresolvedOnly] = useState(true);
  const [query, setQuery] = useState<DataTableQuery>(FIRST_PAGE);
  // The counts come with every page; the map's is the whole location's, whatever the search.
  const counts = useLocationIncidents({
    locationId: location.id,
    unresolvedOnly: false,
    page: 1,
    pageSize: 5,
    searchTerm: '',
  });
  const incidents = useLocationIncidents({ locationId: location.id, unresolvedOnly, ...query });
  const shown = counts.data ? (unresolvedOnly ? counts.data.unresolvedCount : counts.data.totalCount) : null;
  const failure = counts.error ?? incidents.error;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <UnresolvedOnlySwitch
          checked={unresolvedOnly}
          onChange={(next) => {
            // A new filter starts again at page 1 (the table is remade below).
            setUnresolvedOnly(next);
            setQuery(FIRST_PAGE);
          }}
        />
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          <Typography role="status" aria-live="polite" color="text.secondary">
            {shown === null ? '' : `${countText(shown, unresolvedOnly)} on the map`}
          </Typography>
          <DownloadCsvButton kind="incidents" locationId={location.id} scopeName={location.name} />
        </Stack>
      </Stack>
      <LazyLocationMap
        height={{ xs: 280, md: 400 }}
        ariaLabel={`Map of the incidents at ${location.name}`}
        initialView={{ latitude: location.latitude, longitude: location.longitude, zoom: location.zoomLevel }}
        pin={
          shown
            ? {
                latitude: location.latitude,
                longitude: location.longitude,
                label: shown,
                title: `${countText(shown, unresolvedOnly)} at ${location.name}`,
              }
            : null
        }
      />
      {failure && <Alert severity="error">{errorMessageOf(failure) ?? messages.fetch.incidents}</Alert>}
      <IncidentsTable
        key={String(unresolvedOnly)}
        incidents={incidents.data?.incidents ?? []}
        timeZoneOf={() => locationTimeZone(location)}
        origin={`${paths.app.location.build(location.id)}#incidents`}
        server={{ total: incidents.data?.totalCount ?? 0, onQueryChange: setQuery }}
        loading={incidents.isPending}
        emptyText={unresolvedOnly ? 'No unresolved incidents.' : 'No incidents.'}
      />
    </Stack>
  );
};
