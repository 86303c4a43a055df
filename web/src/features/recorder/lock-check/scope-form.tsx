import LockIcon from '@mui/icons-material/Lock';
import {
  Alert,
  Button,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { unitsInScope, type CheckScope } from '@sitewalk/shared/roster';
import { checkScope, type RosterVersion } from '@sitewalk/shared/schemas/lockCheck';
import { errorMessageOf } from '../../../components/error-panel.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useRecorderServices } from '../recorder-services.tsx';
import { useCheckRoster } from './use-check-roster.ts';

type ScopeKind = CheckScope['kind'];

/** The scope as chosen, or why it cannot start (the contract's schema says it). */
const scopeOf = (
  kind: ScopeKind,
  prefix: string,
  from: string,
  to: string,
): { scope: CheckScope } | { problem: string } => {
  const candidate = kind === 'all' ? { kind } : kind === 'prefix' ? { kind, prefix } : { kind, from, to };
  const parsed = checkScope.safeParse(candidate);
  return parsed.success
    ? { scope: parsed.data }
    : { problem: parsed.error.issues[0]?.message ?? 'Choose the units to check' };
};

export interface ScopeFormProps {
  location: { id: number; name: string };
  onStart: (location: { id: number; name: string }, roster: RosterVersion, scope: CheckScope) => void;
}

/**
 * A lock check's units at a location: all of them, those starting with a letter (a building), or a range;
 * how many that is on the roster (saved on the phone for offline use), and 'Start lock check'.
 */
export const ScopeForm = ({ location, onStart }: ScopeFormProps) => {
  const { store } = useRecorderServices();
  const roster = useCheckRoster(location.id, store);
  const [kind, setKind] = useState<ScopeKind>('all');
  const [prefix, setPrefix] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [tried, setTried] = useState(false);
  if (roster.isPending) return <Spinner label="Loading the units" />;
  if (roster.isError)
    return <Alert severity="error">{errorMessageOf(roster.error) ?? 'The units could not be loaded'}</Alert>;
  const { roster: units, offline } = roster.data;
  if (!units)
    return (
      <Alert severity="info">
        {location.name} has no unit roster yet. A manager imports it from the management software on the
        location’s page.
      </Alert>
    );
  const chosen = scopeOf(kind, prefix, from, to);
  const count = 'scope' in chosen ? unitsInScope(units.units, chosen.scope).length : 0;
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if ('scope' in chosen && count > 0) onStart(location, units, chosen.scope);
      }}
    >
      {offline && <Alert severity="info">Offline: the units saved on this device</Alert>}
      <RadioGroup
        aria-label="Units to check"
        value={kind}
        onChange={(event) => setKind(event.target.value as ScopeKind)}
      >
        <FormControlLabel value="all" control={<Radio />} label="All units (a full check)" />
        <FormControlLabel value="prefix" control={<Radio />} label="Units starting with" />
        {kind === 'prefix' && (
          <TextField
            label="Starts with"
            placeholder="B"
            value={prefix}
            onChange={(event) => setPrefix(event.target.value)}
            size="small"
            sx={{ ml: 4, maxWidth: 200 }}
            slotProps={{ htmlInput: { autoCapitalize: 'characters', maxLength: 20 } }}
          />
        )}
        <FormControlLabel value="range" control={<Radio />} label="A range of units" />
        {kind === 'range' && (
          <Stack direction="row" spacing={1} sx={{ ml: 4 }}>
            <TextField
              label="From"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              size="small"
              slotProps={{ htmlInput: { maxLength: 20 } }}
            />
            <TextField
              label="To"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              size="small"
              slotProps={{ htmlInput: { maxLength: 20 } }}
            />
          </Stack>
        )}
      </RadioGroup>
      <Typography variant="body2" color="text.secondary" role="status">
        {'scope' in chosen
          ? `${count.toLocaleString('en')} of ${units.units.length.toLocaleString('en')} units on the roster`
          : ' '}
      </Typography>
      {tried && 'problem' in chosen && <Alert severity="error">{chosen.problem}</Alert>}
      {tried && 'scope' in chosen && count === 0 && (
        <Alert severity="error">No unit of the roster is in this part: check the letters or the range.</Alert>
      )}
      <Button type="submit" variant="contained" size="large" startIcon={<LockIcon />} sx={{ minHeight: 52 }}>
        Start lock check
      </Button>
    </Stack>
  );
};
