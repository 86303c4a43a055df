import * as z from 'zod';
import { defineRoute } from './route.ts';

export const healthRoutes = {
  'health.get': defineRoute({
    method: 'GET',
    path: '/api/health',
    resource: 'health',
    access: 'public',
    source: 'added',
    summary: 'Liveness of the API and its table',
    response: z.object({ status: z.literal('ok'), time: z.iso.datetime() }),
  }),
};
