import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lockCheckCadenceBody } from '@sitewalk/shared/schemas/lockCheck';
import type { Location } from '@sitewalk/shared/schemas/location';
import { locationTimeZone } from '@sitewalk/shared/time-zones';
import { errorMessageOf } from '../../../components/error-panel.tsx';
import { useLockCheckCadence, useSetLockCheckCadence } from '../../../api/lock-check-reports.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { formatDate } from '../../../lib/time.ts';
import { locationPlacement } from './location-helpers.ts';

const dayCount = (days: number) => (days === 1 ? 'every day' : `every ${days} days`);

/**
 * How often the location's units are checked in full: the last full check and when the next is due (an alert
 * says when it is overdue); Managers and above change the number of days.
 */
export const LockCheckCadence = ({ location }: { location: Location }) => {
  const cadence = useLockCheckCadence(location.id);
  const { can } = useAuthorization();
  const [editing, setEditing] = useState(false);
  // Overdue as of when the tab was opened.
  const [openedAt] = useState(() => Date.now());
  if (!cadence.data) return null;
  const { everyDays, lastFullCheckAt, dueAt } = cadence.data;
  const zone = { timeZone: locationTimeZone(location) };
  const overdue = dueAt !== null && new Date(dueAt).getTime() < openedAt;
  return (
    <Stack spacing={1} data-testid="lock-check-cadence">
      <Typography>
        A full lock check is due {dayCount(everyDays)}. Last full check:{' '}
        {lastFullCheckAt ? formatDate(lastFullCheckAt, zone) : 'none yet'}
        {dueAt && (
          <>
            {'. '}
            <Typography
              component="span"
              color={overdue ? 'error' : 'inherit'}
              sx={{ fontWeight: overdue ? 600 : 400 }}
            >
              {overdue ? 'Overdue since' : 'Next due'} {formatDate(dueAt, zone)}
            </Typography>
          </>
        )}
        .
      </Typography>
      {can('setSchedule', locationPlacement(location)) &&
        (editing ? (
          <CadenceForm locationId={location.id} everyDays={everyDays} onDone={() => setEditing(false)} />
        ) : (
          <Button size="small" onClick={() => setEditing(true)} sx={{ alignSelf: 'flex-start' }}>
            Change how often
          </Button>
        ))}
    </Stack>
  );
};

const CadenceForm = ({
  locationId,
  everyDays,
  onDone,
}: {
  locationId: number;
  everyDays: number;
  onDone: () => void;
}) => {
  const save = useSetLockCheckCadence(locationId);
  const form = useForm({ resolver: zodResolver(lockCheckCadenceBody), defaultValues: { everyDays } });
  const submit = form.handleSubmit(async (values) => {
    await save.mutateAsync(values.everyDays).then(onDone, () => undefined);
  });
  const error = form.formState.errors.everyDays;
  return (
    <Stack component="form" noValidate onSubmit={(event) => void submit(event)} spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...form.register('everyDays', { valueAsNumber: true })}
          type="number"
          size="small"
          label="Every how many days"
          slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
          error={!!error}
          helperText={error?.message}
          sx={{ width: 200 }}
        />
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Stack>
      {save.isError && <Alert severity="error">{errorMessageOf(save.error) ?? 'Not saved'}</Alert>}
    </Stack>
  );
};
