import { healthRoutes } from '@sitewalk/shared/contract/health';
import { createDocumentClient } from '@sitewalk/functions/db/client';
import { createService } from '@sitewalk/functions/db/service';
import { createResourceHandler } from '@sitewalk/functions/http/handler';
import { readEnv, tableEnv } from '@sitewalk/functions/env';

/**
 * The stack floor (test/bench/cold-start.bench.ts): what every resource function pays before its own code,
 * with the libraries chosen for the backend — the document client, the ElectroDB service of every entity,
 * and the HTTP handler (middy, zod, Powertools Logger, Metrics and Tracer) around one route reading one item.
 */
const env = readEnv(tableEnv);
const db = createService(createDocumentClient(env), env.TABLE_NAME);

export const handler = createResourceHandler('health', healthRoutes, {
  'health.get': async () => {
    await db.entities.counter.get({ name: 'health' }).go();
    return { status: 'ok' as const, time: new Date().toISOString() };
  },
});
