import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table.tsx';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = Array.from({ length: 60 }, (_, index) => ({ id: index + 1, name: `Site ${index + 1}` }));
const columns: DataTableColumn<Row>[] = [
  { key: 'id', header: 'ID', render: (row) => row.id },
  { key: 'name', header: 'Name', render: (row) => row.name },
];
const bodyNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

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
