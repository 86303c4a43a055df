import CheckIcon from '@mui/icons-material/Check';
import FlagIcon from '@mui/icons-material/Flag';
import NoteAddIcon from '@mui/icons-material/NoteAddOutlined';
import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { messages } from '@sitewalk/shared/messages';
import type { Marker } from '@sitewalk/shared/schemas/walk';
import { usePosition, type Fix } from '../../../hooks/use-position.ts';
import { useWakeLock } from '../../../hooks/use-wake-lock.ts';
import { arrivalTarget, isAtMarker, reachOf } from '../logic/arrival.ts';
import { finishSummary, type FinishSummary } from '../logic/finish-summary.ts';
import { markerName, markerProgress, nextExpectedMarker, orderedMarkers } from '../logic/markers.ts';
import {
  arrivalOf,
  recordArrival,
  recordDoorCheck,
  recordIncident,
  recordNote,
  recordPhoto,
  type Recorded,
} from '../logic/session-actions.ts';
import { OutboxIndicator } from '../store/outbox-indicator.tsx';
import { useDoorUnits } from '../store/use-door-units.ts';
import { useRecorderServices } from '../recorder-services.tsx';
import type { RecordingSession } from '../store/types.ts';
import { DoorCheckDialog } from './door-check-dialog.tsx';
import { FinishDialog } from './finish-dialog.tsx';
import { GpsLine } from './gps-line.tsx';
import { IncidentDialog } from './incident-dialog.tsx';
import { MarkersList } from './markers-list.tsx';
import { NoteDialog } from './note-dialog.tsx';
import { preparePhoto } from './photo-file.ts';
import { PhotoInput } from './photo-input.tsx';
import { RECORDER_MAP_HEIGHT } from './map-height.ts';
import { TwoColumns } from '../../../components/two-columns.tsx';

/**
 * The action bar's rows: labels never wrap. Where the column holding them is narrower than 480 px (a phone;
 * the column beside the map on a laptop) each button puts its icon above a smaller label, so three share
 * 300 px at 320; the photo button's label is styled alike.
 */
const NARROW = '@container actions (max-width: 479.95px)';
const actionRowSx = {
  display: 'grid',
  gap: 0.75,
  '& .MuiButton-root, & label': {
    whiteSpace: 'nowrap',
    [NARROW]: { flexDirection: 'column', gap: 0.25, fontSize: '0.8125rem', px: 0.5 },
  },
  '& .MuiButton-startIcon': { [NARROW]: { m: 0 } },
} as const;

/** The map and its pins load with the map's code, after the screen (as Walk Setup's). */
const RecorderMap = lazy(async () => ({ default: (await import('./recorder-map.tsx')).RecorderMap }));

export interface RecordingStepProps {
  session: RecordingSession;
  /** Records one action (the session it leaves and its writes), in order. */
  record: (action: (session: RecordingSession) => Recorded | null) => void;
  onFinish: () => void;
}

interface DoorCheck {
  marker: Marker;
  method: 'position' | 'hand';
  /** When and where the walker arrived: the completed marker's, though it is recorded when the check is saved. */
  arrivedAt: string;
  fix: Fix | null;
}

type Open = null | 'note' | 'incident' | 'finish';

/** A door check at a marker, at the walker's arrival (its unit is the one the API drew for the marker). */
const doorCheckOf = (
  marker: Marker,
  method: DoorCheck['method'],
  fix: Fix | null,
  arrivedAt: string,
): DoorCheck => ({ marker, method, fix, arrivedAt });

/** Whether the session has reached the marker already (a second fix or tap before the screen caught up). */
const arrivedAt = (current: RecordingSession, marker: Marker) =>
  current.arrivals.some(({ markerId }) => markerId === marker.id);

/**
 * Recording: the walk on the map with the live position, the markers and their states, and the actions at
 * the selected marker in a bar at the thumb. Arrivals by position happen as fixes come in; door markers ask
 * for a door check first.
 */
