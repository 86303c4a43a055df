import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Location } from '@sitewalk/shared/schemas/location';
import { DataTable, type DataTableColumn } from '../../components/data-table.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { UsersTable } from '../../components/users-table/users-table.tsx';
import { paths } from '../../config/paths.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { useLocationsOfOrganization } from '../../api/locations.ts';
import { useOrganization } from '../../api/organizations.ts';
import { formatDate } from '../../lib/time.ts';
import { useRouteId } from '../../lib/route-params.ts';
import { organizationPlacement } from './components/organization-helpers.ts';
import { OrganizationLoadError } from './components/organization-load-error.tsx';
import { OrganizationLogo } from './components/organization-logo.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Detail, DetailList } from '../../components/details.tsx';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
    <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

const locationColumns: DataTableColumn<Location>[] = [
  { key: 'name', header: 'Name', render: (location) => location.name },
  { key: 'address', header: 'Address', render: (location) => location.address, fromPx: 768 },
  { key: 'city', header: 'City', render: (location) => location.city, fromPx: 768 },
  { key: 'state', header: 'State', render: (location) => location.state, fromPx: 1024 },
  { key: 'zipcode', header: 'Zipcode', render: (location) => location.zipcode, fromPx: 1024 },
];

const matchesLocation = (location: Location, term: string) =>
  [location.name, location.address, location.city, location.state, location.zipcode].some((text) =>
    text.toLowerCase().includes(term),
  );

/** /app/organizations/{id}: the area's details, its users and its locations. */
export const OrganizationPage = () => {
  const id = useRouteId();
  return id === null ? <OrganizationLoadError /> : <OrganizationDetail id={id} />;
};

const OrganizationDetail = ({ id }: { id: number }) => {
  const { can } = useAuthorization();
  const navigate = useNavigate();
  const area = useOrganization(id);
  const locations = useLocationsOfOrganization(id);

  if (area.isPending) return <Spinner label="Loading area" />;
  if (area.isError) return <OrganizationLoadError />;

  const data = area.data;
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <PageHeader
        title={data.name}
        back={{ to: paths.app.organizations.build(), label: 'Back to Areas' }}
        leading={<OrganizationLogo organization={data} size={48} />}
        actions={
          can('update', organizationPlacement(data)) && (
            <Button
              component={RouterLink}
              to={paths.app.organizationUpdate.build(data.id)}
              variant="contained"
              startIcon={<EditIcon />}
            >
              Update
            </Button>
          )
        }
      />

      <Card variant="outlined">
        <CardContent>
          <DetailList>
            <Detail label="Name">{data.name}</Detail>
            <Detail label="ID">{data.id}</Detail>
            <Detail label="Created">{formatDate(data.createdAt)}</Detail>
            <Detail label="Management Company">{data.managementCompanyName ?? 'Unknown'}</Detail>
            <Detail label="Total Locations">{data.totalLocations}</Detail>
            <Detail label="Total Employees">{data.totalEmployees}</Detail>
          </DetailList>
        </CardContent>
      </Card>

      <Section title="Users">
        <UsersTable source={{ kind: 'organization', id: data.id }} />
      </Section>

      <Section title="Locations">
        {locations.isError ? (
          <ErrorPanel error={locations.error} onReset={() => void locations.refetch()} />
        ) : (
          <DataTable
            label="Locations"
            columns={locationColumns}
            rows={[...(locations.data ?? [])].sort((a, b) => a.name.localeCompare(b.name))}
            getRowId={(location) => location.id}
            matches={matchesLocation}
            onRowClick={(location) => void navigate(paths.app.location.build(location.id))}
            loading={locations.isPending}
            emptyText={locations.isPending ? 'Loading locations...' : 'No locations.'}
            searchPlaceholder="Search locations"
          />
        )}
      </Section>
    </Stack>
  );
};
