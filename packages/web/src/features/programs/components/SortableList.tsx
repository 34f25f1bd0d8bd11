/**
 * A list reordered by dragging its handles or by keyboard (focus a handle, Space to pick up, arrows to move,
 * Space to drop, Escape to cancel), with announcements for screen readers (ui/sortable.tsx).
 */
import type { ReactNode } from 'react';
import { Group, Paper } from '@mantine/core';
import type { Announcements, DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { DragHandle, SortableArea, useSortableRow } from '#ui/sortable.tsx';
import { reorder } from './reorder.ts';

export interface SortableItem {
  id: string;
  title: string;
}

function Row(props: { item: SortableItem; children: ReactNode; disabled: boolean }) {
  const { setNodeRef, style, setActivatorNodeRef, attributes, listeners } = useSortableRow(
    props.item.id,
    props.disabled,
  );
  return (
    <Paper ref={setNodeRef} component="li" withBorder p="xs" style={style}>
      <Group wrap="nowrap" gap="sm">
        <DragHandle
          ref={setActivatorNodeRef}
          attributes={attributes}
          listeners={listeners}
          label={`Move ${props.item.title}`}
          disabled={props.disabled}
        />
        <div style={{ flex: 1, minWidth: 0 }}>{props.children}</div>
      </Group>
    </Paper>
  );
}

export function SortableList(props: {
  label: string;
  items: readonly SortableItem[];
  onReorder: (ids: string[]) => void;
  renderItem: (item: SortableItem, index: number) => ReactNode;
  disabled?: boolean;
}) {
  const titleOf = (id: string | number): string => props.items.find((i) => i.id === id)?.title ?? String(id);
  const position = (id: string | number | undefined): number => props.items.findIndex((i) => i.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}, position ${position(active.id)} of ${props.items.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} is now at position ${position(over.id)} of ${props.items.length}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped at position ${position(over.id)}.`
        : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} cancelled.`,
  };
  const onDragEnd = (event: DragEndEvent): void => {
    if (event.over === null) return;
    const ids = props.items.map((i) => i.id);
    const next = reorder(ids, String(event.active.id), String(event.over.id));
    if (next.join() !== ids.join()) props.onReorder(next);
  };
  return (
    <SortableArea
      announcements={announcements}
      instructions="To reorder, press Space, move with the arrow keys, press Space again to drop or Escape to cancel."
      onDragEnd={onDragEnd}
    >
      <SortableContext items={props.items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ul
          aria-label={props.label}
          style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }}
        >
          {props.items.map((item, index) => (
            <Row key={item.id} item={item} disabled={props.disabled === true}>
              {props.renderItem(item, index)}
            </Row>
          ))}
        </ul>
      </SortableContext>
    </SortableArea>
  );
}
