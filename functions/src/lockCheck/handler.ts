import { dataFromEnv, storageFromEnv, withActors } from '../composition.ts';
import { createResourceHandler, type Implementations } from '../http/handler.ts';
import { lockCheckRoutes } from '@sitewalk/shared/contract/lockCheck';
import { createRosters } from '../domain/rosters.ts';
import { createLockChecks } from '../domain/lock-checks.ts';
import { NotAvailableError } from '../domain/errors.ts';
import { toRosterVersion, toRosterVersionSummary } from '../views/rosters.ts';

const db = dataFromEnv();
const rosters = createRosters({ db });
const lockChecks = createLockChecks({ db, storage: storageFromEnv() });

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

  'lockCheck.start': async ({ actor, body }) => lockChecks.start(actor, body),

  'lockCheck.get': async ({ actor, params }) => lockChecks.get(actor, params.lockCheckId),

  'lockCheck.someByLocation': async ({ actor, params, query }) =>
    lockChecks.byLocation(actor, params.locationId, query),

  'lockCheck.recordResult': async ({ actor, params, body }) =>
    lockChecks.recordResult(actor, params.lockCheckId, body),

  'lockCheck.finish': async ({ actor, params, body }) =>
    lockChecks.finish(actor, params.lockCheckId, body.finishedAt),

  'lockCheck.unitHistory': async ({ actor, params, query }) =>
    lockChecks.unitHistory(actor, params.locationId, query),

  'lockCheck.photoUpload': async ({ actor, params, body }) =>
    lockChecks.photoUpload(actor, params.lockCheckId, body),

  'lockCheck.photo': async ({ actor, params }) =>
    lockChecks.photo(actor, params.lockCheckId, params.imageName),

  'lockCheck.resolveDiscrepancy': async () => {
    throw new NotAvailableError('Resolving a discrepancy is not available yet');
  },
};

export const handler = createResourceHandler('lockCheck', lockCheckRoutes, implementations, withActors(db));
