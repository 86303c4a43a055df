import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@sitewalk/shared/roles';
import { startTestHost, type TestHost } from '../support/host.ts';
import { callAs, useApiSignIns } from '../support/people.ts';
import {
  matrixRequest,
  ordered,
  scopedRoles,
  tenantWithEveryRole,
  type Tenant,
} from '../support/permission-matrix.ts';

// Its people's tokens go to Cognito too (POST /api/auth/mfa): real sign-ins.
useApiSignIns();

/**
 * The permission matrix's other half (the first: ./permission-matrix.test.ts, in a file of its own so the two
 * run side by side): every route, for every role, in the actor's own tenant, one call at a time (its writes
 * succeed, and their order matters; the deletes go last); none may answer 500.
 */
let t: TestHost;
let call: ReturnType<typeof callAs>;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestHost();
  call = callAs(t.host.url);
  tenant = await tenantWithEveryRole(t.host.url, 'A');
}, 120_000);
afterAll(() => t.host.close());

describe('the permission matrix', () => {
  it('answers every route, for every role in its own tenant, without a 500', async () => {
    const failures: string[] = [];
    for (const [name, route] of ordered) {
      for (const roleId of scopedRoles) {
        const actor = tenant.people[roleId];
        const victim = tenant.people[Role.Employee];
        const { status } = await matrixRequest(call, actor, name, route, tenant, victim);
        if (status >= 500) failures.push(`${roleId} ${route.method} ${route.path} -> ${status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
