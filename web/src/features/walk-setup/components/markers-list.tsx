import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DeleteIcon from '@mui/icons-material/Delete';
import DoorFrontIcon from '@mui/icons-material/DoorFrontOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Chip, IconButton, List, ListItem, Tooltip, Typography } from '@mui/material';
import type { EditorMarker } from './walk-editor-state.ts';
import { DOOR_COLOR } from '../../../components/map/marker-colors.ts';

/** How far one key press drags a marker in the list. */
export const KEYBOARD_DRAG_STEP_PX = 25;

/** Arrow keys move the dragged row by 25 px; space picks it up and drops it, Escape cancels. */
export const stepCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case 'ArrowDown':
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_DRAG_STEP_PX };
    case 'ArrowUp':
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_DRAG_STEP_PX };
    case 'ArrowRight':
      return { ...currentCoordinates, x: currentCoordinates.x + KEYBOARD_DRAG_STEP_PX };
    case 'ArrowLeft':
      return { ...currentCoordinates, x: currentCoordinates.x - KEYBOARD_DRAG_STEP_PX };
  }
  return undefined;
};

export interface MarkersListProps {
  markers: EditorMarker[];
  onReorder: (from: number, to: number) => void;
  onRemove: (key: string) => void;
  onEditRange: (key: string) => void;
  onToggleDoor: (key: string) => void;
}

/** The walk's points in order; dragging a row (mouse, touch or keyboard) reorders and relabels 1..n. */
export const MarkersList = ({
  markers,
  onReorder,
  onRemove,
  onEditRange,
  onToggleDoor,
}: MarkersListProps) => {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = markers.findIndex((marker) => marker.key === active.id);
    const to = markers.findIndex((marker) => marker.key === over.id);
    if (from >= 0 && to >= 0) onReorder(from, to);
  };
  if (markers.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        No markers yet. Double-click the map to add one.
      </Typography>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To pick up a marker, press space or enter. Use the arrow keys to move it, space or enter to drop it, escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up marker ${labelOf(markers, active.id)}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `Marker ${labelOf(markers, active.id)} is over position ${labelOf(markers, over.id)}.`
              : '',
          onDragEnd: ({ active, over }) =>
            over
              ? `Marker ${labelOf(markers, active.id)} dropped at position ${labelOf(markers, over.id)}.`
              : 'Dropped.',
          onDragCancel: ({ active }) => `Moving marker ${labelOf(markers, active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={markers.map((marker) => marker.key)} strategy={verticalListSortingStrategy}>
        <List dense aria-label="Markers" disablePadding>
          {markers.map((marker) => (
            <MarkerRow
              key={marker.key}
              marker={marker}
              onRemove={onRemove}
              onEditRange={onEditRange}
              onToggleDoor={onToggleDoor}
            />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
};

const labelOf = (markers: EditorMarker[], key: string | number) =>
  markers.find((marker) => marker.key === key)?.label ?? '';

const MarkerRow = ({
  marker,
  onRemove,
  onEditRange,
  onToggleDoor,
}: { marker: EditorMarker } & Omit<MarkersListProps, 'markers' | 'onReorder'>) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: marker.key });
  const point = `Point ${marker.label}`;
  return (
    <ListItem
      ref={setNodeRef}
      data-testid="marker-row"
      disableGutters
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 1 : 'auto',
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        minHeight: 44,
        gap: 0.5,
        flexWrap: 'wrap',
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        aria-label={`Drag ${point}`}
        sx={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <Box
        component="span"
        sx={{
          width: 28,
          height: 28,
          borderRadius: '50%',
          // As the map draws it: a door blue, any other point red as the route.
          bgcolor: marker.isDoor ? DOOR_COLOR : 'error.main',
          color: 'common.white',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontWeight: 700,
          fontSize: 14,
          flexShrink: 0,
        }}
      >
        {marker.label}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
          {point}
        </Typography>
        {marker.isDoor && <Chip label="Door" size="small" sx={{ ml: 1 }} />}
        {marker.unitNumberRange && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
            Units {marker.unitNumberRange}
          </Typography>
        )}
      </Box>
      <Tooltip title={marker.isDoor ? 'Door marker: yes' : 'Door marker: no'}>
        <IconButton
          size="small"
          aria-label={`Door marker ${point}`}
          aria-pressed={marker.isDoor}
          color={marker.isDoor ? 'secondary' : 'default'}
          onClick={() => onToggleDoor(marker.key)}
        >
          <DoorFrontIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Unit number range">
        <IconButton
          size="small"
          aria-label={`Edit unit range ${point}`}
          onClick={() => onEditRange(marker.key)}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Remove">
        <IconButton size="small" aria-label={`Remove ${point}`} onClick={() => onRemove(marker.key)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </ListItem>
  );
};
