import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { priorityName } from '@sitewalk/shared/constants';
import { messages } from '@sitewalk/shared/messages';
import type { Incident } from '@sitewalk/shared/schemas/incident';
import { formatDateTime } from '../../lib/time.ts';
import { incidentLocationName } from './incident-preview.ts';
import { Detail, DetailList } from '../details.tsx';

const priorityColors = { 1: 'error', 2: 'warning', 3: 'info' } as const;

export const priorityColor = (typeId: number) =>
  priorityColors[typeId as keyof typeof priorityColors] ?? 'default';

export interface IncidentDialogProps {
  incident: Incident | null;
  onClose: () => void;
  /** Opens the incident's own page (to note or resolve it). */
  onOpen: (incident: Incident) => void;
  /** The incident's location's time zone (the viewer's until it is known). */
  timeZone?: string;
}

/** The incident detail modal (field-operations "Incidents table"): the incident at a glance, from its row. */
export const IncidentDialog = ({ incident, onClose, onOpen, timeZone }: IncidentDialogProps) => {
  const id = useId();
  const notes = incident ? [...incident.notes].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : [];
  return (
    <Dialog
      open={incident !== null}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
    >
      {incident && (
        <>
          <DialogTitle id={`${id}-title`}>Incident {incident.id}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Stack direction="row" spacing={1}>
                <Chip
                  size="small"
                  label={priorityName(incident.typeId)}
                  color={priorityColor(incident.typeId)}
                />
                <Chip
                  size="small"
                  label={incident.resolved ? 'Resolved' : 'Unresolved'}
                  color={incident.resolved ? 'success' : 'warning'}
                />
              </Stack>
              <DetailList columns={{ xs: 1, sm: 2 }} gap={1.5}>
                <Detail label="Location">{incidentLocationName(incident)}</Detail>
                <Detail label="Types">
                  {incident.incidentTexts.map((t) => t.incidentNoteText.text).join(', ') || 'None'}
                </Detail>
                <Detail label="Created">{formatDateTime(incident.createdAt, { timeZone })}</Detail>
                <Detail label="Resolved">
                  {formatDateTime(incident.resolvedAt, { timeZone, fallback: 'Not resolved' })}
                </Detail>
              </DetailList>
              <Box>
                <Typography variant="subtitle2" component="h3">
                  Notes
                </Typography>
                {notes.length === 0 ? (
                  <Typography color="text.secondary">No notes yet.</Typography>
                ) : (
                  <List dense aria-label="Notes" sx={{ maxHeight: 240, overflowY: 'auto' }}>
                    {notes.map((note) => (
                      <ListItem key={note.id} disableGutters>
                        <ListItemText
                          primary={note.note}
                          secondary={`${note.user ? `${note.user.firstName} ${note.user.lastName}` : messages.status.unknownUser} · ${formatDateTime(note.createdAt, { timeZone })}`}
                          slotProps={{
                            primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } },
                          }}
                        />
                      </ListItem>
                    ))}
                  </List>
                )}
              </Box>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
            <Button variant="contained" onClick={() => onOpen(incident)}>
              Open Incident
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
};
