import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Organization } from '@sitewalk/shared/schemas/organization';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../components/data-table.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { paths } from '../../config/paths.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { useOrganizationsPage } from '../../api/organizations.ts';
import { useMayAddOrganization } from './hooks/use-may-add-organization.ts';
import { formatDate } from '../../lib/time.ts';
import { OrganizationLogo } from './components/organization-logo.tsx';
import { PageHeader } from '../../components/page-header.tsx';

const columns: DataTableColumn<Organization>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (area) => (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <OrganizationLogo organization={area} />
        {/* break-word, not anywhere: whole words set the column's narrowest width ('Cent/ral Regi/on' at 768 px). */}
        <Box component="span" sx={{ overflowWrap: 'break-word' }}>
          {area.name}
        </Box>
      </Stack>
    ),
  },
  {
    key: 'company',
    header: 'Management Company',
    render: (area) => area.managementCompanyName ?? '',
    fromPx: 640,
  },
  { key: 'locations', header: 'Locations', render: (area) => area.totalLocations, fromPx: 768 },
  { key: 'employees', header: 'Employees', render: (area) => area.totalEmployees, fromPx: 768 },
  { key: 'created', header: 'Created', render: (area) => formatDate(area.createdAt), fromPx: 1024 },
];

/** /app/organizations: the areas of the signed-in user's scope, by name, searched and paged by the API. */
export const OrganizationsPage = () => {
  const { actor } = useAuthorization();
  const navigate = useNavigate();
  const mayAdd = useMayAddOrganization();
  const [query, setQuery] = useState<DataTableQuery>({ page: 1, pageSize: 10, searchTerm: '' });
  const areas = useOrganizationsPage({ userId: actor.userId, ...query });

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader title="Areas" />
      {areas.isError ? (
        <ErrorPanel error={areas.error} onReset={() => void areas.refetch()} />
      ) : (
        <DataTable
          label="Areas"
          columns={columns}
          rows={[...(areas.data?.organizations ?? [])].sort((a, b) => a.name.localeCompare(b.name))}
          getRowId={(area) => area.id}
          server={{ total: areas.data?.totalCount ?? 0, onQueryChange: setQuery }}
          onRowClick={(area) => void navigate(paths.app.organization.build(area.id))}
          loading={areas.isPending}
          emptyText={areas.isPending ? 'Loading areas...' : 'No areas.'}
          searchPlaceholder="Search areas"
          actions={
            mayAdd ? (
              <Button
                component={RouterLink}
                to={paths.app.organizationAdd.build()}
                variant="contained"
                startIcon={<AddIcon />}
              >
                Add Area
              </Button>
            ) : null
          }
        />
      )}
    </Stack>
  );
};