export const RecordingStep = ({ session, record, onFinish }: RecordingStepProps) => {
  const markers = useMemo(() => orderedMarkers(session.walk), [session.walk]);
  const progress = markerProgress(markers, session.arrivals);
  const next = nextExpectedMarker(markers, session.arrivals);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const selected = markers.find(({ id }) => id === chosenId) ?? next ?? markers.at(-1) ?? null;
  const [door, setDoor] = useState<DoorCheck | null>(null);
  const { outbox, shrinkPhoto } = useRecorderServices();
  // Drawn by the API as the walk started, never on the phone: a reload or a reopened check asks the same unit.
  const doorUnits = useDoorUnits(outbox, session.key, door !== null);
  const doorUnit =
    door && doorUnits
      ? { known: true as const, unit: doorUnits.find((d) => d.markerId === door.marker.id)?.unit ?? null }
      : { known: false as const, unit: null };
  const [open, setOpen] = useState<Open>(null);
  const [summary, setSummary] = useState<FinishSummary | null>(null);
  const [photoMessage, setPhotoMessage] = useState<{ severity: 'error' | 'warning'; text: string } | null>(
    null,
  );
  const [lastSaved, setLastSaved] = useState<string | null>(null);

  // Door markers the walker cancelled while at them: not asked again until they leave and come back.
  const dismissed = useRef(new Set<number>());

  // usePosition calls the latest of these with each fix, without watching again.
  const onFix = (fix: Fix) => {
    for (const id of dismissed.current) {
      const marker = markers.find((candidate) => candidate.id === id);
      if (!marker || !isAtMarker(marker, fix)) dismissed.current.delete(id);
    }
    // Only the marker the walker is heading for (logic/arrival.ts says why).
    const reach = reachOf(arrivalTarget(markers, session.arrivals, chosenId), fix);
    if (!reach) return;
    const { marker } = reach;
    if (marker.isDoor) {
      if (!door && !dismissed.current.has(marker.id)) setDoor(doorCheckOf(marker, 'position', fix, fix.at));
      return;
    }
    record((current) =>
      arrivedAt(current, marker)
        ? null
        : recordArrival(current, arrivalOf({ marker, fix, method: 'position', now: fix.at }), false),
    );
    setChosenId(marker.id);
    setLastSaved('Arrived');
  };
  const position = usePosition({ onFix });
  useWakeLock(true);

  const reached = selected ? progress.get(selected.id) === 'reached' : false;
  const markReached = () => {
    if (!selected || reached) return;
    if (selected.isDoor)
      return setDoor(doorCheckOf(selected, 'hand', position.fix, new Date().toISOString()));
    const marker = selected;
    record((current) =>
      arrivedAt(current, marker)
        ? null
        : recordArrival(
            current,
            arrivalOf({ marker, fix: position.fix, method: 'hand', now: new Date().toISOString() }),
            false,
          ),
    );
    setChosenId(marker.id);
    setLastSaved('Recorded by hand');
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5, pb: 1 }}>
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
          {session.walk.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {session.locationName}
        </Typography>
      </Box>
      <Paper
        variant="outlined"
        // The GPS line level with the outbox's first line; the outbox (with any failed writes under it) takes
        // the rest of the row, or a row of its own on a phone.
        sx={{ p: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2, rowGap: 0.5 }}
      >
        {position.status === 'denied' || position.status === 'unsupported' ? null : (
          <GpsLine position={position} />
        )}
        <Box sx={{ minWidth: 0, flex: '1 1 auto' }}>
          <OutboxIndicator />
        </Box>
      </Paper>
      {(position.status === 'denied' || position.status === 'unsupported') && <GpsLine position={position} />}
      <TwoColumns columns="minmax(0, 3fr) minmax(280px, 2fr)" narrow="1fr" gap={1.5}>
        <Suspense fallback={<Box sx={{ height: RECORDER_MAP_HEIGHT }} />}>
          <RecorderMap markers={markers} progress={progress} position={position} onSelect={setChosenId} />
        </Suspense>
        <Stack spacing={1.5} sx={{ containerType: 'inline-size', containerName: 'actions' }}>
          <MarkersList
            markers={markers}
            progress={progress}
            selectedId={selected?.id ?? null}
            onSelect={setChosenId}
          />
          {selected && (
            <Paper
              elevation={6}
              component="section"
              aria-label={`Actions at ${markerName(selected)}`}
              sx={{
                // At the thumb on phones and tablets; under the list, beside the map, on wide screens.
                position: { xs: 'sticky', md: 'static' },
                // Above the app's bottom bar on phones (app-layout.tsx sets its height; 0 without it).
                bottom: 'var(--bottom-nav-height, 0px)',
                zIndex: 2,
                p: 1,
                mx: { xs: -1.5, sm: 0 },
                borderRadius: { xs: 0, sm: 1 },
                boxShadow: { md: 'none' },
                border: { md: 1 },
                borderColor: { md: 'divider' },
                display: 'grid',
                gap: 0.75,
              }}
            >
              <Typography variant="subtitle2" component="p" sx={{ px: 0.5 }}>
                {markerName(selected)} ·{' '}
                {reached ? 'Reached' : selected.id === next?.id ? 'Next' : 'Not reached'}
                {lastSaved && (
                  <Typography
                    component="span"
                    variant="body2"
                    color={lastSaved === messages.photo.preparing ? 'text.secondary' : 'success.main'}
                    sx={{ ml: 1 }}
                  >
                    {lastSaved}
                  </Typography>
                )}
              </Typography>
              <Box
                sx={{
                  ...actionRowSx,
                  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
                  // Each button as wide as its label needs, the rest shared: 'Mark reached' is the longest.
                  [NARROW]: { gridTemplateColumns: 'auto auto auto' },
                }}
              >
                <Button
                  variant="contained"
                  size="large"
                  startIcon={<CheckIcon />}
                  disabled={reached}
                  onClick={markReached}
                  sx={{ minHeight: 48, px: 1, lineHeight: 1.2 }}
                >
                  Mark reached
                </Button>
                <Button
                  variant="outlined"
                  size="large"
                  startIcon={<NoteAddIcon />}
                  onClick={() => setOpen('note')}
                  sx={{ minHeight: 48, px: 1, lineHeight: 1.2 }}
                >
                  Add note
                </Button>
                <PhotoInput
                  name="Add photo"
                  onFiles={([file]) => {
                    if (!file) return;
                    setPhotoMessage(null);
                    // Where and when the photo was taken, not when it is ready (a 48 MP photo takes a moment).
                    const markerId = selected.id;
                    const fix = position.fix;
                    const takenAt = new Date().toISOString();
                    setLastSaved(messages.photo.preparing);
                    void preparePhoto(file, shrinkPhoto).then((prepared) => {
                      if ('problem' in prepared) {
                        setLastSaved(null);
                        return setPhotoMessage({ severity: 'error', text: prepared.problem });
                      }
                      const { blob, contentType, notice } = prepared;
                      record((current) =>
                        recordPhoto(current, { markerId, blob, contentType, fix, now: takenAt, door: false }),
                      );
                      if (notice) setPhotoMessage({ severity: 'warning', text: notice });
                      setLastSaved('Photo saved');
                    });
                  }}
                />
              </Box>
              {photoMessage && (
                <Alert severity={photoMessage.severity} onClose={() => setPhotoMessage(null)}>
                  {photoMessage.text}
                </Alert>
              )}
            </Paper>
          )}
          <Box sx={{ ...actionRowSx, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
            <Button
              variant="outlined"
              color="error"
              size="large"
              startIcon={<ReportIcon />}
              onClick={() => setOpen('incident')}
              sx={{ minHeight: 48 }}
            >
              Report incident
            </Button>
            <Button
              variant="outlined"
              size="large"
              startIcon={<FlagIcon />}
              onClick={() => {
                setSummary(finishSummary(session, new Date().toISOString()));
                setOpen('finish');
              }}
              sx={{ minHeight: 48 }}
            >
              Finish walk
            </Button>
          </Box>
        </Stack>
      </TwoColumns>
      <DoorCheckDialog
        open={door !== null}
        markerLabel={door ? markerName(door.marker) : ''}
        unit={doorUnit.known ? doorUnit.unit : undefined}
        onCancel={() => {
          if (door) dismissed.current.add(door.marker.id);
          setDoor(null);
        }}
        onSave={({ blob, contentType, picturedUnit }) => {
          if (!door) return;
          const { marker, method } = door;
          // The completed marker at the arrival; the photo when and where it was taken.
          const arrival = arrivalOf({
            marker,
            fix: door.fix,
            method,
            now: door.arrivedAt,
            // What the check showed; the API records the unit it drew whatever this says.
            targetUnit: doorUnit.unit,
            picturedUnit,
          });
          const taken = { blob, contentType, fix: position.fix, now: new Date().toISOString() };
          record((current) => (arrivedAt(current, marker) ? null : recordDoorCheck(current, arrival, taken)));
          setDoor(null);
          setChosenId(marker.id);
          setLastSaved('Door check saved');
        }}
      />
      <NoteDialog
        open={open === 'note'}
        markerLabel={selected ? markerName(selected) : ''}
        onCancel={() => setOpen(null)}
        onSave={(note) => {
          if (selected) {
            const markerId = selected.id;
            record((current) => recordNote(current, markerId, note, new Date().toISOString()));
            setLastSaved('Note saved');
          }
          setOpen(null);
        }}
      />
      <IncidentDialog
        open={open === 'incident'}
        onCancel={() => setOpen(null)}
        onSave={({ typeId, note, photos }) => {
          record((current) =>
            recordIncident(current, { typeId, note, photos, now: new Date().toISOString() }),
          );
          setLastSaved('Incident saved');
          setOpen(null);
        }}
      />
      <FinishDialog
        open={open === 'finish'}
        summary={summary}
        onKeepWalking={() => setOpen(null)}
        onFinish={() => {
          setOpen(null);
          onFinish();
        }}
      />
    </Box>
  );
};
