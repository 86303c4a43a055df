import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { messages } from '@sitewalk/shared/messages';
import type { ManagementCompany } from '@sitewalk/shared/schemas/managementCompany';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../components/data-table.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { useManagementCompaniesPage } from '../../api/management-companies.ts';
import { CompanyLogo } from './components/company-logo.tsx';
import { PageHeader } from '../../components/page-header.tsx';

const wrap = { overflowWrap: 'anywhere', minWidth: 0 } as const;

const columns: DataTableColumn<ManagementCompany>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (company) => (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <CompanyLogo company={company} />
        {/* break-word, not anywhere: whole words set the column's narrowest width, the e-mail gives way. */}
        <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'break-word', minWidth: 0 }}>
          {company.name}
        </Box>
      </Stack>
    ),
  },
  { key: 'email', header: 'Email', render: (company) => <Box sx={wrap}>{company.email}</Box> },
  { key: 'phone', header: 'Phone', render: (company) => company.phone ?? '', fromPx: 768 },
  {
    key: 'website',
    header: 'Website',
    render: (company) => <Box sx={wrap}>{company.website ?? ''}</Box>,
    fromPx: 1024,
  },
];

/** A refusal is the API's own answer (the error panel says it); anything else is the spec's load failure. */
const isRefusal = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/** The management company list: paged and searched by the API. */
export const ManagementCompaniesPage = () => {
  const navigate = useNavigate();
  const { can } = useAuthorization();
  const [query, setQuery] = useState({ limit: 10, offset: 0, searchTerm: '' });
  const companies = useManagementCompaniesPage({
    limit: query.limit,
    offset: query.offset,
    searchTerm: query.searchTerm.trim() || undefined,
  });
  // Any id will do: creating is a question of role alone.
  const canCreate = can('create', { kind: 'managementCompany', id: 0 });

  const onQueryChange = ({ page, pageSize, searchTerm }: DataTableQuery) =>
    setQuery({ limit: pageSize, offset: (page - 1) * pageSize, searchTerm });

  const open = (company: ManagementCompany) =>
    void navigate(paths.app.managementCompany.build(company.id), { state: { currentCompany: company } });

  let body;
  if (companies.isPending) body = <Spinner label="Loading management companies" />;
  else if (companies.isError)
    body = (
      <ErrorPanel
        error={isRefusal(companies.error) ? companies.error : messages.fetch.managementCompanies}
        onReset={() => void companies.refetch()}
      />
    );
  else
    body = (
      <DataTable
        label="Management companies"
        columns={columns}
        rows={companies.data.managementCompanies}
        getRowId={(company) => company.id}
        server={{ total: companies.data.totalCount, onQueryChange }}
        onRowClick={open}
        searchPlaceholder="Search management companies"
        emptyText={
          query.searchTerm.trim() ? 'No management companies match.' : 'No management companies yet.'
        }
        loading={companies.isFetching}
        actions={
          canCreate && (
            <Button
              component={RouterLink}
              to={paths.app.managementCompanyAdd.build()}
              variant="contained"
              startIcon={<AddIcon />}
            >
              Add
            </Button>
          )
        }
      />
    );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader title="Management Companies" />
      {body}
    </Stack>
  );
};
