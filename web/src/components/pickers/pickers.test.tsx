import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { PICKER_MATCHES } from '@sitewalk/shared/constants';
import { fakeError, type FakeHandlers } from '../../testing/fake-api.ts';
import { aLocation, anOrganization, aPerson } from '../../testing/fixtures.ts';
import { renderWithFakeApi, testCompanyManager } from '../../testing/test-utils.tsx';
import { areaSearchHandlers, locationSearchHandlers } from '../../testing/location-search.ts';
import { AreaPicker } from './area-picker.tsx';
import { LocationPicker } from './location-picker.tsx';
import { UserPicker } from './user-picker.tsx';

const harbor = aLocation({ id: 11, name: 'Harbor Self Storage' });
const bay = aLocation({ id: 12, name: 'Bay Storage', address: '9 Bay Rd', city: 'Shelbyville' });
const elsewhere = aLocation({ id: 13, name: 'Harbor East', managementCompanyId: 2 });
const all = [harbor, bay, elsewhere];

/** The server's search: name holds the term, case aside. */
const searchLocations: FakeHandlers['location.someByUser'] = ({ query }) => {
  const term = (query.get('searchTerm') ?? '').toLowerCase();
  const locations = all.filter((l) => l.name.toLowerCase().includes(term));
  return { locations, totalCount: locations.length };
};

/** A page that holds the picker and shows what it chose. */
const Harness = ({ initial = null, companyId }: { initial?: number | null; companyId?: number }) => {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <LocationPicker
        value={value}
        onChange={setValue}
        allLabel="All locations"
        managementCompanyId={companyId}
      />
      <output aria-label="chosen">{value ?? 'none'}</output>
    </>
  );
};

const renderPicker = (handlers: FakeHandlers, ui = <Harness />) =>
  renderWithFakeApi(ui, handlers, { user: testCompanyManager });

const box = () => screen.getByRole('combobox', { name: 'Location' });
const optionNames = () =>
  screen.getAllByRole('option').map((option) => option.firstChild?.firstChild?.textContent);

describe('LocationPicker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks nothing until opened, then asks the server for what is typed, PICKER_MATCHES at most', async () => {
    const { user, fake } = renderPicker({ 'location.someByUser': searchLocations });
    expect(fake.callsOf('location.someByUser')).toHaveLength(0);
    await user.click(box());
    await screen.findByRole('option', { name: /Bay Storage/ });
    await user.type(box(), 'harb');
    await screen.findByRole('option', { name: /Harbor Self Storage/ });
    expect(optionNames()).toEqual(['Harbor Self Storage', 'Harbor East']);
    const asked = fake.callsOf('location.someByUser').map(({ params, query }) => ({
      id: params.id,
      limit: query.get('limit'),
      searchTerm: query.get('searchTerm'),
    }));
    // The first on opening, the last for the whole word (the debounce itself: use-debounced-value.test.ts).
    expect(asked[0]).toEqual({
      id: String(testCompanyManager.id),
      limit: String(PICKER_MATCHES),
      searchTerm: null,
    });
    expect(asked.at(-1)).toEqual({
      id: String(testCompanyManager.id),
      limit: String(PICKER_MATCHES),
      searchTerm: 'harb',
    });
  });

  it('shows "Searching…" until the answer comes', async () => {
    let answer: () => void = () => undefined;
    const { user } = renderPicker({
      'location.someByUser': (request) =>
        new Promise((resolve) => {
          answer = () => resolve(searchLocations(request) as never);
        }),
    });
    await user.click(box());
    expect(await screen.findByText('Searching…')).toBeInTheDocument();
    answer();
    await screen.findByRole('option', { name: /Bay Storage/ });
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  });

  it('chooses a match with the keyboard and keeps its label; emptying the box is all again', async () => {
    const { user } = renderPicker({ 'location.someByUser': searchLocations });
    await user.click(box());
    await user.type(box(), 'bay');
    await screen.findByRole('option', { name: /Bay Storage/ });
    await waitFor(() => expect(optionNames()).toEqual(['Bay Storage']));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('chosen')).toHaveTextContent('12');
    expect(box()).toHaveValue('Bay Storage');
    await user.clear(box());
    expect(screen.getByLabelText('chosen')).toHaveTextContent('none');
    expect(box()).toHaveValue('');
    expect(box()).toHaveAttribute('placeholder', 'All locations');
  });

  it("shows a chosen location's name though it is not among the matches (a value from the address)", async () => {
    const { fake } = renderPicker(
      { 'location.someByUser': searchLocations, 'location.get': () => bay },
      <Harness initial={12} />,
    );
    await waitFor(() => expect(box()).toHaveValue('Bay Storage'));
    expect(fake.callsOf('location.get')[0]?.params).toEqual({ id: '12' });
    expect(fake.callsOf('location.someByUser')).toHaveLength(0);
  });

  it('says "No location matches" when the server finds none', async () => {
    const { user } = renderPicker({ 'location.someByUser': searchLocations });
    await user.click(box());
    await user.type(box(), 'zzz');
    expect(await screen.findByText('No location matches')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('says the search failed when the server fails', async () => {
    const { user } = renderPicker({ 'location.someByUser': () => fakeError(500, 'Internal server error') });
    await user.click(box());
    expect(await screen.findByText('The locations could not be searched.')).toBeInTheDocument();
  });

  it("asks the server for the chosen company's locations only when given one", async () => {
    const { user, fake } = renderPicker(locationSearchHandlers(all), <Harness companyId={2} />);
    await user.click(box());
    await user.type(box(), 'harbor');
    await screen.findByRole('option', { name: /Harbor East/ });
    expect(optionNames()).toEqual(['Harbor East']);
    const asked = fake.callsOf('location.someByUser');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((call) => call.query.get('managementCompanyId') === '2')).toBe(true);
  });
});

