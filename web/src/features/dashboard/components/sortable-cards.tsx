import type { ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, IconButton, Tooltip } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useDragHint } from '../hooks/use-drag-hint.ts';
import { CARD_GRID } from './area-groups.ts';

export const DRAG_HINT = 'Drag tables to change order';

export interface SortableItem {
  id: number;
  name: string;
}

interface SortableCardProps {
  item: SortableItem;
  render: (handle: ReactNode) => ReactNode;
}

const SortableCard = ({ item, render }: SortableCardProps) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id });
  const hint = useDragHint();
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Move ${item.name}`}
      size="small"
      sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none', mt: 0.25 }}
    >
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  );
  return (
    <Tooltip
      title={DRAG_HINT}
      open={hint.open && !isDragging}
      placement="top-start"
      arrow
      disableFocusListener
      disableHoverListener
      disableTouchListener
    >
      <Box
        ref={setNodeRef}
        data-testid={`card-${item.id}`}
        onMouseEnter={hint.onMouseEnter}
        onMouseLeave={hint.onMouseLeave}
        sx={{
          transform: CSS.Translate.toString(transform),
          transition,
          zIndex: isDragging ? 1 : 'auto',
          opacity: isDragging ? 0.85 : 1,
          position: 'relative',
          minWidth: 0,
        }}
      >
        {render(handle)}
      </Box>
    </Tooltip>
  );
};

export interface SortableCardsProps {
  items: SortableItem[];
  /** Called with every id in its new order after a card was moved. */
  onReorder: (ids: number[]) => void;
  renderCard: (item: SortableItem, handle: ReactNode) => ReactNode;
}

/** The dashboard's cards, reordered by dragging their handle (mouse, touch or keyboard). */
export const SortableCards = ({ items, onReorder, renderCard }: SortableCardsProps) => {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: number | string) => items.find((item) => item.id === id)?.name ?? String(id);
  const positionOf = (id: number | string) => items.findIndex((item) => item.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${items.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${items.length}.`
        : undefined,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = items.map((item) => item.id);
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a table, press space or enter, use the arrow keys to move it, then press space or enter again to drop it, or escape to cancel.',
        },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={rectSortingStrategy}>
        <Box sx={CARD_GRID}>
          {items.map((item) => (
            <SortableCard key={item.id} item={item} render={(handle) => renderCard(item, handle)} />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
};
