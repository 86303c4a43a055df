import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubScreenWidth } from '../testing/viewport.ts';
import { DataTable, type DataTableColumn } from './data-table.tsx';
import { columnTexts } from '../testing/test-utils.tsx';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = Array.from({ length: 60 }, (_, index) => ({ id: index + 1, name: `Site ${index + 1}` }));
const columns: DataTableColumn<Row>[] = [
  { key: 'id', header: 'ID', render: (row) => row.id },
  { key: 'name', header: 'Name', render: (row) => row.name },
];
const bodyNames = () => columnTexts(1);

const renderTable = (extra: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) =>
  render(
    <DataTable
      label="Sites"
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      matches={(row, term) => row.name.toLowerCase().includes(term)}
      {...extra}
    />,
  );

describe('DataTable', () => {
  it('shows ten rows of the first page and the pagination of six pages', () => {
    renderTable();
    expect(bodyNames()).toHaveLength(10);
    const pages = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pages.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('pages, and offers the page sizes 5, 10, 25 and 50', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(bodyNames()[0]).toBe('Site 21');
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['5', '10', '25', '50']);
    await user.click(screen.getByRole('option', { name: '5' }));
    expect(bodyNames()).toEqual(['Site 1', 'Site 2', 'Site 3', 'Site 4', 'Site 5']);
    const pages = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pages.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '12',
    ]);
  });

  it('searches, back on the first page, and hides the pagination at one page', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search Sites' }), 'site 5');
    expect(bodyNames()).toEqual([
      'Site 5',
      'Site 50',
      'Site 51',
      'Site 52',
      'Site 53',
      'Site 54',
      'Site 55',
      'Site 56',
      'Site 57',
      'Site 58',
    ]);
    await user.type(screen.getByRole('searchbox', { name: 'Search Sites' }), '9');
    expect(bodyNames()).toEqual(['Site 59']);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('opens a row by click or keyboard', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    await user.click(screen.getByText('Site 2'));
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);
    screen.getByText('Site 3').closest('tr')?.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[2]);
  });

  it('hands paging and search to the server', async () => {
    const user = userEvent.setup();
    const onQueryChange = vi.fn();
    renderTable({ rows: rows.slice(0, 10), server: { total: 60, onQueryChange }, matches: undefined });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 2, pageSize: 10, searchTerm: '' });
    await user.type(screen.getByRole('searchbox', { name: 'Search Sites' }), 'x');
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, searchTerm: 'x' });
    expect(bodyNames()).toHaveLength(10);
  });
});

interface Report {
  id: number;
  walk: string;
  walker: string;
  phone: string;
  flags: number;
  status: string;
}
const reports: Report[] = Array.from({ length: 12 }, (_, index) => ({
  id: index + 1,
  walk: `Walk ${index + 1}`,
  walker: `Walker ${index + 1}`,
  phone: index === 0 ? '' : `555-010${index}`,
  flags: index % 3,
  status: index % 2 ? 'Resolved' : 'Unresolved',
}));
const reportColumns: DataTableColumn<Report>[] = [
  { key: 'walker', header: 'Name', render: (row) => row.walker },
  { key: 'walk', header: 'Walk', render: (row) => row.walk, card: 'title' },
  { key: 'id', header: 'Id', render: (row) => row.id, fromPx: 768 },
  { key: 'phone', header: 'Phone', render: (row) => row.phone, fromPx: 1024 },
  {
    key: 'flags',
    header: 'Flags',
    render: (row) => <span data-testid="flags">{row.flags} flags</span>,
    card: 'badge',
  },
  { key: 'status', header: 'Status', render: (row) => row.status, card: 'badge' },
  {
    key: 'details',
    header: 'Details',
    card: 'action',
    render: (row) => (
      <button type="button" onClick={(event) => event.stopPropagation()}>
        Details of {row.walk}
      </button>
    ),
  },
];
const renderReports = (extra: Partial<Parameters<typeof DataTable<Report>>[0]> = {}) =>
  render(
    <DataTable
      label="Walk Reports"
      columns={reportColumns}
      rows={reports}
      getRowId={(row) => row.id}
      matches={(row, term) => row.walk.toLowerCase().includes(term)}
      {...extra}
    />,
  );

describe('DataTable below 600 px: a card a row', () => {
  beforeEach(() => stubScreenWidth(375));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the same page of rows as cards, not a table', () => {
    renderReports();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Walk Reports' })).getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
  });

  it('leads with the title and the badges (flags, status), then every other column, wide-only ones too', () => {
    renderReports();
    const card = within(screen.getByRole('list', { name: 'Walk Reports' })).getAllByRole('listitem')[1]!;
    expect(card.textContent?.startsWith('Walk 2')).toBe(true);
    expect(within(card).getByTestId('flags')).toHaveTextContent('1 flags');
    expect(within(card).getByText('Resolved')).toBeInTheDocument();
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Name', 'Id', 'Phone']);
    expect(
      within(card)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Walker 2', '2', '555-0101']);
  });

  it('leaves out a field with nothing to show', () => {
    renderReports();
    const first = within(screen.getByRole('list', { name: 'Walk Reports' })).getAllByRole('listitem')[0]!;
    expect(
      within(first)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Name', 'Id']);
  });

  it('opens a card as a row opens, by click and by Enter, and its action does not open it', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderReports({ onRowClick });
    const cards = within(screen.getByRole('list', { name: 'Walk Reports' })).getAllByRole('listitem');
    await user.click(cards[2]!);
    expect(onRowClick).toHaveBeenLastCalledWith(reports[2]);
    cards[3]!.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(reports[3]);
    await user.click(within(cards[4]!).getByRole('button', { name: 'Details of Walk 5' }));
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it('searches and pages the cards as the table', async () => {
    const user = userEvent.setup();
    renderReports();
    await user.type(screen.getByRole('searchbox', { name: 'Search Walk Reports' }), 'walk 1');
    const cards = within(screen.getByRole('list', { name: 'Walk Reports' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getAllByRole('definition')[0]?.textContent)).toEqual([
      'Walker 1',
      'Walker 10',
      'Walker 11',
      'Walker 12',
    ]);
  });

  it('says when there is nothing, and nothing while loading', () => {
    const { rerender } = render(
      <DataTable
        label="Empty"
        columns={reportColumns}
        rows={[]}
        getRowId={(row) => row.id}
        emptyText="No walk reports."
      />,
    );
    expect(screen.getByText('No walk reports.')).toBeInTheDocument();
    rerender(
      <DataTable
        label="Empty"
        columns={reportColumns}
        rows={[]}
        getRowId={(row) => row.id}
        emptyText="No walk reports."
        loading
      />,
    );
    expect(screen.queryByText('No walk reports.')).not.toBeInTheDocument();
  });

  it('from 600 px stays a table', () => {
    stubScreenWidth(600);
    renderReports();
    expect(screen.getByRole('table', { name: 'Walk Reports' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Walk Reports' })).not.toBeInTheDocument();
  });
});
