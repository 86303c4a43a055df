import { describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@sitewalk/shared/contract/index';
import { firstRoutes, routeOf } from './routes.ts';
import { laterRoutes } from './later-routes.ts';

describe("the SPA's routes", () => {
  it('hold every route of the contract once, first or later, as the contract defines it', () => {
    const first = Object.keys(firstRoutes);
    const later = Object.keys(laterRoutes);
    expect(first.filter((name) => later.includes(name))).toEqual([]);
    expect([...first, ...later].sort()).toEqual(Object.keys(routes).sort());
    for (const [name, route] of Object.entries({ ...firstRoutes, ...laterRoutes })) {
      expect(route, name).toBe(routes[name as RouteName]);
    }
  });

  it('answer a route by name from either part, and refuse a name the contract has not', async () => {
    // A first route without waiting: a call starts as it did before the split.
    expect(routeOf('auth.me')).toBe(routes['auth.me']);
    expect(await routeOf('walk.get')).toBe(routes['walk.get']);
    await expect(routeOf('walk.nothing' as RouteName)).rejects.toThrow('Unknown route walk.nothing');
  });
});
