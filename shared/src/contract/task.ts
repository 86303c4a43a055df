import * as z from 'zod';
import { defineRoute } from './route.ts';
import { Role } from '../roles.ts';
import { deleted, idParam, idParams, pagedQuery } from '../schemas/common.ts';
import {
  assignees,
  createTaskBody,
  task,
  taskComment,
  taskCommentBody,
  tasksPage,
  tasksQuery,
  updateTaskBody,
} from '../schemas/task.ts';

const resource = 'task' as const;

export const taskRoutes = {
  'task.create': defineRoute({
    method: 'POST',
    path: '/api/task',
    resource,
    access: Role.AssistantManager,
    source: 'added',
    summary:
      'Create a task at a location, on its own or from an incident or an alert; the assignee is e-mailed',
    body: createTaskBody,
    response: task,
    status: 201,
  }),
  'task.some': defineRoute({
    method: 'GET',
    path: '/api/task',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: 'A page of tasks: mine, my locations’ or overdue, by status, priority, location and search term',
    query: tasksQuery,
    response: tasksPage,
  }),
  'task.get': defineRoute({
    method: 'GET',
    path: '/api/task/{id}',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: 'One task with its comments, oldest first',
    params: idParams,
    response: task,
  }),
  'task.update': defineRoute({
    method: 'PUT',
    path: '/api/task/{id}',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: "Change a task's texts, assignee, due time, priority or status",
    params: idParams,
    body: updateTaskBody,
    response: task,
  }),
  'task.delete': defineRoute({
    method: 'DELETE',
    path: '/api/task/{id}',
    resource,
    access: Role.Manager,
    source: 'added',
    summary: 'Delete a task',
    params: idParams,
    response: deleted,
  }),
  'task.addComment': defineRoute({
    method: 'POST',
    path: '/api/task/{id}/comment',
    resource,
    access: Role.Employee,
    source: 'added',
    summary: 'Comment on a task; the author is the caller',
    params: idParams,
    body: taskCommentBody,
    response: taskComment,
    status: 201,
  }),
  'task.assignees': defineRoute({
    method: 'GET',
    path: '/api/task/assignees/{locationId}',
    resource,
    access: Role.AssistantManager,
    source: 'added',
    summary:
      'A page of whom the caller may assign a task at this location to, by last name (search over name, e-mail and role)',
    params: z.object({ locationId: idParam }),
    query: pagedQuery,
    response: assignees,
  }),
};
