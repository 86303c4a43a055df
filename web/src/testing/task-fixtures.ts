import type { Task } from '@sitewalk/shared/schemas/task';

/** A task as `GET /api/task/{id}` answers: open, assigned to Eli Employee (id 21) at Harbor Self Storage. */
export const aTask = (overrides: Partial<Task> = {}): Task => ({
  id: 9,
  title: 'Fix the east gate',
  description: 'The latch does not catch.',
  locationId: 4,
  location: { name: 'Harbor Self Storage' },
  assignee: { id: 21, firstName: 'Eli', lastName: 'Employee' },
  createdBy: { id: 7, firstName: 'Dana', lastName: 'Walker' },
  dueAt: '2026-11-25T17:00:00.000Z',
  priority: 2,
  status: 'open',
  overdue: false,
  incidentId: null,
  alertId: null,
  lockDiscrepancy: null,
  comments: [],
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T09:00:00.000Z',
  completedAt: null,
  ...overrides,
});

const assignable = [
  { id: 22, firstName: 'Ana', lastName: 'Assistant', roleId: 5 },
  { id: 21, firstName: 'Eli', lastName: 'Employee', roleId: 1 },
];

/**
 * The people a task may be assigned to at Harbor Self Storage, by last name, as `task.assignees` pages them:
 * those whose name holds `searchTerm`, if any.
 */
export const someAssignees = (query?: URLSearchParams) => {
  const term = (query?.get('searchTerm') ?? '').toLowerCase();
  const users = assignable.filter((u) => `${u.firstName} ${u.lastName}`.toLowerCase().includes(term));
  return { users, totalCount: users.length };
};
