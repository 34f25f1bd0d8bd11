/**
 * An administrator's list of registered connections of an organisation (LTI platforms, sign-in providers): a
 * table with Edit and Remove per row, a button that opens the form to add one, and a confirmation before removing.
 * The page gives the columns, the form and the words; this component owns the dialogs, the loading and error states
 * and the removal.
 */
import { useState, type ReactNode } from 'react';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ConfirmFoot, useConfirmAction } from './ConfirmFoot.tsx';
import { DataTable, type Column } from './DataTable.tsx';
import { Dialog } from './Dialog.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';
import { toast } from './toast.ts';

const CONFIRM_WIDTH_PX = 440;

export interface RegistryListProps<T extends { id: string; name: string }> {
  /** The list's heading, e.g. "Platforms". */
  title: string;
  /** The add button's text, e.g. "Register platform". */
  addLabel: string;
  /** What one entry is called in the removal's title and toast, capitalised, e.g. "Platform". */
  noun: string;
  /** Shown between the heading and the table. */
  intro?: ReactNode;
  list: { data: { items: readonly T[] } | undefined; isPending: boolean; error: Error | null };
  /** The entry's columns; the Actions column (Edit, Remove) is added after them. */
  columns: Column<T>[];
  /** The form that adds (`entry` undefined) or edits `entry`, opened; it calls `onClose` when done. */
  form: (entry: T | undefined, onClose: () => void) => ReactNode;
  /** What removing `entry` does, in a sentence after "Remove {name}?". */
  removeConsequence: string;
  remove: (id: string) => Promise<unknown>;
}

export function RegistryList<T extends { id: string; name: string }>(props: RegistryListProps<T>) {
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'edit' | 'delete'; entry: T } | null>(
    null,
  );
  const close = () => setDialog(null);
  const confirmRemove = useConfirmAction(async () => {
    if (dialog?.kind !== 'delete') return;
    await props.remove(dialog.entry.id);
    setDialog(null);
    toast.success(`${props.noun} removed`);
  });
  const columns: Column<T>[] = [
    ...props.columns,
    {
      key: 'actions',
      header: 'Actions',
      render: (entry) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            aria-label={`Edit ${entry.name}`}
            onClick={() => setDialog({ kind: 'edit', entry })}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            aria-label={`Remove ${entry.name}`}
            onClick={() => setDialog({ kind: 'delete', entry })}
          >
            Remove
          </Button>
        </Group>
      ),
    },
  ];
  const { list } = props;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        <Button onClick={() => setDialog({ kind: 'create' })}>{props.addLabel}</Button>
      </Group>
      {props.intro}
      {list.isPending && <Loader size="sm" aria-label={`Loading ${props.title.toLowerCase()}`} />}
      <ErrorAlert error={list.error} />
      {list.data !== undefined && <DataTable columns={columns} rows={list.data.items} rowKey={(e) => e.id} />}
      {dialog?.kind === 'create' && props.form(undefined, close)}
      {dialog?.kind === 'edit' && props.form(dialog.entry, close)}
      <Dialog
        opened={dialog?.kind === 'delete'}
        title={`Remove ${props.noun.toLowerCase()}`}
        widthPx={CONFIRM_WIDTH_PX}
        onClose={close}
      >
        <Text mb="md">
          Remove {dialog?.kind === 'delete' ? dialog.entry.name : ''}? {props.removeConsequence}
        </Text>
        <ConfirmFoot action={confirmRemove} onCancel={close} button={{ color: 'red' }} cancelFirst>
          Remove
        </ConfirmFoot>
      </Dialog>
    </Stack>
  );
}
