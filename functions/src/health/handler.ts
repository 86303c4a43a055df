import { dataFromEnv } from '../composition.ts';
import { createResourceHandler } from '../http/handler.ts';

const db = dataFromEnv();

export const implementations = {
  'health.get': async () => {
    // One read proves the table answers; a failure surfaces as a 500 and is logged.
    await db.entities.counter.get({ name: 'health' }).go();
    return { status: 'ok' as const, time: new Date().toISOString() };
  },
};

export const handler = createResourceHandler('health', implementations);
