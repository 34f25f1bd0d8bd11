/**
 * Asks before a pulse sequence is deleted (with its scans and images); the server's refusal (e.g. 409 while it
 * runs) stays in the dialog as an alert.
 */
import { Stack, Text } from '@mantine/core';
import type { PulseSequence } from '@larmor/contracts/sessions';
import { ConfirmFoot, useConfirmAction } from '#ui/ConfirmFoot.tsx';
import { Dialog } from '#ui/Dialog.tsx';

const DIALOG_WIDTH_PX = 440;

export function DeleteSequenceDialog(props: {
  sequence: PulseSequence;
  onDelete: (sequence: PulseSequence) => Promise<void>;
  onClose: () => void;
}) {
  const remove = useConfirmAction(() => props.onDelete(props.sequence));
  return (
    <Dialog opened title="Delete sequence" widthPx={DIALOG_WIDTH_PX} onClose={props.onClose}>
      <Stack>
        <Text>Delete “{props.sequence.name}” and its images? This cannot be undone.</Text>
        <ConfirmFoot
          action={remove}
          onCancel={props.onClose}
          button={{ color: 'red', loadingLabel: 'Deleting..' }}
          cancelFirst
        >
          Delete
        </ConfirmFoot>
      </Stack>
    </Dialog>
  );
}
