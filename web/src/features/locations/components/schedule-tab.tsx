import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type * as z from 'zod';
import { DEFAULT_GRACE_MINUTES, GRACE_MINUTES_MAX, SCHEDULE_WINDOWS_MAX } from '@sitewalk/shared/constants';
import { scheduleBody, type Schedule } from '@sitewalk/shared/schemas/schedule';
import type { Location } from '@sitewalk/shared/schemas/location';
import { ErrorPanel, errorMessageOf } from '../../../components/error-panel.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { applyServerErrors } from '../../../lib/form.ts';
import { timeZoneNames } from '../../../lib/time.ts';
import { locationPlacement } from './location-helpers.ts';
import { useSchedule, useSetSchedule } from '../../../api/schedules.ts';
import { useWalksOfLocation } from '../../../api/walks.ts';

const DAYS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The schedule as the form holds it; the shared schedule schema checks it as the API will. */
type ScheduleForm = z.input<typeof scheduleBody>;
type ScheduleValues = z.output<typeof scheduleBody>;

const daysText = (days: readonly number[]) =>
  days.length === 7
    ? 'Every day'
    : [0, 1, 2, 3, 4, 5, 6]
        .filter((d) => days.includes(d))
        .map((d) => DAY_NAMES[d]?.slice(0, 3))
        .join(', ');

/** The windows as everyone of the location sees them. */
const ScheduleSummary = ({
  schedule,
  walkName,
}: {
  schedule: Schedule;
  walkName: (id: number) => string;
}) => (
  <Stack spacing={1.5}>
    <Typography variant="body2" color="text.secondary">
      Times are in {schedule.timeZone}.
    </Typography>
    {schedule.windows.length === 0 && <Typography>No walk windows: no walk is due here.</Typography>}
    {schedule.windows.map((w) => (
      <Card key={w.id} variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {w.label}
          </Typography>
          <Typography variant="body2">
            {daysText(w.days)} · {w.start}–{w.end} · {w.graceMinutes} minutes' grace
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {w.walkIds.length === 0 ? 'Any walk counts' : `Counts: ${w.walkIds.map(walkName).join(', ')}`}
          </Typography>
        </CardContent>
      </Card>
    ))}
  </Stack>
);

/**
 * A location's 'Schedule' tab: its walk windows — days, times in the location's time zone, the walks that
 * count and the grace — which decide the dashboard's 'Today's walks' and the missed-walk alerts. Managers and
 * above of the location edit them; everyone else reads them.
 */
export const ScheduleTab = ({ location }: { location: Location }) => {
  const schedule = useSchedule(location.id);
  const walks = useWalksOfLocation(location.id);
  const { can } = useAuthorization();
  const mayEdit = can('setSchedule', locationPlacement(location));
  if (schedule.isPending) return <Spinner label="Loading schedule" />;
  if (schedule.isError) return <ErrorPanel error={schedule.error} onReset={() => void schedule.refetch()} />;
  const walkName = (id: number) => walks.data?.find((w) => w.id === id)?.name ?? `Walk ${id}`;
  return mayEdit ? (
    <ScheduleEditor location={location} schedule={schedule.data} walks={walks.data ?? []} />
  ) : (
    <ScheduleSummary schedule={schedule.data} walkName={walkName} />
  );
};

