import { describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@sitewalk/shared/contract/index';
import { resources, routeKey, type RouteDef } from '@sitewalk/shared/contract/route';
import { resourceModules } from '@sitewalk/functions/handlers';
import { isolatedEnvironment } from '../support/isolated.ts';

/**
 * Which calls of the contract have a real handler and which still answer 501. The list of unserved calls
 * is printed on every run, so the gap is visible until the issues that fill it land.
 */
describe('contract coverage', () => {
  it('names every contract route a served handler implements, and lists the rest', async () => {
    await isolatedEnvironment(); // handler modules read their environment when loaded
    const served = new Set<string>();
    for (const resource of resources) {
      const load = resourceModules[resource];
      if (!load) continue;
      const { implementations } = await load();
      for (const name of Object.keys(implementations)) {
        const route = (routes as Record<string, RouteDef | undefined>)[name];
        expect(route, `${resource} implements ${name}, which the contract does not list`).toBeDefined();
        expect(route?.resource, `${name} is implemented by the wrong resource`).toBe(resource);
        served.add(name);
      }
    }
    const unserved = (Object.keys(routes) as RouteName[]).filter((name) => !served.has(name));
    console.info(
      `Contract routes served: ${served.size} of ${Object.keys(routes).length}.` +
        (unserved.length
          ? `\nNot served yet (501):\n  ${unserved.map((n) => `${routeKey(routes[n])}  (${n})`).join('\n  ')}`
          : ''),
    );
    expect(served.has('health.get')).toBe(true);
  });
});