describe('LocationPicker, multiple', () => {
  afterEach(() => vi.unstubAllGlobals());

  const MultipleHarness = ({ initial = [], locked }: { initial?: number[]; locked?: number[] }) => {
    const [value, setValue] = useState<number[]>(initial);
    return (
      <>
        <LocationPicker
          multiple
          label="Locations"
          value={value}
          onChange={setValue}
          {...(locked ? { locked } : {})}
        />
        <output aria-label="chosen">{value.join(',') || 'none'}</output>
      </>
    );
  };
  const chips = () => Array.from(document.querySelectorAll('.MuiChip-label')).map((chip) => chip.textContent);

  it('reads the chosen ones by id (not the scope), adds what is picked from the search and removes a chip', async () => {
    const { user, fake } = renderPicker(locationSearchHandlers(all), <MultipleHarness initial={[12]} />);
    await waitFor(() => expect(chips()).toEqual(['Bay Storage']));
    expect(fake.callsOf('location.get').map((call) => call.params.id)).toEqual(['12']);
    expect(fake.callsOf('location.allByUser')).toHaveLength(0);

    const locations = screen.getByRole('combobox', { name: 'Locations' });
    await user.click(locations);
    await user.type(locations, 'harbor self');
    await user.click(await screen.findByRole('option', { name: /Harbor Self Storage/ }));
    expect(screen.getByLabelText('chosen')).toHaveTextContent('12,11');
    expect(chips()).toEqual(['Bay Storage', 'Harbor Self Storage']);
    // The picked one's name came with the search: not asked for again.
    expect(fake.callsOf('location.get')).toHaveLength(1);

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Bay Storage' }).querySelector('svg') as Element);
    expect(screen.getByLabelText('chosen')).toHaveTextContent('11');
  });

  it('keeps a locked one: no delete button, and clearing leaves it chosen', async () => {
    const { user } = renderPicker(
      locationSearchHandlers(all),
      <MultipleHarness initial={[11, 12]} locked={[11]} />,
    );
    await waitFor(() => expect(chips()).toEqual(['Harbor Self Storage', 'Bay Storage']));
    const deleteIconOf = (name: string) =>
      screen.getByText(name).closest('.MuiChip-root')?.querySelector('.MuiChip-deleteIcon');
    expect(deleteIconOf('Harbor Self Storage')).toBeNull();
    expect(deleteIconOf('Bay Storage')).not.toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Locations' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('chosen')).toHaveTextContent('11');
  });
});

