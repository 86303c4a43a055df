import { dataFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { lockCheckRoutes } from '@sitewalk/shared/contract/lockCheck';
import { createRosters } from '../domain/rosters.ts';
import { createLockCheckCadences } from '../domain/lock-check-cadence.ts';
import { toRosterVersion, toRosterVersionSummary } from '../views/rosters.ts';

const db = dataFromEnv();
const rosters = createRosters({ db });
const cadences = createLockCheckCadences({ db });

export const implementations: Implementations<'lockCheck'> = {
  'rosterMapping.get': async ({ actor, params }) => ({
    mapping: await rosters.getMapping(actor, params.managementCompanyId),
  }),

  'rosterMapping.set': async ({ actor, params, body }) => ({
    mapping: await rosters.setMapping(actor, params.managementCompanyId, body),
  }),

  'roster.get': async ({ actor, params, query }) =>
    toRosterVersion(await rosters.get(actor, params.locationId, query.version)),

  'roster.import': async ({ actor, params, body }) => rosters.import(actor, params.locationId, body),

  'rosterVersion.someByLocation': async ({ actor, params, query }) => {
    const { items, totalCount } = await rosters.versions(actor, params.locationId, query);
    return { versions: items.map(toRosterVersionSummary), totalCount };
  },

  'lockCheck.cadence': async ({ actor, params }) => cadences.get(actor, params.locationId),

  'lockCheck.setCadence': async ({ actor, params, body }) =>
    cadences.set(actor, params.locationId, body.everyDays),
};

export const handler = createResourceHandler('lockCheck', lockCheckRoutes, implementations, withActors(db));
