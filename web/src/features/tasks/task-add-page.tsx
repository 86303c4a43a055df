import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, CardContent, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type * as z from 'zod';
import { TASK_TITLE_MAX_LENGTH } from '@sitewalk/shared/constants';
import { taskForm } from '@sitewalk/shared/schemas/task';
import { discrepancyRef } from '@sitewalk/shared/schemas/lockCheck';
import { paths } from '../../config/paths.ts';
import { applyServerErrors } from '../../lib/form.ts';
import { useIncident } from '../../api/incidents.ts';
import { useCreateTask } from '../../api/tasks.ts';
import { AssigneePicker } from './components/assignee-picker.tsx';
import { LocationPicker } from '../../components/pickers/location-picker.tsx';
import { TaskFields } from './components/task-fields.tsx';
import { useLocationTimeZone } from '../../hooks/use-location-time-zone.ts';
import { instantOfLocalInputIn, tomorrowAt } from '../../lib/time.ts';
import { PageHeader } from '../../components/page-header.tsx';

type TaskFormInput = z.input<typeof taskForm>;
type TaskFormValues = z.output<typeof taskForm>;

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

/** The lock check's discrepancy a task is made from (`?lockCheckId=&unit=&kind=`), if the link names a whole one. */
const lockDiscrepancyOf = (search: URLSearchParams) => {
  const parsed = discrepancyRef.safeParse({
    lockCheckId: positive(search.get('lockCheckId')),
    unit: search.get('unit') ?? undefined,
    kind: search.get('kind') ?? undefined,
  });
  return parsed.success ? parsed.data : undefined;
};

const priorityOf = (value: string | null) => (value === '1' || value === '3' ? Number(value) : 2);

/**
 * /app/tasks/new: a task on its own, or from an incident (`?incidentId=`), an alert (`?alertId=&locationId=&title=`)
 * or a lock check's discrepancy (`?lockCheckId=&unit=&kind=&locationId=&title=&priority=`), which prefill the form.
 */
export const TaskAddPage = () => {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const incidentId = positive(search.get('incidentId'));
  const alertId = positive(search.get('alertId'));
  const [lockDiscrepancy] = useState(() => lockDiscrepancyOf(search));
  const create = useCreateTask();
  const [failure, setFailure] = useState<string | null>(null);
  // One per page: a Create sent again after an answer was lost makes no second task (issue 28).
  const [clientId] = useState(() => crypto.randomUUID());
  const form = useForm<TaskFormInput, unknown, TaskFormValues>({
    resolver: zodResolver(taskForm),
    defaultValues: {
      title: (search.get('title') ?? '').slice(0, TASK_TITLE_MAX_LENGTH),
      description: '',
      locationId: positive(search.get('locationId')) ?? '',
      assigneeId: null,
      due: tomorrowAt('17:00'),
      priority: priorityOf(search.get('priority')),
    },
  });
  const locationId = useWatch({ control: form.control, name: 'locationId' });
  const timeZone = useLocationTimeZone(typeof locationId === 'number' ? locationId : null);

  const submit = form.handleSubmit(async ({ due, ...values }) => {
    setFailure(null);
    try {
      const task = await create.mutateAsync({
        ...values,
        dueAt: instantOfLocalInputIn(due, timeZone),
        ...(incidentId ? { incidentId } : {}),
        ...(alertId ? { alertId } : {}),
        ...(lockDiscrepancy ? { lockDiscrepancy } : {}),
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
        subtitle={
          incidentId
            ? `From incident ${incidentId}.`
            : alertId
              ? 'From an alert.'
              : lockDiscrepancy
                ? `From lock check ${lockDiscrepancy.lockCheckId}, unit ${lockDiscrepancy.unit}.`
                : undefined
        }
      />
      <Card variant="outlined">
        <CardContent>
          <FormProvider {...form}>
            <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
              <TaskFields timeZone={timeZone}>
                <Controller
                  control={form.control}
                  name="locationId"
                  render={({ field }) => (
                    <LocationPicker
                      required
                      disabled={!!incidentId || !!lockDiscrepancy}
                      name={field.name}
                      inputRef={field.ref}
                      onBlur={field.onBlur}
                      value={typeof field.value === 'number' ? field.value : null}
                      onChange={(next) => {
                        field.onChange(next ?? '');
                        form.setValue('assigneeId', null);
                      }}
                      error={errors.locationId?.message}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="assigneeId"
                  render={({ field }) => (
                    <AssigneePicker
                      // A new location is a new list: the picker starts again.
                      key={String(locationId)}
                      locationId={typeof locationId === 'number' ? locationId : 0}
                      disabled={locationId === ''}
                      helperText={locationId === '' ? 'Choose a location first' : undefined}
                      name={field.name}
                      inputRef={field.ref}
                      onBlur={field.onBlur}
                      value={field.value}
                      onChange={field.onChange}
                      error={errors.assigneeId?.message}
                    />
                  )}
                />
              </TaskFields>
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
          </FormProvider>
        </CardContent>
      </Card>
    </Stack>
  );
};
