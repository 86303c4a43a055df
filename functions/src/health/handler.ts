import { healthRoutes } from '@sitewalk/shared/contract/health';
import { readEnv, tableEnv } from '../env.ts';
import { createHealthCheck } from '../domain/health.ts';
import { createResourceHandler } from '../http/handler.ts';

const checkHealth = createHealthCheck(readEnv(tableEnv));

export const implementations = {
  'health.get': async () => {
    await checkHealth();
    return { status: 'ok' as const, time: new Date().toISOString() };
  },
};

export const handler = createResourceHandler('health', healthRoutes, implementations);
