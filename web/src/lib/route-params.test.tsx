import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseRouteId, useRouteId } from './route-params.ts';

describe('parseRouteId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %s as the id %d', (text, id) => {
    expect(parseRouteId(text)).toBe(id);
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['zero', '0'],
    ['a leading zero', '01'],
    ['negative', '-3'],
    ['signed', '+3'],
    ['a fraction', '1.5'],
    ['an exponent', '1e3'],
    ['hexadecimal', '0x10'],
    ['letters', 'abc'],
    ['digits then letters', '12abc'],
    ['spaces', ' 12 '],
    ['too large to be exact', '9007199254740993'],
    ['seventeen digits', '12345678901234567'],
  ])('answers null for %s', (_case, text) => {
    expect(parseRouteId(text)).toBeNull();
  });
});

const ShowId = ({ name }: { name?: string }) => {
  const id = useRouteId(name);
  return <p>{id === null ? 'not found' : `id ${id}`}</p>;
};

const renderAt = (url: string, path: string, name?: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path, element: <ShowId name={name} /> }], { initialEntries: [url] })}
    />,
  );

describe('useRouteId', () => {
  it("reads the route's :id", async () => {
    renderAt('/app/locations/17', '/app/locations/:id');
    expect(await screen.findByText('id 17')).toBeInTheDocument();
  });

  it('reads a parameter by its name', async () => {
    renderAt(
      '/app/locations/3/walk-reports/88',
      '/app/locations/:id/walk-reports/:walkReportId',
      'walkReportId',
    );
    expect(await screen.findByText('id 88')).toBeInTheDocument();
  });

  it('answers null for a bad id, so the page shows its not found', async () => {
    renderAt('/app/locations/0x1', '/app/locations/:id');
    expect(await screen.findByText('not found')).toBeInTheDocument();
  });

  it('answers null when the route has no such parameter', async () => {
    renderAt('/app/locations', '/app/locations', 'id');
    expect(await screen.findByText('not found')).toBeInTheDocument();
  });
});
