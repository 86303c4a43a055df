import { Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ADDRESS_COLUMNS_FROM_PX } from '@sitewalk/shared/constants';
import type { Location } from '@sitewalk/shared/schemas/location';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../components/data-table.tsx';
import { errorMessageOf } from '../../components/error-panel.tsx';
import { paths } from '../../config/paths.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { useLocationsPage } from '../../api/locations.ts';
import { useMayAddLocation } from './hooks/use-may-add-location.ts';
import { PageHeader } from '../../components/page-header.tsx';

const columns: DataTableColumn<Location>[] = [
  { key: 'name', header: 'Name', render: (location) => location.name },
  {
    key: 'address',
    header: 'Address',
    render: (location) => location.address,
    fromPx: ADDRESS_COLUMNS_FROM_PX,
  },
  { key: 'city', header: 'City', render: (location) => location.city, fromPx: ADDRESS_COLUMNS_FROM_PX },
  { key: 'state', header: 'State', render: (location) => location.state, fromPx: 768 },
  { key: 'zipcode', header: 'Zipcode', render: (location) => location.zipcode, fromPx: 768 },
  { key: 'area', header: 'Area', render: (location) => location.organizationName ?? '', fromPx: 1024 },
];

/**
 * /app/locations: the locations of the signed-in user's scope, by name, searched and paged by the API.
 * A failing list goes to /app/error, as every failing list does.
 */
export const LocationsPage = () => {
  const { actor } = useAuthorization();
  const navigate = useNavigate();
  const mayAdd = useMayAddLocation();
  const [query, setQuery] = useState<DataTableQuery>({ page: 1, pageSize: 10, searchTerm: '' });
  const locations = useLocationsPage({ userId: actor.userId, ...query });

  useEffect(() => {
    if (locations.isError) {
      void navigate(paths.app.error.build(), { state: { message: errorMessageOf(locations.error) } });
    }
  }, [locations.isError, locations.error, navigate]);

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader title="Locations" />
      <DataTable
        label="Locations"
        columns={columns}
        rows={[...(locations.data?.locations ?? [])].sort((a, b) => a.name.localeCompare(b.name))}
        getRowId={(location) => location.id}
        server={{ total: locations.data?.totalCount ?? 0, onQueryChange: setQuery }}
        onRowClick={(location) => void navigate(paths.app.location.build(location.id))}
        loading={locations.isPending}
        emptyText={locations.isPending ? 'Loading locations...' : 'No locations.'}
        searchPlaceholder="Search locations"
        actions={
          mayAdd ? (
            <Button
              component={RouterLink}
              to={paths.app.locationAdd.build()}
              variant="contained"
              startIcon={<AddIcon />}
            >
              Add Location
            </Button>
          ) : null
        }
      />
    </Stack>
  );
};
