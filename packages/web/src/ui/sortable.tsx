/**
 * Lists reordered by dragging a handle or by keyboard (focus the handle, Space to pick up, arrows to move, Space
 * to drop, Escape to cancel), with announcements for screen readers (@dnd-kit, STACK.md): the drag area, a
 * row's sortable parts and its handle, shared by the program editors and the simulator's scan list.
 */
import type { ReactNode } from 'react';
import { ActionIcon, type MantineSize } from '@mantine/core';
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
import { sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

/** Where items can be dragged, by pointer or keyboard; `instructions` is read to screen readers on focus. */
export function SortableArea(props: {
  announcements: Announcements;
  instructions: string;
  onDragEnd: (event: DragEndEvent) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={props.onDragEnd}
      accessibility={{
        announcements: props.announcements,
        screenReaderInstructions: { draggable: props.instructions },
      }}
    >
      {props.children}
    </DndContext>
  );
}

/** A sortable row's element (its setNodeRef) and moving style, and its handle's parts (for DragHandle). */
export function useSortableRow(id: string, disabled: boolean) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  const style = { transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 };
  return { setNodeRef, style, setActivatorNodeRef, attributes, listeners };
}

type Row = ReturnType<typeof useSortableRow>;

/** The handle a row is dragged by (or focused and moved with the keyboard). */
export function DragHandle({
  ref,
  attributes,
  listeners,
  label,
  disabled,
  size,
}: {
  ref: Row['setActivatorNodeRef'];
  attributes: Row['attributes'];
  listeners: Row['listeners'];
  /** Its accessible name, e.g. "Move T2 TSE". */
  label: string;
  disabled: boolean;
  size?: MantineSize;
}) {
  return (
    <ActionIcon
      ref={ref}
      variant="subtle"
      color="gray"
      size={size}
      aria-label={label}
      disabled={disabled}
      {...attributes}
      {...listeners}
    >
      <span aria-hidden>⠿</span>
    </ActionIcon>
  );
}
