import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { routes, type RouteName } from '@sitewalk/shared/contract/index';
import { resources, routeKey, type RouteDef } from '@sitewalk/shared/contract/route';
import { resourceModules } from '@sitewalk/functions/handlers';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, person, type Person } from '../support/people.ts';

/**
 * No route of the contract is unserved: each has a handler implementing it, and the local host answers it with
 * something other than its unserved-route answer (501, "… is listed in the API contract but not served yet").
 */

let t: TestHost;
beforeAll(async () => {
  t = await startTestHost();
});
afterAll(async () => {
  await t.host.close();
});

const NOT_SERVED = 'is listed in the API contract but not served yet';
const allRoutes = Object.entries(routes) as [RouteName, RouteDef][];

/** The route's path with every parameter filled by an id nobody has. */
const pathOf = (route: RouteDef) => route.path.replace(/\{[^}]+\}/g, '987654321');

describe('contract coverage', () => {
  it('has a handler implementation for every contract route, in its own resource', async () => {
    const served = new Set<string>();
    for (const resource of resources) {
      const load = resourceModules[resource];
      expect(load, `${resource} has no handler module`).toBeDefined();
      if (!load) continue;
      const { implementations } = await load();
      for (const name of Object.keys(implementations)) {
        const route = (routes as Record<string, RouteDef | undefined>)[name];
        expect(route, `${resource} implements ${name}, which the contract does not list`).toBeDefined();
        expect(route?.resource, `${name} is implemented by the wrong resource`).toBe(resource);
        served.add(name);
      }
    }
    const unserved = allRoutes
      .filter(([name]) => !served.has(name))
      .map(([name, r]) => `${routeKey(r)} (${name})`);
    expect(unserved).toEqual([]);
  });

  it('answers every contract route on the local host with something other than "not served" (501)', async () => {
    const call = callAs(t.host.url);
    let caller: Person = await person(t.host.url, Role.SuperUser);
    const answers: string[] = [];
    for (const [name, route] of allRoutes) {
      const ask = (who: Person) =>
        call(
          route.access === 'public' ? null : who,
          route.method,
          pathOf(route),
          route.body ? {} : undefined,
        );
      let answer = await ask(caller);
      // A route that ended the caller's session (a sign-out) leaves the next one a fresh caller.
      if (answer.status === 401 && route.access !== 'public') {
        caller = await person(t.host.url, Role.SuperUser);
        answer = await ask(caller);
      }
      const message = String((answer.body as { message?: unknown } | null)?.message ?? '');
      if (answer.status === 501 || message.includes(NOT_SERVED) || message.startsWith('No route for')) {
        answers.push(`${routeKey(route)} (${name}): ${answer.status} ${message}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('tells an unserved route by the host’s answer: a path outside the contract is not taken for one', async () => {
    const answer = await callAs(t.host.url)(null, 'GET', '/api/no-such-resource');
    expect(answer.status).toBe(404);
    expect(String((answer.body as { message?: unknown }).message)).toMatch(/^No route for GET/);
  });
});
