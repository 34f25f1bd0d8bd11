/**
 * Copy geometry (issue 12, scan list): the target takes another sequence's slice position and orientation, field
 * of view, slices and phase-encoding direction. The server checks the result against the target's limits; a
 * refusal stays in the dialog.
 */
import { useState } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import type { PulseSequence } from '@larmor/contracts/sessions';
import { ActionButton } from '#ui/ActionButton.tsx';
import { Dialog } from '#ui/Dialog.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';

const DIALOG_WIDTH_PX = 460;

export function CopyGeometryDialog(props: {
  target: PulseSequence;
  sources: readonly PulseSequence[];
  onCopy: (target: PulseSequence, source: PulseSequence) => Promise<void>;
  onClose: () => void;
}) {
  const [sourceId, setSourceId] = useState<string>(props.sources[0]?.id ?? '');
  const [copying, setCopying] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const source = props.sources.find((s) => s.id === sourceId);
  const copy = async () => {
    if (!source) return;
    setCopying(true);
    setError(null);
    try {
      await props.onCopy(props.target, source);
    } catch (e: unknown) {
      setError(e instanceof Error ? e : new Error(String(e)));
      setCopying(false);
    }
  };
  return (
    <Dialog
      opened
      title={`Copy geometry to ${props.target.name}`}
      widthPx={DIALOG_WIDTH_PX}
      onClose={props.onClose}
    >
      <Stack>
        <Text size="sm">
          The slice position and orientation, field of view, slices and phase direction are copied; the
          contrast parameters stay.
        </Text>
        <Radio.Group label="Copy from" value={sourceId} onChange={setSourceId}>
          <Stack gap={6} mt={6}>
            {props.sources.map((s) => (
              <Radio key={s.id} value={s.id} label={`${s.seqnum}. ${s.name}`} />
            ))}
          </Stack>
        </Radio.Group>
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <ActionButton loading={copying} disabled={!source} onClick={() => void copy()}>
            Copy geometry
          </ActionButton>
        </Group>
      </Stack>
    </Dialog>
  );
}
