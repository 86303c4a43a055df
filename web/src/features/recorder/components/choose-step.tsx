import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import { ScopeForm, type ScopeFormProps } from '../lock-check/scope-form.tsx';
import type { RecorderCatalog } from '../store/types.ts';

export interface ChooseStepProps {
  catalog: RecorderCatalog;
  /** The catalog is the one saved on this device (no network). */
  offline: boolean;
  /** The location chosen first, when it is in the catalog (the user's default location). */
  preferredLocationId?: number | null;
  onStart: (location: { id: number; name: string }, walk: Walk) => void;
  /** A lock check at the location, of the units chosen (issue 31). */
  onStartLockCheck: ScopeFormProps['onStart'];
}

/**
 * 'Record a Walk': one of my locations, then one of its walks with markers and 'Start walk', or a lock check of
 * its units (issue 31).
 */
export const ChooseStep = ({
  catalog,
  offline,
  preferredLocationId,
  onStart,
  onStartLockCheck,
}: ChooseStepProps) => {
  const [what, setWhat] = useState<'walk' | 'lockCheck'>('walk');
  const { locations } = catalog;
  const initialLocation =
    locations.find(({ id }) => id === preferredLocationId) ??
    (locations.length === 1 ? locations[0] : undefined);
  const [locationId, setLocationId] = useState<number | ''>(initialLocation?.id ?? '');
  const location = locations.find(({ id }) => id === locationId);
  const [walkId, setWalkId] = useState<number | ''>(
    initialLocation?.walks.length === 1 ? (initialLocation.walks[0]?.id ?? '') : '',
  );
  const walk = location?.walks.find(({ id }) => id === walkId);
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Record a Walk
      </Typography>
      {offline && <Alert severity="info">Offline: showing the walks saved on this device</Alert>}
      {locations.length === 0 ? (
        <Alert severity="info">
          None of your locations has a walk to record yet. A manager sets walks up on the location’s page.
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack
            component="form"
            spacing={2.5}
            onSubmit={(event) => {
              event.preventDefault();
              if (location && walk) onStart({ id: location.id, name: location.name }, walk);
            }}
          >
            <TextField
              select
              label="Location"
              value={locationId}
              onChange={(event) => {
                const id = Number(event.target.value);
                setLocationId(id);
                const walks = locations.find((candidate) => candidate.id === id)?.walks ?? [];
                setWalkId(walks.length === 1 ? (walks[0]?.id ?? '') : '');
              }}
              fullWidth
            >
              {locations.map(({ id, name }) => (
                <MenuItem key={id} value={id}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
            <ToggleButtonGroup
              exclusive
              fullWidth
              color="primary"
              aria-label="What to record"
              value={what}
              onChange={(_, value: 'walk' | 'lockCheck' | null) => value && setWhat(value)}
            >
              <ToggleButton value="walk" sx={{ minHeight: 44 }}>
                Walk
              </ToggleButton>
              <ToggleButton value="lockCheck" sx={{ minHeight: 44 }}>
                Lock check
              </ToggleButton>
            </ToggleButtonGroup>
            {what === 'walk' && (
              <>
                <TextField
                  select
                  label="Walk"
                  value={walkId}
                  onChange={(event) => setWalkId(Number(event.target.value))}
                  disabled={!location}
                  fullWidth
                  helperText={
                    walk
                      ? `${walk.markers.length} ${walk.markers.length === 1 ? 'marker' : 'markers'}${walk.description ? ` · ${walk.description}` : ''}`
                      : ' '
                  }
                >
                  {(location?.walks ?? []).map(({ id, name }) => (
                    <MenuItem key={id} value={id}>
                      {name}
                    </MenuItem>
                  ))}
                </TextField>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={!walk}
                  startIcon={<DirectionsWalkIcon />}
                  sx={{ minHeight: 52 }}
                >
                  Start walk
                </Button>
              </>
            )}
          </Stack>
          {what === 'lockCheck' &&
            (location ? (
              <Box sx={{ mt: 2.5 }}>
                <ScopeForm
                  key={location.id}
                  location={{ id: location.id, name: location.name }}
                  onStart={onStartLockCheck}
                />
              </Box>
            ) : (
              <Typography color="text.secondary" sx={{ mt: 2.5 }}>
                Choose the location first.
              </Typography>
            ))}
        </Paper>
      )}
    </Box>
  );
};