describe('AreaPicker', () => {
  afterEach(() => vi.unstubAllGlobals());

  const north = anOrganization({ id: 41, name: 'North', city: 'Fresno', state: 'CA' });
  const south = anOrganization({ id: 42, name: 'South' });
  const boltNorth = anOrganization({ id: 43, name: 'Bolt North', managementCompanyId: 2 });

  const AreasHarness = ({ initial = [] }: { initial?: number[] }) => {
    const [value, setValue] = useState<readonly number[]>(initial);
    return (
      <>
        <AreaPicker multiple label="Areas" value={value} onChange={setValue} managementCompanyId={1} />
        <output aria-label="chosen">{value.join(',') || 'none'}</output>
      </>
    );
  };
  const chips = () => Array.from(document.querySelectorAll('.MuiChip-label')).map((chip) => chip.textContent);

  it("asks the server for the company's areas matching what is typed, PICKER_MATCHES at most, and reads only the chosen by id", async () => {
    const { user, fake } = renderPicker(
      areaSearchHandlers([north, south, boltNorth]),
      <AreasHarness initial={[42]} />,
    );
    await waitFor(() => expect(chips()).toEqual(['South']));
    expect(fake.callsOf('organization.get').map((call) => call.params.id)).toEqual(['42']);
    expect(fake.callsOf('organization.someByUser')).toHaveLength(0);

    const areas = screen.getByRole('combobox', { name: 'Areas' });
    await user.click(areas);
    await user.type(areas, 'nor');
    // Another company's 'Bolt North' is not offered: the server filtered by company.
    await waitFor(() => expect(optionNames()).toEqual(['North']));
    expect(screen.getByRole('option', { name: /North/ })).toHaveTextContent('Fresno, CA');
    const asked = fake.callsOf('organization.someByUser').at(-1);
    expect({
      userId: asked?.params.userId,
      limit: asked?.query.get('limit'),
      searchTerm: asked?.query.get('searchTerm'),
      managementCompanyId: asked?.query.get('managementCompanyId'),
    }).toEqual({
      userId: String(testCompanyManager.id),
      limit: String(PICKER_MATCHES),
      searchTerm: 'nor',
      managementCompanyId: '1',
    });
    expect(fake.callsOf('organization.allByUser')).toHaveLength(0);

    await user.click(screen.getByRole('option', { name: /North/ }));
    expect(screen.getByLabelText('chosen')).toHaveTextContent('42,41');
    expect(chips()).toEqual(['South', 'North']);
    expect(fake.callsOf('organization.get')).toHaveLength(1);

    await user.type(areas, 'zzz');
    expect(await screen.findByText('No area matches')).toBeInTheDocument();
  });

  it('says when the search fails', async () => {
    const { user } = renderPicker(
      { 'organization.someByUser': () => fakeError(500, 'Internal server error') },
      <AreasHarness />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Areas' }));
    expect(await screen.findByText('The areas could not be searched.')).toBeInTheDocument();
  });
});

describe('UserPicker', () => {
  afterEach(() => vi.unstubAllGlobals());

  const ana = aPerson({ id: 31, firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.com' });
  const ben = aPerson({ id: 32, firstName: 'Ben', lastName: 'Ortiz', email: 'ben@example.com' });

  const UserHarness = () => {
    const [value, setValue] = useState<number | null>(null);
    return (
      <>
        <UserPicker label="Who" value={value} onChange={setValue} source={{ kind: 'location', id: 11 }} />
        <output aria-label="chosen">{value ?? 'none'}</output>
      </>
    );
  };

  it("searches the source's users on the server and chooses one", async () => {
    const { user, fake } = renderWithFakeApi(
      <UserHarness />,
      {
        'user.someByLocation': ({ query }) => {
          const term = (query.get('searchTerm') ?? '').toLowerCase();
          const users = [ana, ben].filter((u) => `${u.firstName} ${u.lastName}`.toLowerCase().includes(term));
          return { users, totalCount: users.length };
        },
      },
      { user: testCompanyManager },
    );
    const who = screen.getByRole('combobox', { name: 'Who' });
    await user.click(who);
    await user.type(who, 'ort');
    await user.click(await screen.findByRole('option', { name: /Ben Ortiz/ }));
    expect(screen.getByLabelText('chosen')).toHaveTextContent('32');
    expect(fake.callsOf('user.someByLocation').at(-1)).toMatchObject({ params: { id: '11' } });
    expect(fake.callsOf('user.someByLocation').at(-1)?.query.get('searchTerm')).toBe('ort');
  });
});
