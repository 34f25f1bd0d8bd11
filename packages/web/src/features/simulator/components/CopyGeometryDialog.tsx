/**
 * Copy geometry (issue 12, scan list): the target takes another sequence's slice position and orientation, field
 * of view, slices and phase-encoding direction. The server checks the result against the target's limits; a
 * refusal stays in the dialog.
 */
import { useState } from 'react';
import { Radio, Stack, Text } from '@mantine/core';
import type { PulseSequence } from '@larmor/contracts/sessions';
import { ConfirmFoot, useConfirmAction } from '#ui/ConfirmFoot.tsx';
import { Dialog } from '#ui/Dialog.tsx';

const DIALOG_WIDTH_PX = 460;

export function CopyGeometryDialog(props: {
  target: PulseSequence;
  sources: readonly PulseSequence[];
  onCopy: (target: PulseSequence, source: PulseSequence) => Promise<void>;
  onClose: () => void;
}) {
  const [sourceId, setSourceId] = useState<string>(props.sources[0]?.id ?? '');
  const source = props.sources.find((s) => s.id === sourceId);
  const copy = useConfirmAction(async () => {
    if (source) await props.onCopy(props.target, source);
  });
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
        <ConfirmFoot action={copy} onCancel={props.onClose} button={{ disabled: !source }}>
          Copy geometry
        </ConfirmFoot>
      </Stack>
    </Dialog>
  );
}
