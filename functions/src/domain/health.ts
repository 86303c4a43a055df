import type { Env, tableEnv } from '../env.ts';
import { createDocumentClient } from '../db/client.ts';
import { readHealthItem } from '../db/health.ts';

/** The health check: the table answers one read (a failure throws, and is answered and logged as a 500). */
export const createHealthCheck = (env: Env<(typeof tableEnv)[number]>) => {
  const client = createDocumentClient(env);
  return async () => {
    await readHealthItem(client, env.TABLE_NAME);
  };
};
