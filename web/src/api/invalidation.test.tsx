import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes, type RouteName } from '@sitewalk/shared/contract/index';
import { Role } from '@sitewalk/shared/roles';
import type { CreateUserBody } from '@sitewalk/shared/schemas/user';
import { queryKeyOf } from '../lib/query.ts';
import { aLocation, aPerson, ada } from '../testing/fixtures.ts';
import { createFakeFetch } from '../testing/fake-api.ts';
import { createTestQueryClient } from '../testing/test-utils.tsx';
import { useCreateLocation, useDeleteLocation, useUpdateLocation } from './locations.ts';
import {
  useAddMembers,
  useCreateUser,
  useDeleteUser,
  useRemoveMember,
  useSetCompanyEmail,
  useUpdateUser,
} from './users.ts';

const allRoutes = Object.keys(routes) as RouteName[];

const userLists: RouteName[] = [
  'user.allByUser',
  'user.someByUser',
  'user.allByLocation',
  'user.someByLocation',
  'user.allByOrganization',
  'user.someByOrganization',
];

const userAnswer = {
  success: true,
  data: aPerson({ ...ada, id: 6 }),
  error: null,
  message: 'ok',
  validationErrors: null,
} as const;
const membershipAnswer = { success: true, count: 1 } as const;

/**
 * A query client holding one cached answer per route of the contract (none of them watched, so nothing
 * refetches), and the API answering the writes.
 */
const setup = () => {
  const fake = createFakeFetch({
    'user.createManager': () => userAnswer,
    'user.update': () => userAnswer,
    'user.companyEmail': () => aPerson({ ...ada, id: 6 }),
    'user.delete': () => ({ success: true, id: 6 }),
    'user.addToLocation': () => membershipAnswer,
    'user.removeFromLocation': () => membershipAnswer,
    'location.create': () => aLocation({ id: 21 }),
    'location.update': () => aLocation({ id: 21 }),
    'location.delete': () => ({ success: true, id: 21 }),
  });
  vi.stubGlobal('fetch', fake.fetch);
  const queryClient = createTestQueryClient();
  for (const name of allRoutes) queryClient.setQueryData(queryKeyOf(name, { params: { id: 6 } }), {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper, fake };
};

/** The routes whose cached answers are marked stale now. */
const invalidated = (queryClient: QueryClient) =>
  allRoutes.filter(
    (name) => queryClient.getQueryState(queryKeyOf(name, { params: { id: 6 } }))?.isInvalidated,
  );

/** Runs one mutation through its hook and answers what it invalidated. */
const invalidatedBy = async <V,>(
  useHook: () => { mutateAsync: (input: V) => Promise<unknown> },
  input: V,
) => {
  const { queryClient, wrapper } = setup();
  const { result } = renderHook(useHook, { wrapper });
  await act(() => result.current.mutateAsync(input));
  return { routes: invalidated(queryClient), queryClient };
};

// The create body's fields do not matter here: the fake API answers any.
const createBody = { userInfo: { firstName: 'Jamie' } } as unknown as CreateUserBody;
const location = aLocation({ id: 6 });
const container = {
  kind: 'location',
  id: 6,
  locationId: 6,
  organizationId: 2,
  managementCompanyId: 1,
} as const;

afterEach(() => vi.unstubAllGlobals());

describe('the users group', () => {
  it('creating a user refreshes exactly what updating one does, every list of users among it', async () => {
    const created = await invalidatedBy(useCreateUser, { roleId: Role.Manager, body: createBody });
    const updated = await invalidatedBy(useUpdateUser, { userInfo: { id: 6 } } as never);
    expect(created.routes).toEqual(updated.routes);
    expect(created.routes).toEqual(expect.arrayContaining(userLists));
    // The areas' and locations' totals count users too, and the signed-in user may be the one changed.
    expect(created.routes).toEqual(
      expect.arrayContaining(['organization.get', 'organization.someByUser', 'location.get', 'auth.me']),
    );
  });

  it('leaves what a user does not show alone', async () => {
    const { routes: stale } = await invalidatedBy(useUpdateUser, { userInfo: { id: 6 } } as never);
    for (const name of ['task.some', 'walk.allByLocation', 'incident.search', 'alert.some'] as const)
      expect(stale).not.toContain(name);
  });

  it('the company e-mail switch and a membership change refresh the same group', async () => {
    const updated = await invalidatedBy(useUpdateUser, { userInfo: { id: 6 } } as never);
    const email = await invalidatedBy(useSetCompanyEmail, { userId: 6, enabled: true });
    const added = await invalidatedBy(useAddMembers, { container, userIds: [6] });
    const removed = await invalidatedBy(useRemoveMember, { container, userId: 6 });
    expect(email.routes).toEqual(updated.routes);
    expect(added.routes).toEqual(updated.routes);
    expect(removed.routes).toEqual(updated.routes);
  });

  it("deleting a user refreshes the lists and drops the user's own answer instead of asking for it again", async () => {
    const { routes: stale, queryClient } = await invalidatedBy(useDeleteUser, 6);
    expect(stale).toEqual(expect.arrayContaining(userLists));
    expect(queryClient.getQueryData(queryKeyOf('user.get', { params: { id: 6 } }))).toBeUndefined();
  });

  it('a failed create refreshes nothing', async () => {
    const { queryClient, wrapper } = setup();
    vi.stubGlobal('fetch', createFakeFetch({}).fetch);
    const { result } = renderHook(useCreateUser, { wrapper });
    await act(() =>
      result.current.mutateAsync({ roleId: Role.Manager, body: createBody }).catch(() => undefined),
    );
    expect(invalidated(queryClient)).toEqual([]);
  });
});

describe('the locations group', () => {
  it('creating a location refreshes the lists, the areas and the dashboard that updating one does', async () => {
    const created = await invalidatedBy(useCreateLocation, {} as never);
    const updated = await invalidatedBy(useUpdateLocation, location as never);
    expect(created.routes).toEqual(
      expect.arrayContaining([
        'location.someByUser',
        'location.allByUser',
        'location.someByOrganization',
        'location.allByOrganization',
        'organization.get',
        'incident.dashboard',
      ]),
    );
    expect(updated.routes).toEqual(expect.arrayContaining(created.routes));
  });

  it('deleting a location refreshes the lists but not the deleted location (it would answer 404)', async () => {
    const { routes: stale } = await invalidatedBy(useDeleteLocation, 6);
    expect(stale).toContain('location.allByUser');
    expect(stale).not.toContain('location.get');
  });
});
