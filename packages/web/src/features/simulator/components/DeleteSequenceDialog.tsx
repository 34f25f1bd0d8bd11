/**
 * Asks before a pulse sequence is deleted (with its scans and images); the server's refusal (e.g. 409 while it
 * runs) stays in the dialog as an alert.
 */
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { PulseSequence } from '@larmor/contracts/sessions';
import { ActionButton } from '#ui/ActionButton.tsx';
import { Dialog } from '#ui/Dialog.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';

const DIALOG_WIDTH_PX = 440;

export function DeleteSequenceDialog(props: {
  sequence: PulseSequence;
  onDelete: (sequence: PulseSequence) => Promise<void>;
  onClose: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const confirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await props.onDelete(props.sequence);
    } catch (e: unknown) {
      setError(e instanceof Error ? e : new Error(String(e)));
      setDeleting(false);
    }
  };
  return (
    <Dialog opened title="Delete sequence" widthPx={DIALOG_WIDTH_PX} onClose={props.onClose}>
      <Stack>
        <Text>Delete “{props.sequence.name}” and its images? This cannot be undone.</Text>
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            Cancel
          </Button>
          <ActionButton
            color="red"
            loading={deleting}
            loadingLabel="Deleting.."
            onClick={() => void confirm()}
          >
            Delete
          </ActionButton>
        </Group>
      </Stack>
    </Dialog>
  );
}
