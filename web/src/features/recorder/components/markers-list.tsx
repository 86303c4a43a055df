import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoorFrontIcon from '@mui/icons-material/DoorFrontOutlined';
import NavigationIcon from '@mui/icons-material/Navigation';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import type { Marker } from '@sitewalk/shared/schemas/walk';
import { markerName, type MarkerProgress } from '../logic/markers.ts';

const stateText: Record<MarkerProgress, string> = {
  reached: 'Reached',
  next: 'Next',
  'not-reached': 'Not reached',
};

export interface MarkersListProps {
  markers: readonly Marker[];
  progress: ReadonlyMap<number, MarkerProgress>;
  selectedId: number | null;
  onSelect: (markerId: number) => void;
}

/** 'Markers': one row per marker with its state; the next one stands out, the selected one is marked. */
export const MarkersList = ({ markers, progress, selectedId, onSelect }: MarkersListProps) => (
  <Box component="section" aria-labelledby="recorder-markers">
    <Typography id="recorder-markers" variant="h6" component="h2" sx={{ mb: 0.5 }}>
      Markers
    </Typography>
    <List disablePadding sx={{ display: 'grid', gap: 0.75 }}>
      {markers.map((marker) => {
        const state = progress.get(marker.id) ?? 'not-reached';
        const selected = marker.id === selectedId;
        return (
          <ListItem key={marker.id} disablePadding>
            <ListItemButton
              selected={selected}
              onClick={() => onSelect(marker.id)}
              aria-current={selected ? 'true' : undefined}
              data-state={state}
              sx={{
                minHeight: 52,
                borderRadius: 1,
                border: 2,
                borderColor: state === 'next' ? 'primary.main' : selected ? 'action.selected' : 'divider',
                bgcolor: state === 'next' ? 'rgba(25, 118, 210, 0.06)' : undefined,
              }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                {state === 'reached' ? (
                  <CheckCircleIcon sx={{ color: '#1b5e20' }} aria-hidden />
                ) : state === 'next' ? (
                  <NavigationIcon color="primary" aria-hidden />
                ) : (
                  <RadioButtonUncheckedIcon color="action" aria-hidden />
                )}
              </ListItemIcon>
              <ListItemText
                primary={markerName(marker)}
                secondary={marker.notes || undefined}
                slotProps={{ primary: { sx: { fontWeight: state === 'next' ? 700 : 500 } } }}
              />
              {marker.isDoor && (
                <DoorFrontIcon fontSize="small" color="action" titleAccess="Door" sx={{ mr: 1 }} />
              )}
              <Typography
                component="span"
                variant="body2"
                sx={{
                  fontWeight: 600,
                  color:
                    state === 'reached' ? '#1b5e20' : state === 'next' ? 'primary.main' : 'text.secondary',
                  whiteSpace: 'nowrap',
                }}
              >
                {stateText[state]}
              </Typography>
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  </Box>
);
