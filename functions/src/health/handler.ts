import { readEnv, tableEnv } from '../env.ts';
import { createDocumentClient } from '../db/client.ts';
import { createService } from '../db/service.ts';
import { createResourceHandler } from '../http/handler.ts';

const env = readEnv(tableEnv);
const db = createService(createDocumentClient(env), env.TABLE_NAME);

export const implementations = {
  'health.get': async () => {
    // One read proves the table answers; a failure surfaces as a 500 and is logged.
    await db.entities.counter.get({ name: 'health' }).go();
    return { status: 'ok' as const, time: new Date().toISOString() };
  },
};

export const handler = createResourceHandler('health', implementations);
