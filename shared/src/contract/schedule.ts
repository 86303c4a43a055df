import * as z from 'zod';
import { defineRoute } from './route.ts';
import { Role } from '../roles.ts';
import { idParam } from '../schemas/common.ts';
import { schedule, scheduleBody, scheduleToday } from '../schemas/schedule.ts';

const resource = 'schedule' as const;
const locationParams = z.object({ locationId: idParam });

export const scheduleRoutes = {
  'schedule.get': defineRoute({
    method: 'GET',
    path: '/api/schedule/{locationId}',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: "A location's walk windows and time zone (the defaults until someone sets them)",
    params: locationParams,
    response: schedule,
  }),
  'schedule.set': defineRoute({
    method: 'PUT',
    path: '/api/schedule/{locationId}',
    resource,
    access: Role.Manager,
    source: 'added',
    summary: "Set a location's walk windows and time zone (Managers and above of the location)",
    params: locationParams,
    body: scheduleBody,
    response: schedule,
  }),
  'schedule.today': defineRoute({
    method: 'GET',
    path: '/api/schedule/today',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: "Today's windows of every location of the caller's scope (or one), each with its status now",
    query: z.object({ locationId: idParam.optional() }),
    response: scheduleToday,
  }),
};
