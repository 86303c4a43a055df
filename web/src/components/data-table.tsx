import {
  Box,
  Button,
  Chip,
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
  useMediaQuery,
  useTheme,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { Fragment, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS, type Breakpoint } from '@sitewalk/shared/constants';
import { pageItems } from './pagination.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number];

export interface DataTableColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Shown only from this screen width (the spec's address columns appear from 768 px); cards show it always. */
  fromPx?: Breakpoint;
  /**
   * Its place on a phone's card (below 600 px): 'title' leads the card (the first column when none is), a
   * 'badge' sits beside the title (flags, status), an 'action' at the card's end; the rest are labelled fields.
   */
  card?: 'title' | 'badge' | 'action';
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

const hiddenBelow = (px: Breakpoint | undefined) =>
  px ? { display: 'none', [`@media (min-width: ${px}px)`]: { display: 'table-cell' } } : {};

export interface HeaderCell {
  key: string;
  header: string;
  fromPx?: Breakpoint;
  /** Said to screen readers only (a column of buttons). */
  hidden?: boolean;
  width?: number;
}

/** A table's head, shared by `DataTable` and the tables of their own (Activity's, whose rows unfold). */
export const TableHeader = ({ columns }: { columns: readonly HeaderCell[] }) => (
  <TableHead>
    <TableRow>
      {columns.map((column) => (
        <TableCell
          key={column.key}
          sx={{ fontWeight: 700, width: column.width, ...hiddenBelow(column.fromPx) }}
        >
          {column.hidden ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
        </TableCell>
      ))}
    </TableRow>
  </TableHead>
);

/**
 * A table with search, page sizes 5/10/25/50 and the spec's pagination. It pages and searches in the
 * browser over `rows`, or hands the query to the server (`server`). Below 600 px each row is a compact card
 * (see `DataTableColumn.card`): the same data and actions, without a table to scroll sideways.
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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
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
      {phone ? (
        <RowCards
          columns={columns}
          rows={visible}
          getRowId={getRowId}
          label={label}
          onRowClick={onRowClick}
          onRowKey={onRowKey}
          emptyText={loading ? null : emptyText}
        />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={label}>
            <TableHeader columns={columns} />
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
      )}
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

/** A value a card leaves out (an empty phone number): nothing to read. */
const isBlank = (node: ReactNode) => node === null || node === undefined || node === false || node === '';

/** Phones: the rows as cards, title and badges first, then the other columns as labelled fields. */
const RowCards = <T,>({
  columns,
  rows,
  getRowId,
  label,
  onRowClick,
  onRowKey,
  emptyText,
}: {
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string | number;
  label: string;
  onRowClick?: (row: T) => void;
  onRowKey: (event: KeyboardEvent, row: T) => void;
  emptyText: string | null;
}) => {
  const title = columns.find((column) => column.card === 'title') ?? columns[0];
  const badges = columns.filter((column) => column.card === 'badge');
  const actions = columns.filter((column) => column.card === 'action');
  const fields = columns.filter((column) => column !== title && !column.card);
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        px: 1.5,
        py: 0.5,
        display: 'grid',
        gap: 1,
        borderTop: 1,
        borderColor: 'divider',
        pt: 1.5,
      }}
    >
      {rows.map((row) => {
        const rendered = fields.map((column) => ({ column, value: column.render(row) }));
        const shownActions = actions
          .map((column) => ({ column, value: column.render(row) }))
          .filter(({ value }) => !isBlank(value));
        return (
          <Box
            component="li"
            key={getRowId(row)}
            tabIndex={onRowClick ? 0 : undefined}
            onClick={onRowClick ? () => onRowClick(row) : undefined}
            onKeyDown={onRowClick ? (event: KeyboardEvent) => onRowKey(event, row) : undefined}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 1.25,
              minWidth: 0,
              ...(onRowClick
                ? {
                    cursor: 'pointer',
                    '&:hover': { bgcolor: 'action.hover' },
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
                  }
                : {}),
            }}
          >
            <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {title?.render(row)}
              </Box>
              {badges.length > 0 && (
                <Stack
                  direction="row"
                  sx={{
                    gap: 0.5,
                    flexWrap: 'wrap',
                    justifyContent: 'flex-end',
                    flexShrink: 0,
                    maxWidth: '50%',
                  }}
                >
                  {badges.map((column) => {
                    const value = column.render(row);
                    return (
                      <Box key={column.key} title={column.header}>
                        {typeof value === 'string' ? (
                          <Chip size="small" variant="outlined" label={value} />
                        ) : (
                          value
                        )}
                      </Box>
                    );
                  })}
                </Stack>
              )}
            </Stack>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                // A long label ('Management Company') wraps rather than leave its value a word a line on a phone.
                gridTemplateColumns: 'fit-content(40%) minmax(0, 1fr)',
                columnGap: 1.5,
                rowGap: 0.25,
                m: 0,
                mt: 0.75,
                typography: 'body2',
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
              }}
            >
              {rendered
                .filter(({ value }) => !isBlank(value))
                .map(({ column, value }) => (
                  <Fragment key={column.key}>
                    <dt>{column.header}</dt>
                    <dd>{value}</dd>
                  </Fragment>
                ))}
            </Box>
            {shownActions.length > 0 && (
              <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 0.5, mt: 0.5 }}>
                {shownActions.map(({ column, value }) => (
                  <Fragment key={column.key}>{value}</Fragment>
                ))}
              </Stack>
            )}
          </Box>
        );
      })}
      {emptyText !== null && rows.length === 0 && (
        <Typography component="li" color="text.secondary" sx={{ py: 1 }}>
          {emptyText}
        </Typography>
      )}
    </Box>
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
