import { beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnvironment } from '../../../test/support/isolated.ts';
import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient } from '../db/client.ts';
import { createService, type DataService } from '../db/service.ts';
import { deletedMeanwhile, toErrorResponse } from './error-mapper.ts';

/**
 * An update that loses the race against a delete of the same item: the handler read the item, the delete ran,
 * then the handler's ElectroDB `patch` finds nothing. Reproduced deterministically by patching an item that
 * is gone, as each resource's update does it.
 */
let db: DataService;

beforeAll(async () => {
  await isolatedEnvironment();
  const env = readEnv(tableEnv);
  db = createService(createDocumentClient(env), env.TABLE_NAME);
});

const failureOf = async (write: () => Promise<unknown>) => {
  try {
    await write();
  } catch (error) {
    return error;
  }
  throw new Error('the write to a missing item succeeded');
};

describe('an update of an item deleted meanwhile', () => {
  const gone = 987_654;
  const writes: [string, () => Promise<unknown>][] = [
    ['incident', () => db.entities.incident.patch({ incidentId: gone }).set({ priority: 1 }).go()],
    [
      'incident note',
      () =>
        db.entities.incident
          .patch({ incidentId: gone })
          .append({ notes: [{ id: 1, note: 'x', userId: 1, createdAt: new Date().toISOString() }] })
          .go(),
    ],
    ['walk', () => db.entities.walk.patch({ walkId: gone }).set({ name: 'x' }).go({ response: 'all_new' })],
    [
      'area',
      () =>
        db.entities.organization
          .patch({ organizationId: gone })
          .set({ name: 'x' })
          .composite({ managementCompanyId: 1 })
          .go({ response: 'all_new' }),
    ],
    [
      'company',
      () => db.entities.managementCompany.patch({ managementCompanyId: gone }).set({ name: 'x' }).go(),
    ],
    [
      'location',
      () =>
        db.entities.location
          .patch({ locationId: gone })
          .set({ city: 'x' })
          .composite({ managementCompanyId: 1, name: 'x' })
          .go(),
    ],
    // (A user's update is one transaction with its memberships: a canceled one is the user handler's to answer.)
    ['user', () => db.entities.user.patch({ userId: gone }).set({ companyEmail: true }).go()],
  ];

  it.each(writes)('of a %s answers 404, not 500', async (_, write) => {
    const { response, unexpected } = toErrorResponse(await failureOf(write));
    expect(unexpected).toBe(false);
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toEqual({
      success: false,
      error: 'Not Found',
      message: deletedMeanwhile,
      validationErrors: null,
    });
  });

  it('leaves other failures a 500', () => {
    expect(toErrorResponse(new Error('boom')).response.statusCode).toBe(500);
    expect(toErrorResponse(new Error('wrapped', { cause: new Error('deeper') })).response.statusCode).toBe(
      500,
    );
  });
});
