import { Alert, Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { INCIDENT_PRIORITIES } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import { taskStatusNames, taskStatuses, type Task } from '@sitewalk/shared/schemas/task';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../components/data-table.tsx';
import { errorMessageOf } from '../../components/error-panel.tsx';
import { paths } from '../../config/paths.ts';
import { useCurrentUser } from '../../lib/auth.tsx';
import { taskPlacement, useAuthorization } from '../../lib/authorization.ts';
import { useLocationsPage } from '../../api/locations.ts';
import { useTasksPage, type TaskView, type TasksInput } from '../../api/tasks.ts';
import { useLocationTimeZones } from '../../hooks/use-location-time-zone.ts';
import { formatDateTime } from '../../lib/time.ts';
import { PriorityChip } from '../../components/priority-chip.tsx';
import { StatusChip } from './task-chips.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { PageHeader } from '../../components/page-header.tsx';

const FIRST_PAGE: DataTableQuery = { page: 1, pageSize: 10, searchTerm: '' };
const VIEWS: { view: TaskView; label: string }[] = [
  { view: 'mine', label: 'Mine' },
  { view: 'locations', label: 'My locations' },
  { view: 'overdue', label: 'Overdue' },
];

/** The columns, with each task's due time in its location's zone. */
const columnsWith = (timeZoneOf: (locationId: number) => string | undefined): DataTableColumn<Task>[] => [
  {
    key: 'title',
    header: 'Task',
    render: (task) => (
      // break-word, not anywhere: whole words set the column's narrowest width.
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
        {task.title}
      </Typography>
    ),
  },
  { key: 'location', header: 'Location', render: (task) => task.location.name, fromPx: 768 },
  {
    key: 'assignee',
    header: 'Assignee',
    render: (task) => (task.assignee ? `${task.assignee.firstName} ${task.assignee.lastName}` : 'Unassigned'),
    fromPx: 1024,
  },
  {
    key: 'due',
    header: 'Due',
    render: (task) => (
      <Typography
        variant="body2"
        color={task.overdue ? 'error' : 'text.primary'}
        sx={{ fontWeight: task.overdue ? 700 : 400 }}
      >
        {formatDateTime(task.dueAt, { timeZone: timeZoneOf(task.locationId) })}
        {task.overdue && ' · Overdue'}
      </Typography>
    ),
  },
  {
    key: 'priority',
    header: 'Priority',
    render: (task) => <PriorityChip priority={task.priority} />,
    fromPx: 640,
  },
  { key: 'status', header: 'Status', render: (task) => <StatusChip status={task.status} /> },
];

const PRIORITY_OPTIONS = Object.entries(INCIDENT_PRIORITIES).map(([id, name]) => ({
  value: id as NonNullable<TasksInput['priority']>,
  label: name,
}));

/** /app/tasks: tasks assigned to me, at my locations, or overdue there; by status and priority, searched and paged. */
export const TasksPage = () => {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { can } = useAuthorization();
  // Whether a task may be created anywhere: the policy asks only the actor's role and that the location is
  // in their scope, so any one location of the scope answers for all of them (not the whole scope, 500 for an owner).
  const anyLocation = useLocationsPage({ userId: user.id, page: 1, pageSize: 1, searchTerm: '' }).data
    ?.locations[0];
  const mayCreate = can('create', taskPlacement(anyLocation));
  const [view, setView] = useState<TaskView>('mine');
  const [status, setStatus] = useState<NonNullable<TasksInput['status']> | ''>('');
  const [priority, setPriority] = useState<NonNullable<TasksInput['priority']> | ''>('');
  const [query, setQuery] = useState<DataTableQuery>(FIRST_PAGE);
  /** A filter's change, which starts the list again at its first page. */
  const refilter =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setQuery(FIRST_PAGE);
    };
  const tasks = useTasksPage({
    view,
    page: query.page,
    pageSize: query.pageSize,
    searchTerm: query.searchTerm,
    status: status || undefined,
    priority: priority || undefined,
  });
  const timeZoneOf = useLocationTimeZones((tasks.data?.tasks ?? []).map((task) => task.locationId));
  // A new filter starts again at page 1 (the table is remade below).
  const filterKey = `${view}-${status}-${priority}`;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageHeader
        title="Tasks"
        actions={
          mayCreate && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              component={RouterLink}
              to={paths.app.taskAdd.build()}
            >
              New task
            </Button>
          )
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={view}
          onChange={(_, next: TaskView) => {
            setView(next);
            setQuery(FIRST_PAGE);
          }}
          aria-label="Which tasks"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {VIEWS.map((v) => (
            <Tab key={v.view} value={v.view} label={v.label} />
          ))}
        </Tabs>
      </Box>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <FilterSelect
          label="Status"
          allLabel="Any status"
          value={status}
          onChange={refilter(setStatus)}
          options={taskStatuses.map((s) => ({ value: s, label: taskStatusNames[s] }))}
          sx={{ minWidth: 150 }}
        />
        <FilterSelect
          label="Priority"
          allLabel="Any priority"
          value={priority}
          onChange={refilter(setPriority)}
          options={PRIORITY_OPTIONS}
          sx={{ minWidth: 150 }}
        />
      </Stack>
      {tasks.isError && (
        <Alert severity="error">{errorMessageOf(tasks.error) ?? messages.fetch.unexpected}</Alert>
      )}
      <DataTable
        key={filterKey}
        label="Tasks"
        columns={columnsWith(timeZoneOf)}
        rows={tasks.data?.tasks ?? []}
        getRowId={(task) => task.id}
        server={{ total: tasks.data?.totalCount ?? 0, onQueryChange: setQuery, searchable: true }}
        onRowClick={(task) => void navigate(paths.app.task.build(task.id))}
        loading={tasks.isPending}
        searchPlaceholder="Search tasks"
        emptyText={view === 'overdue' ? 'Nothing overdue.' : 'No tasks.'}
      />
    </Stack>
  );
};
