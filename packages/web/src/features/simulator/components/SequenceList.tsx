/**
 * The scan list (research note §(b)): collections ("Scan N") with their pulse sequences in seqnum order, each with
 * a status chip that carries its text (never colour alone). Pick one to edit it; drag its handle, or focus the
 * handle and use Space and the arrow keys, to move it (the move call); its menu renames, duplicates, copies another sequence's geometry onto it or deletes it (after a confirmation); add a
 * sequence from the module's active schemes. A reading-only module's list (`prepared`, model 100001) holds its
 * prepared series to show: none is moved, changed or added.
 */
import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Announcements, DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ActiveSession, PulseSequence } from '@larmor/contracts/sessions';
import { DragHandle, SortableArea, useSortableRow } from '#ui/sortable.tsx';
import { dropPosition, groupedSequences } from '../state/scan-list.ts';
import { SequenceSeries } from './SequenceSeries.tsx';
import { StatusChip } from './StatusChip.tsx';

export interface SequenceActions {
  onSelect: (id: string) => void;
  onMove: (id: string, position: number) => void;
  onRename: (sequence: PulseSequence) => void;
  onDuplicate: (sequence: PulseSequence) => void;
  onDelete: (sequence: PulseSequence) => void;
  onCopyGeometry: (sequence: PulseSequence) => void;
  /**
   * Shows finished scan `scanId` of sequence `sequenceId` (one of its series) in the scan viewport; `series` one
   * of a DWI scan's series ('' the scan itself, issue 23.7).
   */
  onShowSeries: (sequenceId: string, scanId: string, series: string) => void;
}

function Row(props: {
  sequence: PulseSequence;
  selected: boolean;
  locked: boolean;
  /** A prepared series of a reading-only module: shown, never changed (no menu). */
  prepared: boolean;
  /** The only sequence of the session (nothing to copy geometry from). */
  alone: boolean;
  actions: SequenceActions;
  sessionId: string;
  /** The scan shown in the scan viewport, and which of a DWI scan's series ('' the scan itself). */
  shownScanId: string | undefined;
  shownSeries: string;
}) {
  const { sequence, actions } = props;
  const { setNodeRef, style, setActivatorNodeRef, attributes, listeners } = useSortableRow(
    sequence.id,
    props.locked,
  );
  return (
    <li ref={setNodeRef} style={style}>
      <Group
        gap={4}
        wrap="nowrap"
        px={4}
        py={2}
        style={{
          borderRadius: 6,
          background: props.selected ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <DragHandle
          ref={setActivatorNodeRef}
          attributes={attributes}
          listeners={listeners}
          label={`Move ${sequence.name}`}
          disabled={props.locked}
          size="sm"
        />
        <UnstyledButton
          onClick={() => actions.onSelect(sequence.id)}
          aria-current={props.selected ? 'true' : undefined}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Text size="sm" truncate>
            {sequence.seqnum}. {sequence.name}
          </Text>
        </UnstyledButton>
        <StatusChip status={sequence.status} progress={sequence.lastScan?.progress} />
        {!props.prepared && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${sequence.name}`}>
                <span aria-hidden>⋯</span>
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => actions.onRename(sequence)}>Rename</Menu.Item>
              <Menu.Item onClick={() => actions.onDuplicate(sequence)}>Duplicate</Menu.Item>
              <Menu.Item
                disabled={props.alone || sequence.status === 'running'}
                onClick={() => actions.onCopyGeometry(sequence)}
              >
                Copy geometry from…
              </Menu.Item>
              <Menu.Item
                color="red"
                disabled={sequence.status === 'running'}
                onClick={() => actions.onDelete(sequence)}
              >
                {sequence.status === 'running' ? 'Delete (cancel the scan first)' : 'Delete'}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <SequenceSeries
        sessionId={props.sessionId}
        sequence={sequence}
        shownScanId={props.shownScanId}
        shownSeries={props.shownSeries}
        onShow={(scanId, series) => actions.onShowSeries(sequence.id, scanId, series)}
      />
    </li>
  );
}

export function SequenceList(props: {
  active: ActiveSession;
  selectedId: string | undefined;
  /** The scan shown in the scan viewport (one of the selected sequence's series). */
  shownScanId: string | undefined;
  /** Which of its DWI series the viewport shows ('' the scan itself). */
  shownSeries: string;
  schemes: readonly { id: number; name: string }[];
  adding: boolean;
  onAdd: (schemeId: number) => void;
  actions: SequenceActions;
  /** A reading-only module (model 100001): its prepared series, read-only, and no sequence to add. */
  prepared?: boolean;
}) {
  const prepared = props.prepared === true;
  const [scheme, setScheme] = useState<string | null>(null);
  const groups = groupedSequences(props.active);
  const all = groups.flatMap((g) => g.sequences);
  const running = all.some((s) => s.status === 'running');
  const nameOf = (id: string | number) => all.find((s) => s.id === id)?.name ?? String(id);
  const seqnumOf = (id: string | number | undefined) => all.find((s) => s.id === id)?.seqnum ?? 0;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${seqnumOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${seqnumOf(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} moved to position ${seqnumOf(over.id)}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} cancelled.`,
  };
  const onDragEnd = (event: DragEndEvent) => {
    if (event.over === null) return;
    const position = dropPosition(all, String(event.active.id), String(event.over.id));
    if (position !== undefined) props.actions.onMove(String(event.active.id), position);
  };
  return (
    <Stack gap="sm" p="sm">
      <Title order={2} size="h5">
        {prepared ? 'Prepared series' : 'Scan list'}
      </Title>
      {all.length === 0 && (
        <Text size="sm" c="dimmed">
          {prepared
            ? 'This module has no prepared series.'
            : 'No sequences yet: add one below to set its parameters and see its live preview.'}
        </Text>
      )}
      <SortableArea
        announcements={announcements}
        instructions="To move a sequence, press Space, move with the arrow keys, press Space again to drop or Escape to cancel."
        onDragEnd={onDragEnd}
      >
        {groups.map((group) => (
          <div key={group.id}>
            <Text size="sm" fw={700} id={`collection-${group.id}`}>
              {group.name}
            </Text>
            <SortableContext items={group.sequences.map((s) => s.id)} strategy={verticalListSortingStrategy}>
              <ul
                aria-labelledby={`collection-${group.id}`}
                style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 2 }}
              >
                {group.sequences.map((sequence) => (
                  <Row
                    key={sequence.id}
                    sequence={sequence}
                    selected={sequence.id === props.selectedId}
                    locked={running || prepared}
                    prepared={prepared}
                    alone={all.length < 2}
                    actions={props.actions}
                    sessionId={props.active.session.id}
                    shownScanId={props.shownScanId}
                    shownSeries={props.shownSeries}
                  />
                ))}
              </ul>
            </SortableContext>
          </div>
        ))}
      </SortableArea>
      {!prepared && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label="Add a sequence"
            placeholder="Choose a sequence"
            data={props.schemes.map((s) => ({ value: String(s.id), label: s.name }))}
            value={scheme}
            onChange={setScheme}
            searchable
            style={{ flex: 1 }}
          />
          <Button
            disabled={scheme === null}
            loading={props.adding}
            onClick={() => scheme !== null && props.onAdd(Number(scheme))}
          >
            Add
          </Button>
        </Group>
      )}
    </Stack>
  );
}
