import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import EditIcon from '@mui/icons-material/Edit';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Task, TaskStatus } from '@sitewalk/shared/schemas/task';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ErrorPanel, errorMessageOf } from '../../components/error-panel.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { taskPlacement, useAuthorization } from '../../lib/authorization.ts';
import { useLocation } from '../../api/locations.ts';
import { useAddComment, useDeleteTask, useTask, useUpdateTask } from '../../api/tasks.ts';
import { AssigneePicker } from './components/assignee-picker.tsx';
import { useLocationTimeZone } from '../../hooks/use-location-time-zone.ts';
import { formatDateTime } from '../../lib/time.ts';
import { useRouteId } from '../../lib/route-params.ts';
import { PriorityChip } from '../../components/priority-chip.tsx';
import { StatusChip } from './task-chips.tsx';
import { EditTaskDialog } from './components/edit-task-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';

const nameOf = (person: Task['assignee']) =>
  person ? `${person.firstName} ${person.lastName}` : 'Unassigned';

/** /app/tasks/{id}: a task, its status and assignee for who may change them, and its comments. */
export const TaskPage = () => {
  const id = useRouteId();
  const task = useTask(id ?? 0, id !== null);
  if (id === null) return <ErrorPanel error="Task not found" onReset={() => history.back()} />;
  if (task.isPending) return <Spinner label="Loading task" />;
  if (task.isError) return <ErrorPanel error={task.error} onReset={() => void task.refetch()} />;
  return <TaskDetail task={task.data} />;
};

const TaskDetail = ({ task }: { task: Task }) => {
  const navigate = useNavigate();
  const update = useUpdateTask(task.id);
  const remove = useDeleteTask();
  const comment = useAddComment(task.id);
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  // The SPA only shows or hides; the server decides every change.
  const { can } = useAuthorization();
  // Its one location, not every location of the scope, places it for the policy.
  const placement = taskPlacement(useLocation(task.locationId).data, task);
  const mayAssign = can('assign', placement);
  const mayWork = can('changeStatus', placement);
  const mayUpdate = can('update', placement);
  const mayDelete = can('delete', placement);
  // The task's times read in its location's zone.
  const timeZone = useLocationTimeZone(task.locationId);
  const when = (iso: string) => formatDateTime(iso, { timeZone });
  const setStatus = (status: TaskStatus) => update.mutate({ status });
  const failure = update.error ?? comment.error ?? remove.error;

  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 900 }}>
      <PageHeader
        title={task.title}
        back={{ to: paths.app.tasks.build(), label: 'Back to Tasks' }}
        badges={
          <>
            <StatusChip status={task.status} />
            <PriorityChip priority={task.priority} />
            {task.overdue && <Chip size="small" color="error" label="Overdue" />}
          </>
        }
      />
      {failure && <Alert severity="error">{errorMessageOf(failure)}</Alert>}
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1.5}>
            <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {task.description || 'No description.'}
            </Typography>
            <Divider />
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
                columnGap: 2,
                rowGap: { xs: 0.25, sm: 1 },
                m: 0,
                '& dd': { overflowWrap: 'anywhere', mb: { xs: 1, sm: 0 } },
              }}
            >
              <Typography component="dt" color="text.secondary">
                Location
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {task.location.name}
              </Typography>
              <Typography component="dt" color="text.secondary">
                Due
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} color={task.overdue ? 'error' : undefined}>
                {when(task.dueAt)}
              </Typography>
              <Typography component="dt" color="text.secondary">
                Assignee
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                {mayAssign ? (
                  <AssigneePicker
                    size="small"
                    locationId={task.locationId}
                    assignee={task.assignee}
                    value={task.assignee?.id ?? null}
                    onChange={(assigneeId) => update.mutate({ assigneeId })}
                    disabled={update.isPending}
                    sx={{ width: '100%', maxWidth: 320 }}
                  />
                ) : (
                  <Typography>{nameOf(task.assignee)}</Typography>
                )}
              </Box>
              <Typography component="dt" color="text.secondary">
                Created by
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {nameOf(task.createdBy)}, {when(task.createdAt)}
              </Typography>
              {task.incidentId !== null && (
                <>
                  <Typography component="dt" color="text.secondary">
                    From
                  </Typography>
                  <Box component="dd" sx={{ m: 0 }}>
                    <RouterLink to={paths.app.incident.build(task.incidentId)}>
                      Incident {task.incidentId}
                    </RouterLink>
                  </Box>
                </>
              )}
              {task.completedAt && (
                <>
                  <Typography component="dt" color="text.secondary">
                    Done
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {when(task.completedAt)}
                  </Typography>
                </>
              )}
            </Box>
            {(mayWork || mayUpdate || mayDelete) && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 1 }}>
                {mayWork && task.status === 'open' && (
                  <Button
                    variant="outlined"
                    startIcon={<PlayArrowIcon />}
                    onClick={() => setStatus('inProgress')}
                  >
                    Start
                  </Button>
                )}
                {mayWork && task.status !== 'done' && (
                  <Button
                    variant="contained"
                    color="success"
                    startIcon={<CheckCircleIcon />}
                    onClick={() => setStatus('done')}
                  >
                    Mark done
                  </Button>
                )}
                {mayWork && task.status === 'done' && (
                  <Button variant="outlined" startIcon={<ReplayIcon />} onClick={() => setStatus('open')}>
                    Reopen
                  </Button>
                )}
                {mayUpdate && (
                  <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                    Edit
                  </Button>
                )}
                {mayDelete && (
                  <Button color="error" onClick={() => setConfirming(true)} sx={{ ml: 'auto' }}>
                    Delete
                  </Button>
                )}
              </Stack>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="task-comments">
        <CardContent>
          <Typography id="task-comments" variant="h6" component="h2">
            Comments
          </Typography>
          {task.comments.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              No comments yet.
            </Typography>
          ) : (
            <List aria-label="Comments" dense>
              {task.comments.map((c) => (
                <ListItem key={c.id} disableGutters>
                  <ListItemText
                    primary={c.comment}
                    secondary={`${nameOf(c.user)} · ${when(c.createdAt)}`}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ mt: 1 }}
            onSubmit={(event) => {
              event.preventDefault();
              if (!text.trim()) return;
              comment.mutate(text, { onSuccess: () => setText('') });
            }}
          >
            <TextField
              label="Add a comment"
              size="small"
              value={text}
              onChange={(event) => setText(event.target.value)}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="outlined" disabled={!text.trim() || comment.isPending}>
              Comment
            </Button>
          </Stack>
        </CardContent>
      </Card>
      {editing && <EditTaskDialog task={task} timeZone={timeZone} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={confirming}
        title="Delete this task?"
        message="The task and its comments are deleted for everyone."
        confirmLabel="Delete"
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(task.id, {
            onSuccess: () => void navigate(paths.app.tasks.build(), { replace: true }),
          })
        }
      />
    </Stack>
  );
};
