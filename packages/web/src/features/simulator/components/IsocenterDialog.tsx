/**
 * Set iso-center (simulator.md §2, §4, §9): Whole Body (180, 140, 100, 60, 20 cm) or Regions (with their
 * heights). Set sends the choice's configuration changes (whole body also resets the region to 0), after which
 * the localisers are taken through the new isocentre; Cancel, Escape or a click outside closes it unchanged.
 */
import { useState } from 'react';
import { Radio, Stack } from '@mantine/core';
import { WHOLE_BODY_ISOCENTER_CHOICES_CM, type ActiveSession } from '@larmor/contracts/sessions';
import { ConfirmFoot, useConfirmAction } from '#ui/ConfirmFoot.tsx';
import { Dialog } from '#ui/Dialog.tsx';
import {
  currentIsocenter,
  isocenterChanges,
  regionLabel,
  type IsocenterChoice,
  type IsocenterMode,
} from '../state/isocenter.ts';
import type { Change } from './SettingsDialogs.tsx';

const DIALOG_WIDTH_PX = 420;

const keyOf = (choice: IsocenterChoice) =>
  choice.kind === 'whole-body' ? `h${choice.heightCm}` : `r${choice.regionId}`;

export function IsocenterDialog(props: {
  mode: IsocenterMode;
  active: ActiveSession;
  onChange: Change;
  onClose: () => void;
}) {
  const current = currentIsocenter(props.active.configuration);
  const options: { choice: IsocenterChoice; label: string }[] =
    props.mode === 'whole-body'
      ? WHOLE_BODY_ISOCENTER_CHOICES_CM.map((heightCm) => ({
          choice: { kind: 'whole-body', heightCm },
          label: `${heightCm} cm`,
        }))
      : props.active.regions.map((r) => ({
          choice: { kind: 'region', regionId: r.id },
          label: regionLabel(r.name),
        }));
  const [picked, setPicked] = useState(keyOf(current));
  const chosen = options.find((o) => keyOf(o.choice) === picked)?.choice;
  const set = useConfirmAction(async () => {
    if (!chosen) return;
    for (const [name, value] of isocenterChanges(chosen)) await props.onChange(name, value);
    props.onClose();
  });
  const title = props.mode === 'whole-body' ? 'Set iso-center: Whole Body' : 'Set iso-center: Regions';
  return (
    <Dialog opened title={title} widthPx={DIALOG_WIDTH_PX} onClose={props.onClose}>
      <Stack>
        <Radio.Group
          label={props.mode === 'whole-body' ? 'Height from the feet' : 'Region'}
          value={picked}
          onChange={setPicked}
        >
          <Stack gap={6} mt={6}>
            {options.map((o) => (
              <Radio key={keyOf(o.choice)} value={keyOf(o.choice)} label={o.label} />
            ))}
          </Stack>
        </Radio.Group>
        <ConfirmFoot action={set} onCancel={props.onClose} button={{ disabled: !chosen }}>
          Set
        </ConfirmFoot>
      </Stack>
    </Dialog>
  );
}
