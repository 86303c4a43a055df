import DeleteIcon from '@mui/icons-material/Delete';
import RedoIcon from '@mui/icons-material/Redo';
import SaveIcon from '@mui/icons-material/Save';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { Walk } from '@sitewalk/shared/schemas/walk';
import { SaveStatus } from '../../../components/save-status.tsx';
import type { TimedStatus } from '../../../hooks/use-timed-status.ts';
import { MarkersList } from './markers-list.tsx';
import type { WalkEditorState } from './walk-editor-state.ts';

export interface WalkSetupPanelProps {
  state: WalkEditorState;
  /** The location's walks, deleted ones already left out; undefined while they load. */
  walks: Walk[] | undefined;
  saveStatus: TimedStatus;
  /** May the user create, change and delete walks here (the shared policy). */
  canEdit: boolean;
  onNewWalk: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onSelectWalk: (id: number | null) => void;
  onReorder: (from: number, to: number) => void;
  onRemove: (key: string) => void;
  onEditRange: (key: string) => void;
  onToggleDoor: (key: string) => void;
  onAddRange: () => void;
  onSave: () => void;
  onDelete: () => void;
}

/** The right-hand panel 'Walk Setup' of the Setup Walks screen. */
export const WalkSetupPanel = ({
  state,
  walks,
  saveStatus,
  canEdit,
  onNewWalk,
  onUndo,
  onRedo,
  onSelectWalk,
  onReorder,
  onRemove,
  onEditRange,
  onToggleDoor,
  onAddRange,
  onSave,
  onDelete,
}: WalkSetupPanelProps) => {
  const hasMarkers = state.markers.length > 0;
  const busy = saveStatus === 'working' || saveStatus === 'done';
  return (
    <Stack spacing={2} component="section" aria-labelledby="walk-setup-title" sx={{ minWidth: 0 }}>
      <Typography id="walk-setup-title" variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Walk Setup
      </Typography>
      {canEdit && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" variant="outlined" onClick={onNewWalk} disabled={busy}>
            Create New Walk
          </Button>
          <Button
            size="small"
            variant="outlined"
            startIcon={<UndoIcon />}
            onClick={onUndo}
            disabled={!hasMarkers || busy}
          >
            Undo
          </Button>
          <Button
            size="small"
            variant="outlined"
            startIcon={<RedoIcon />}
            onClick={onRedo}
            disabled={state.redo.length === 0 || busy}
          >
            Redo
          </Button>
        </Stack>
      )}
      <TextField
        select
        label="Walk"
        value={state.walkId === null ? '' : String(state.walkId)}
        onChange={(event) => onSelectWalk(event.target.value === '' ? null : Number(event.target.value))}
        disabled={walks === undefined || busy}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Select a walk...</MenuItem>
        {(walks ?? []).map((walk) => (
          <MenuItem key={walk.id} value={String(walk.id)}>
            {walk.name}
          </MenuItem>
        ))}
      </TextField>
      {state.walkId !== null && state.description && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {state.description}
        </Typography>
      )}
      <Divider />
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Markers
        </Typography>
        {canEdit && hasMarkers && (
          <Typography variant="body2" color="text.secondary">
            Drag a marker by its handle to change the order.
          </Typography>
        )}
        <MarkersList
          markers={state.markers}
          onReorder={onReorder}
          onRemove={onRemove}
          onEditRange={onEditRange}
          onToggleDoor={onToggleDoor}
        />
      </Box>
      {canEdit && (
        <>
          <Button variant="outlined" onClick={onAddRange} disabled={!hasMarkers || busy}>
            Add Unit Number Range
          </Button>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              onClick={onSave}
              disabled={!hasMarkers || busy}
            >
              Save Walk
            </Button>
            {state.walkId !== null && (
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteIcon />}
                onClick={onDelete}
                disabled={busy}
              >
                Delete Walk
              </Button>
            )}
            <SaveStatus status={saveStatus} />
            {state.dirty && saveStatus === null && (
              <Typography variant="body2" color="text.secondary" component="span">
                Unsaved changes
              </Typography>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
};