const ScheduleEditor = ({
  location,
  schedule,
  walks,
}: {
  location: Location;
  schedule: Schedule;
  walks: readonly { id: number; name: string }[];
}) => {
  const save = useSetSchedule(location.id);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const zoneOptions = useMemo(() => timeZoneNames(), []);
  const form = useForm<ScheduleForm, unknown, ScheduleValues>({
    resolver: zodResolver(scheduleBody),
    defaultValues: { timeZone: schedule.timeZone, windows: schedule.windows },
  });
  const windows = useFieldArray({ control: form.control, name: 'windows' });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    setFailure(null);
    try {
      const answer = await save.mutateAsync(values);
      form.reset({ timeZone: answer.timeZone, windows: answer.windows });
      setSaved(true);
    } catch (error) {
      // A field the server refused is named in the message ('windows.0.end: …').
      setFailure(applyServerErrors(error, ['timeZone'], form.setError));
    }
  });

  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(event) => void submit(event)}
      noValidate
      sx={{ maxWidth: 860 }}
    >
      <Typography variant="body2" color="text.secondary">
        A walk is due in each window. If none has started 30 minutes before a window closes, the location's
        Managers get a 'due soon' alert; when it closes without one (after the grace), a 'missed' alert.
      </Typography>
      <Controller
        control={form.control}
        name="timeZone"
        render={({ field }) => (
          <Autocomplete
            options={zoneOptions}
            value={field.value}
            onChange={(_, value) => field.onChange(value ?? schedule.timeZone)}
            disableClearable
            sx={{ maxWidth: 360 }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Time zone"
                error={!!errors.timeZone}
                helperText={errors.timeZone?.message}
              />
            )}
          />
        )}
      />
      {windows.fields.map((field, index) => (
        <Card
          key={field.id}
          variant="outlined"
          component="fieldset"
          // A fieldset's own padding would narrow the card on a phone: CardContent pads it.
          sx={{ border: 1, borderColor: 'divider', m: 0, p: 0, minWidth: 0 }}
        >
          <CardContent>
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label="Window name"
                  size="small"
                  {...form.register(`windows.${index}.label`)}
                  error={!!errors.windows?.[index]?.label}
                  helperText={errors.windows?.[index]?.label?.message}
                  sx={{ flex: 1 }}
                />
                <Tooltip title="Remove this window">
                  <IconButton aria-label={`Remove window ${index + 1}`} onClick={() => windows.remove(index)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </Stack>
              <Controller
                control={form.control}
                name={`windows.${index}.days`}
                render={({ field: days }) => (
                  <Box>
                    <ToggleButtonGroup
                      value={days.value}
                      onChange={(_, value: number[]) => days.onChange([...value].sort())}
                      size="small"
                      color="primary"
                      aria-label={`Days of window ${index + 1}`}
                      // Seven 40 px days, narrower on a 320 px phone rather than past the card's edge.
                      sx={{ display: 'flex', maxWidth: 280 }}
                    >
                      {DAYS.map((letter, day) => (
                        <ToggleButton
                          key={day}
                          value={day}
                          aria-label={DAY_NAMES[day]}
                          sx={{ flex: 1, minWidth: 0, px: 0 }}
                        >
                          {letter}
                        </ToggleButton>
                      ))}
                    </ToggleButtonGroup>
                    {errors.windows?.[index]?.days && (
                      <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
                        {errors.windows[index].days.message}
                      </Typography>
                    )}
                  </Box>
                )}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Opens"
                  type="time"
                  size="small"
                  slotProps={{ inputLabel: { shrink: true } }}
                  {...form.register(`windows.${index}.start`)}
                  error={!!errors.windows?.[index]?.start}
                  helperText={errors.windows?.[index]?.start?.message}
                />
                <TextField
                  label="Closes"
                  type="time"
                  size="small"
                  slotProps={{ inputLabel: { shrink: true } }}
                  {...form.register(`windows.${index}.end`)}
                  error={!!errors.windows?.[index]?.end}
                  helperText={errors.windows?.[index]?.end?.message}
                />
                <TextField
                  label="Grace, minutes"
                  type="number"
                  size="small"
                  // Wide enough for its label, which MUI would cut to 'Grace, min…' beside the times.
                  sx={{ minWidth: 140 }}
                  slotProps={{ htmlInput: { min: 0, max: GRACE_MINUTES_MAX } }}
                  {...form.register(`windows.${index}.graceMinutes`, { valueAsNumber: true })}
                  error={!!errors.windows?.[index]?.graceMinutes}
                  helperText={errors.windows?.[index]?.graceMinutes?.message}
                />
              </Stack>
              <Controller
                control={form.control}
                name={`windows.${index}.walkIds`}
                render={({ field: walkIds }) => (
                  <TextField
                    select
                    size="small"
                    label="Walks that count"
                    value={walkIds.value}
                    onChange={(event) => walkIds.onChange(event.target.value as unknown as number[])}
                    slotProps={{
                      select: {
                        multiple: true,
                        displayEmpty: true,
                        renderValue: (selected) =>
                          (selected as number[]).length === 0
                            ? 'Any walk'
                            : (selected as number[])
                                .map((id) => walks.find((w) => w.id === id)?.name ?? `Walk ${id}`)
                                .join(', '),
                      },
                      inputLabel: { shrink: true },
                    }}
                  >
                    {walks.map((w) => (
                      <MenuItem key={w.id} value={w.id}>
                        {w.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
          </CardContent>
        </Card>
      ))}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          startIcon={<AddIcon />}
          disabled={windows.fields.length >= SCHEDULE_WINDOWS_MAX}
          onClick={() =>
            windows.append({
              label: 'New window',
              days: [0, 1, 2, 3, 4, 5, 6],
              start: '12:00',
              end: '14:00',
              walkIds: [],
              graceMinutes: DEFAULT_GRACE_MINUTES,
            })
          }
        >
          Add window
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save schedule
        </Button>
        {saved && !form.formState.isDirty && (
          <Typography color="success.main" role="status">
            Saved
          </Typography>
        )}
      </Stack>
      {(failure || save.isError) && <Alert severity="error">{failure ?? errorMessageOf(save.error)}</Alert>}
    </Stack>
  );
};
