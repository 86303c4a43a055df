import { defineRoute } from './route.ts';
import { Role } from '../roles.ts';
import { idParams } from '../schemas/common.ts';
import {
  alert,
  alertPreferences,
  alertsPage,
  alertsQuery,
  markedRead,
  markReadBody,
  unreadCount,
} from '../schemas/alert.ts';

const resource = 'alert' as const;

export const alertRoutes = {
  'alert.some': defineRoute({
    method: 'GET',
    path: '/api/alert',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: "A page of the caller's alerts, newest first, by kind, location or unread only",
    query: alertsQuery,
    response: alertsPage,
  }),
  'alert.unreadCount': defineRoute({
    method: 'GET',
    path: '/api/alert/unread-count',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: "How many of the caller's alerts are unread (the bell's badge)",
    response: unreadCount,
  }),
  'alert.markRead': defineRoute({
    method: 'PUT',
    path: '/api/alert/{id}/read',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: 'Mark one of the caller’s alerts read or unread',
    params: idParams,
    body: markReadBody,
    response: alert,
  }),
  'alert.markAllRead': defineRoute({
    method: 'PUT',
    path: '/api/alert/read-all',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: "Mark all the caller's alerts read",
    response: markedRead,
  }),
  'alert.preferences': defineRoute({
    method: 'GET',
    path: '/api/alert/preferences',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: 'Which alerts the caller gets, in the app and by e-mail, and their daily summary',
    response: alertPreferences,
  }),
  'alert.setPreferences': defineRoute({
    method: 'PUT',
    path: '/api/alert/preferences',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: "Set the caller's alert preferences",
    body: alertPreferences,
    response: alertPreferences,
  }),
};
