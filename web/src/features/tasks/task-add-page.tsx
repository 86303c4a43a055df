import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { INCIDENT_PRIORITIES, TASK_TITLE_MAX_LENGTH } from '@sitewalk/shared/constants';
import { paths } from '../../config/paths.ts';
import { useCurrentUser } from '../../lib/auth.tsx';
import { applyServerErrors } from '../../lib/form.ts';
import { useIncident } from '../../api/incidents.ts';
import { useLocationsOfUser } from '../../api/locations.ts';
import { useAssignees, useCreateTask } from '../../api/tasks.ts';
import { PageHeader } from '../../components/page-header.tsx';

interface TaskForm {
  title: string;
  description: string;
  locationId: number | '';
  assigneeId: number | '';
  /** `datetime-local`: the user's own clock. */
  due: string;
  priority: 1 | 2 | 3;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Tomorrow at 17:00 local time, as a `datetime-local` value. */
const tomorrowEvening = () => {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T17:00`;
};
const positive = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** The incident a task is made from, to prefill its title and location. */
const FromIncident = ({
  id,
  onLoaded,
}: {
  id: number;
  onLoaded: (title: string, locationId: number) => void;
}) => {
  const incident = useIncident(id);
  useEffect(() => {
    if (!incident.data) return;
    const text = incident.data.incidentTexts[0]?.incidentNoteText.text ?? `incident ${id}`;
    onLoaded(`Follow up: ${text}`.slice(0, TASK_TITLE_MAX_LENGTH), incident.data.locationId);
  }, [incident.data, id, onLoaded]);
  return null;
};

/**
 * /app/tasks/new: a task on its own, or from an incident (`?incidentId=`) or an alert (`?alertId=&locationId=&title=`),
 * which prefill the form.
 */
export const TaskAddPage = () => {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const incidentId = positive(search.get('incidentId'));
  const alertId = positive(search.get('alertId'));
  const locations = useLocationsOfUser(user.id);
  const create = useCreateTask();
  const [failure, setFailure] = useState<string | null>(null);
  // One per page: a Create sent again after an answer was lost makes no second task (issue 28).
  const [clientId] = useState(() => crypto.randomUUID());
  const form = useForm<TaskForm>({
    defaultValues: {
      title: (search.get('title') ?? '').slice(0, TASK_TITLE_MAX_LENGTH),
      description: '',
      locationId: positive(search.get('locationId')) ?? '',
      assigneeId: '',
      due: tomorrowEvening(),
      priority: 2,
    },
  });
  const locationId = useWatch({ control: form.control, name: 'locationId' });
  const assignees = useAssignees(locationId === '' ? null : locationId);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (values.locationId === '') {
      form.setError('locationId', { message: 'Choose a location' });
      return;
    }
    try {
      const task = await create.mutateAsync({
        title: values.title,
        description: values.description,
        locationId: values.locationId,
        assigneeId: values.assigneeId === '' ? null : values.assigneeId,
        dueAt: new Date(values.due).toISOString(),
        priority: values.priority,
        ...(incidentId ? { incidentId } : {}),
        ...(alertId ? { alertId } : {}),
        clientId,
      });
      void navigate(paths.app.task.build(task.id));
    } catch (error) {
      setFailure(
        applyServerErrors(
          error,
          ['title', 'description', 'locationId', 'assigneeId', 'priority'],
          form.setError,
        ),
      );
    }
  });

  const { errors } = form.formState;
  return (
    <Stack spacing={2} sx={{ minWidth: 0, maxWidth: 720 }}>
      {incidentId && (
        <FromIncident
          id={incidentId}
          onLoaded={(title, at) => {
            if (!form.getValues('title')) form.setValue('title', title);
            form.setValue('locationId', at);
          }}
        />
      )}
      <PageHeader
        title="New task"
        back={{ to: paths.app.tasks.build(), label: 'Back to Tasks' }}
        subtitle={incidentId ? `From incident ${incidentId}.` : alertId ? 'From an alert.' : undefined}
      />
      <Card variant="outlined">
        <CardContent>
          <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
            <TextField
              label="Title"
              required
              {...form.register('title', {
                validate: (v) => v.trim().length > 0 || 'A task needs a title',
                maxLength: {
                  value: TASK_TITLE_MAX_LENGTH,
                  message: `At most ${TASK_TITLE_MAX_LENGTH} characters`,
                },
              })}
              error={!!errors.title}
              helperText={errors.title?.message}
            />
            <TextField label="Description" multiline minRows={3} {...form.register('description')} />
            <Controller
              control={form.control}
              name="locationId"
              render={({ field }) => (
                <TextField
                  select
                  label="Location"
                  required
                  disabled={!!incidentId}
                  value={field.value}
                  onChange={(event) => {
                    field.onChange(Number(event.target.value));
                    form.setValue('assigneeId', '');
                  }}
                  error={!!errors.locationId}
                  helperText={errors.locationId?.message}
                >
                  {(locations.data ?? []).map((l) => (
                    <MenuItem key={l.id} value={l.id}>
                      {l.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="assigneeId"
              render={({ field }) => (
                <TextField
                  select
                  label="Assignee"
                  value={field.value}
                  onChange={(event) =>
                    field.onChange(event.target.value === '' ? '' : Number(event.target.value))
                  }
                  disabled={locationId === ''}
                  error={!!errors.assigneeId}
                  helperText={
                    errors.assigneeId?.message ?? (locationId === '' ? 'Choose a location first' : undefined)
                  }
                >
                  <MenuItem value="">Unassigned</MenuItem>
                  {(assignees.data?.users ?? []).map((u) => (
                    <MenuItem key={u.id} value={u.id}>
                      {u.firstName} {u.lastName}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Due"
                type="datetime-local"
                required
                slotProps={{ inputLabel: { shrink: true } }}
                {...form.register('due', { required: 'A task needs a due date and time' })}
                error={!!errors.due}
                helperText={errors.due?.message}
                sx={{ flex: 1 }}
              />
              <Controller
                control={form.control}
                name="priority"
                render={({ field }) => (
                  <TextField
                    select
                    label="Priority"
                    value={field.value}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    sx={{ flex: 1 }}
                  >
                    {Object.entries(INCIDENT_PRIORITIES).map(([id, name]) => (
                      <MenuItem key={id} value={Number(id)}>
                        {name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            {failure && <Alert severity="error">{failure}</Alert>}
            <Button
              type="submit"
              variant="contained"
              disabled={create.isPending}
              sx={{ alignSelf: 'flex-start' }}
            >
              Create task
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
};
