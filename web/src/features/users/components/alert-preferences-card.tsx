import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { mayTakeAlertsFromBelow } from '@sitewalk/shared/roles';
import { alertKinds, type AlertKind, type AlertPreferences } from '@sitewalk/shared/schemas/alert';
import { errorMessageOf } from '../../../components/error-panel.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useCurrentUser } from '../../../lib/auth.tsx';
import { viewerTimeZone, timeZoneNames } from '../../../lib/time.ts';
import { alertKindInfo } from '../../../components/alert-kinds.tsx';
import { useAlertPreferences, useSetAlertPreferences } from '../../../api/alerts.ts';

/** On one's own profile: which alerts come in the app and by e-mail, and the daily summary. */
export const AlertPreferencesCard = () => {
  const preferences = useAlertPreferences();
  if (preferences.isPending) return <Spinner label="Loading alert settings" />;
  if (preferences.isError) return <Alert severity="error">{errorMessageOf(preferences.error)}</Alert>;
  return <PreferencesForm saved={preferences.data} />;
};

const PreferencesForm = ({ saved }: { saved: AlertPreferences }) => {
  const user = useCurrentUser();
  const save = useSetAlertPreferences();
  const [done, setDone] = useState(false);
  const zoneOptions = useMemo(() => timeZoneNames(), []);
  const form = useForm<AlertPreferences>({
    // A summary never set up starts in the browser's zone.
    defaultValues: saved.dailySummary.enabled
      ? saved
      : { ...saved, dailySummary: { ...saved.dailySummary, timeZone: viewerTimeZone() } },
  });
  const summaryOn = useWatch({ control: form.control, name: 'dailySummary.enabled' });
  const toggle = (how: 'inApp' | 'email', kind: AlertKind, on: boolean) => {
    const current = form.getValues(how);
    form.setValue(how, on ? [...new Set([...current, kind])] : current.filter((k) => k !== kind), {
      shouldDirty: true,
    });
  };
  const inApp = useWatch({ control: form.control, name: 'inApp' });
  const email = useWatch({ control: form.control, name: 'email' });

  return (
    <Card variant="outlined" component="section" aria-labelledby="alert-settings">
      <CardContent>
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(event) =>
            void form.handleSubmit(async (values) => {
              setDone(false);
              // A refusal shows below (save.error); the form keeps what was entered.
              const answer = await save.mutateAsync(values).catch(() => null);
              if (!answer) return;
              form.reset(answer);
              setDone(true);
            })(event)
          }
        >
          <Typography id="alert-settings" variant="h6" component="h2">
            Alerts
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Which alerts you get">
              <TableHead>
                <TableRow>
                  <TableCell>Alert</TableCell>
                  <TableCell align="center">In the app</TableCell>
                  <TableCell align="center">By e-mail</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {alertKinds.map((kind) => (
                  <TableRow key={kind}>
                    <TableCell>{alertKindInfo[kind].label}</TableCell>
                    <TableCell align="center">
                      <Switch
                        checked={inApp.includes(kind)}
                        onChange={(event) => toggle('inApp', kind, event.target.checked)}
                        slotProps={{ input: { 'aria-label': `${alertKindInfo[kind].label} in the app` } }}
                      />
                    </TableCell>
                    <TableCell align="center">
                      <Switch
                        checked={email.includes(kind)}
                        onChange={(event) => toggle('email', kind, event.target.checked)}
                        slotProps={{ input: { 'aria-label': `${alertKindInfo[kind].label} by e-mail` } }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {mayTakeAlertsFromBelow(user.roleId) && (
            <Controller
              control={form.control}
              name="fromLocationsBelow"
              render={({ field }) => (
                <FormControlLabel
                  sx={{ ml: 0 }}
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                    />
                  }
                  label="Alerts of the locations below me"
                />
              )}
            />
          )}
          <Controller
            control={form.control}
            name="dailySummary.enabled"
            render={({ field }) => (
              <FormControlLabel
                sx={{ ml: 0 }}
                control={
                  <Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
                }
                label="A daily summary by e-mail"
              />
            )}
          />
          {summaryOn && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="At"
                type="time"
                size="small"
                slotProps={{ inputLabel: { shrink: true } }}
                {...form.register('dailySummary.time', { required: true })}
              />
              <Controller
                control={form.control}
                name="dailySummary.timeZone"
                render={({ field }) => (
                  <Autocomplete
                    options={zoneOptions}
                    value={field.value}
                    onChange={(_, value) => field.onChange(value ?? viewerTimeZone())}
                    disableClearable
                    size="small"
                    sx={{ minWidth: 260 }}
                    renderInput={(params) => <TextField {...params} label="Time zone" />}
                  />
                )}
              />
            </Stack>
          )}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Save alert settings
            </Button>
            {done && !form.formState.isDirty && (
              <Typography color="success.main" role="status">
                Saved
              </Typography>
            )}
          </Stack>
          {save.isError && <Alert severity="error">{errorMessageOf(save.error)}</Alert>}
        </Stack>
      </CardContent>
    </Card>
  );
};
