import {
  Box,
  Button,
  InputAdornment,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS } from '@sitewalk/shared/constants';
import { pageItems } from './pagination.ts';

export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number];

export interface DataTableColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Shown only from this screen width (the spec's address columns appear from 768 px). */
  fromPx?: number;
}

export interface DataTableQuery {
  page: number;
  pageSize: PageSize;
  searchTerm: string;
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string | number;
  /** An accessible name for the table. */
  label: string;
  /** Searching in the browser: which rows a term keeps. Without it (and without `server`) no search box. */
  matches?: (row: T, term: string) => boolean;
  /** The server pages and searches: `rows` is the current page, `total` counts every match. */
  server?: { total: number; onQueryChange: (query: DataTableQuery) => void; searchable?: boolean };
  onRowClick?: (row: T) => void;
  initialPageSize?: PageSize;
  searchPlaceholder?: string;
  emptyText?: string;
  loading?: boolean;
  /** Buttons beside the search box ('Add' …). */
  actions?: ReactNode;
}

const hiddenBelow = (px: number | undefined) =>
  px ? { display: 'none', [`@media (min-width: ${px}px)`]: { display: 'table-cell' } } : {};

/**
 * A table with search, page sizes 5/10/25/50 and the spec's pagination. It pages and searches in the
 * browser over `rows`, or hands the query to the server (`server`).
 */
export const DataTable = <T,>({
  columns,
  rows,
  getRowId,
  label,
  matches,
  server,
  onRowClick,
  initialPageSize = 10,
  searchPlaceholder = 'Search',
  emptyText = 'Nothing to show.',
  loading = false,
  actions,
}: DataTableProps<T>) => {
  const id = useId();
  const [query, setQuery] = useState<DataTableQuery>({ page: 1, pageSize: initialPageSize, searchTerm: '' });
  const update = (next: Partial<DataTableQuery>) => {
    const merged = { ...query, ...next };
    setQuery(merged);
    server?.onQueryChange(merged);
  };

  const term = query.searchTerm.trim().toLowerCase();
  const filtered = server || !matches || !term ? rows : rows.filter((row) => matches(row, term));
  const total = server ? server.total : filtered.length;
  const totalPages = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(query.page, totalPages);
  const visible = server ? rows : filtered.slice((page - 1) * query.pageSize, page * query.pageSize);
  const searchable = server ? server.searchable !== false : !!matches;

  const onRowKey = (event: KeyboardEvent, row: T) => {
    if (onRowClick && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onRowClick(row);
    }
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {(searchable || actions) && (
        <Stack direction="row" spacing={1} sx={{ p: 1.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {searchable && (
            <TextField
              size="small"
              type="search"
              placeholder={searchPlaceholder}
              value={query.searchTerm}
              onChange={(event) => update({ searchTerm: event.target.value, page: 1 })}
              slotProps={{
                htmlInput: { 'aria-label': `Search ${label}` },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
              sx={{ flex: '1 1 200px', maxWidth: 360 }}
            />
          )}
          <Box sx={{ flexGrow: 1 }} />
          {actions}
        </Stack>
      )}
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} sx={{ fontWeight: 700, ...hiddenBelow(column.fromPx) }}>
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((row) => (
              <TableRow
                key={getRowId(row)}
                hover={!!onRowClick}
                tabIndex={onRowClick ? 0 : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (event) => onRowKey(event, row) : undefined}
                sx={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column) => (
                  <TableCell key={column.key} sx={hiddenBelow(column.fromPx)}>
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {!loading && visible.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="text.secondary">{emptyText}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack
        direction="row"
        spacing={1}
        sx={{ p: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <TextField
          select
          size="small"
          id={`${id}-page-size`}
          label="Rows per page"
          value={query.pageSize}
          onChange={(event) => update({ pageSize: Number(event.target.value) as PageSize, page: 1 })}
          sx={{ minWidth: 130 }}
        >
          {PAGE_SIZE_OPTIONS.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
        <Pagination page={page} totalPages={totalPages} onPage={(next) => update({ page: next })} />
      </Stack>
    </Paper>
  );
};

/** Previous, the page numbers of `pageItems`, Next; nothing at one page or fewer. */
export const Pagination = ({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) => {
  const items = pageItems(page, totalPages);
  if (items.length === 0) return null;
  return (
    <Box component="nav" aria-label="Pagination" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
        ‹
      </Button>
      {items.map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            size="small"
            variant={item === page ? 'contained' : 'text'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onPage(item)}
            sx={{ minWidth: 36 }}
          >
            {item}
          </Button>
        ) : (
          <Box key={item} component="span" aria-hidden sx={{ alignSelf: 'center', px: 0.5 }}>
            …
          </Box>
        ),
      )}
      <Button
        size="small"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label="Next page"
      >
        ›
      </Button>
    </Box>
  );
};
