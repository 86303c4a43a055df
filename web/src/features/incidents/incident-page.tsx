import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import AddTaskIcon from '@mui/icons-material/AddTask';
import { paths } from '../../config/paths.ts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { Spinner } from '../../components/spinner.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { useCurrentUser } from '../../lib/auth.tsx';
import { taskPlacement, useAuthorization } from '../../lib/authorization.ts';
import { useLocation as useStorageLocation } from '../../api/locations.ts';
import { ApiError } from '../../lib/api-client.ts';
import { readIncidentOrigin } from '../../lib/incident-origin.ts';
import { useAddNote, useIncident, useResolveIncident } from '../../api/incidents.ts';
import { useLocationTimeZone } from '../../hooks/use-location-time-zone.ts';
import { formatDateTime } from '../../lib/time.ts';
import { useRouteId } from '../../lib/route-params.ts';
import { PriorityBadge } from './components/priority-badge.tsx';
import { NoteBox } from './components/note-box.tsx';
import { BackLink } from './components/back-link.tsx';
import { DownloadPdfButton } from '../../components/exports/download-pdf-button.tsx';
import { incidentPdf } from '../../api/exports.ts';
import { Detail, DetailList } from '../../components/details.tsx';
import { PageHeader } from '../../components/page-header.tsx';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card variant="outlined">
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

/** One incident (the 'Incident detail' screen). */
export const IncidentPage = () => {
  const id = useRouteId();
  const origin = readIncidentOrigin(useLocation().state);
  return (
    <Box sx={{ minWidth: 0 }}>
      <BackLink origin={origin} />
      {id === null ? <NotFound /> : <IncidentDetail id={id} />}
    </Box>
  );
};

const NotFound = () => (
  <Typography variant="h4" component="h1">
    Incident Not Found
  </Typography>
);

const IncidentDetail = ({ id }: { id: number }) => {
  const user = useCurrentUser();
  const incident = useIncident(id);
  const resolve = useResolveIncident();
  const addNote = useAddNote();
  const { can } = useAuthorization();
  // Its one location, not every location of the scope, tells whether a task may be made there.
  const location = useStorageLocation(incident.data?.locationId ?? 0, null, incident.data !== undefined);
  // The incident's times read in its location's zone, as on its PDF.
  const timeZone = useLocationTimeZone(incident.data?.locationId);

  if (incident.isPending) {
    return <Spinner />;
  }
  if (incident.isError) {
    if (incident.error instanceof ApiError && incident.error.status === 404) return <NotFound />;
    return <ErrorPanel error={incident.error} onReset={() => void incident.refetch()} />;
  }

  const data = incident.data;
  const notes = [...data.notes].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const locationName = data.location?.name ?? data.walk?.location.name ?? 'Unknown';
  const resolved = resolve.isPending ? resolve.variables.resolved : data.resolved;
  const mayCreateTask = can('create', taskPlacement(location.data));

  return (
    <Stack spacing={2}>
      <PageHeader
        title={`Incident ${data.id}`}
        badges={
          <>
            <PriorityBadge typeId={data.typeId} />
            <Chip
              label={resolved ? 'Resolved' : 'Unresolved'}
              color={resolved ? 'success' : 'warning'}
              size="small"
              data-testid="resolved-badge"
            />
          </>
        }
        actions={
          <>
            <FormControlLabel
              sx={{ ml: 0 }}
              control={
                <Switch
                  checked={resolved}
                  disabled={resolve.isPending}
                  onChange={(e) => resolve.mutate({ id: data.id, resolved: e.target.checked })}
                />
              }
              label="Resolved"
            />
            {mayCreateTask && (
              <Button
                component={RouterLink}
                to={paths.app.taskAdd.build({ incidentId: data.id })}
                variant="outlined"
                size="small"
                startIcon={<AddTaskIcon />}
              >
                Create task
              </Button>
            )}
            <DownloadPdfButton make={() => incidentPdf(data.id)} what={`incident ${data.id}`} />
          </>
        }
      />
      {resolve.isError && (
        <Alert severity="error">The incident could not be updated. Please try again.</Alert>
      )}

      <Section title="Details">
        <DetailList columns={{ xs: 1, sm: 2 }}>
          <Detail label="Location">{locationName}</Detail>
          <Detail label="Types">
            {data.incidentTexts.length === 0
              ? 'None'
              : data.incidentTexts.map((t) => t.incidentNoteText.text).join(', ')}
          </Detail>
          <Detail label="Created">{formatDateTime(data.createdAt, { timeZone })}</Detail>
          <Detail label="Resolved">
            {formatDateTime(data.resolvedAt, { timeZone, fallback: 'Not resolved' })}
          </Detail>
        </DetailList>
      </Section>

      <Section title="Notes">
        <NoteBox disabled={!user} onAdd={(note) => addNote.mutateAsync({ incidentId: data.id, note })} />
        {notes.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            No notes yet.
          </Typography>
        ) : (
          <List aria-label="Notes" sx={{ mt: 1 }}>
            {notes.map((note, index) => (
              <ListItem
                key={note.id}
                divider={index < notes.length - 1}
                disableGutters
                alignItems="flex-start"
              >
                <ListItemText
                  primary={note.note}
                  secondary={`${note.user ? `${note.user.firstName} ${note.user.lastName}` : 'Unknown User'} · ${formatDateTime(note.createdAt, { timeZone })}`}
                  slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>

      <Section title="Images">
        {data.images.length === 0 ? (
          <Typography color="text.secondary">No images.</Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 180px), 1fr))',
            }}
          >
            {data.images.map((image, index) => (
              <a key={image.key} href={image.presignedUrl} target="_blank" rel="noreferrer">
                <Box
                  component="img"
                  src={image.presignedUrl}
                  alt={`Incident ${data.id} photo ${index + 1}`}
                  loading="lazy"
                  sx={{
                    width: '100%',
                    aspectRatio: '4 / 3',
                    objectFit: 'cover',
                    borderRadius: 1,
                    display: 'block',
                  }}
                />
              </a>
            ))}
          </Box>
        )}
      </Section>
    </Stack>
  );
};
