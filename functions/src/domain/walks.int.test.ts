import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type RoleId } from '@sitewalk/shared/roles';
import type { Actor } from '@sitewalk/shared/policy';
import { createWalkBody } from '@sitewalk/shared/schemas/walk';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { locationBody } from '../../../test/support/site.ts';
import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient } from '../db/client.ts';
import { createService, type DataService } from '../db/service.ts';
import type { CounterName } from '../db/counters.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';
import { createWalks } from './walks.ts';

/**
 * The domain's own check, below the route's role guard (which refuses an Employee before the domain is
 * called): a walk's ids are drawn only once the policy allows the create.
 */
let db: DataService;
const location = { locationId: 8101, organizationId: 8102, managementCompanyId: 8103 };
const actor = (roleId: RoleId, locationIds = [location.locationId]): Actor => ({
  userId: 1,
  roleId,
  managementCompanyIds: [location.managementCompanyId],
  organizationIds: [],
  locationIds,
});
const body = createWalkBody.parse({
  name: 'Round',
  locationId: location.locationId,
  markers: [1, 2].map((label) => ({ label, lat: 36.8 + label / 1000, lng: -119.7 })),
});
const counter = async (name: CounterName) => (await db.entities.counter.get({ name }).go()).data?.value ?? 0;

beforeAll(async () => {
  await isolatedEnvironment();
  const env = readEnv(tableEnv);
  db = createService(createDocumentClient(env), env.TABLE_NAME);
  await db.entities.location.create({ ...locationBody('Site', location.organizationId), ...location }).go();
});

describe('creating a walk', () => {
  it.each([
    ['a role the policy refuses at a location it sees', actor(Role.Employee), ForbiddenError],
    ['a location outside the actor’s scope', actor(Role.AssistantManager, [9999]), NotFoundError],
  ])('refused for %s, draws no walk or marker id', async (_, refused, error) => {
    const walks = createWalks(db);
    const before = await walks.create(actor(Role.Manager), body);
    const [walkIds, markerIds] = [await counter('walk'), await counter('marker')];
    await expect(walks.create(refused, body)).rejects.toBeInstanceOf(error);
    expect([await counter('walk'), await counter('marker')]).toEqual([walkIds, markerIds]);
    const after = await walks.create(actor(Role.Manager), body);
    expect(after.walkId).toBe(before.walkId + 1);
    expect(after.markers.map((m) => m.id)).toEqual([markerIds + 1, markerIds + 2]);
  });
});
