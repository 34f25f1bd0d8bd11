/**
 * Scanner settings and Simulation settings (simulator.md §2, §5, §9): each choice saved at once (POST
 * configuration); a choice the student may not change is disabled with its reason (module lock, CPU simulator,
 * overwritten simulation settings). The free plan's 1.5 T limit is the server's answer, shown as it comes.
 */
import { useState } from 'react';
import { Button, Group, Radio, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { B0_FIELD_CHOICES_T, MAX_GRADIENT_CHOICES_MT_PER_M } from '@larmor/contracts/lab-presets';
import type { ActiveSession, ConfigurationValue, SessionConfigurationName } from '@larmor/contracts/sessions';
import { asError } from '#ui/ConfirmFoot.tsx';
import { Dialog } from '#ui/Dialog.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { settingValue } from '#entities/session/configuration.ts';
import { settingBlockedReason } from '../state/settings.ts';
import { LockIcon } from './LockIcon.tsx';

const DIALOG_WIDTH_PX = 520;
const NOISE_CHOICES = [
  { value: '0', label: 'Off' },
  { value: '1', label: 'Low' },
  { value: '2', label: 'Medium' },
  { value: '3', label: 'High' },
];

export type Change = (name: SessionConfigurationName, value: ConfigurationValue) => Promise<void>;

/** Why a setting is disabled (a lock and the reason), or nothing. */
export function Reason(props: { text: string | undefined }) {
  if (props.text === undefined) return null;
  return (
    <Text size="sm" c="dimmed">
      <LockIcon /> {props.text}
    </Text>
  );
}

/** Saves a setting at once; a refusal is kept for the dialog's alert. */
export function useSaving(onChange: Change) {
  const [error, setError] = useState<Error | null>(null);
  const save = (name: SessionConfigurationName, value: ConfigurationValue) => {
    setError(null);
    onChange(name, value).catch((e: unknown) => setError(asError(e)));
  };
  return { error, save };
}

/**
 * What every settings dialog works with: the session's configuration, each setting's current value, why one is
 * blocked (module lock, CPU simulator, overwritten settings), and saving at once with the last refusal kept.
 */
export function useSettings(active: ActiveSession, onChange: Change) {
  const { configuration, session } = active;
  const { error, save } = useSaving(onChange);
  const blocked = (name: SessionConfigurationName) =>
    settingBlockedReason(name, configuration, session.backend);
  const value = (name: SessionConfigurationName, fallback: string) =>
    settingValue(configuration, name, fallback);
  /** An on/off setting (saved as 1 or 0) as a switch with its block reason. */
  const toggle = (name: SessionConfigurationName, label: string) => (
    <div key={name}>
      <Switch
        label={label}
        checked={value(name, '0') === '1'}
        disabled={blocked(name) !== undefined}
        onChange={(e) => save(name, e.currentTarget.checked ? 1 : 0)}
      />
      <Reason text={blocked(name)} />
    </div>
  );
  return { configuration, backend: session.backend, error, save, blocked, value, toggle };
}

/** A numeric setting chosen among `choices` (a segmented control under its label), with its block reason. */
function ChoiceSetting(props: {
  name: SessionConfigurationName;
  label: string;
  choices: readonly number[];
  fallback: string;
  settings: ReturnType<typeof useSettings>;
}) {
  const { blocked, value, save } = props.settings;
  const labelId = `${props.name}-label`;
  return (
    <div>
      <Text fw={600} size="sm" id={labelId}>
        {props.label}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        data={props.choices.map((c) => ({ value: String(c), label: String(c) }))}
        value={value(props.name, props.fallback)}
        disabled={blocked(props.name) !== undefined}
        onChange={(v) => save(props.name, Number(v))}
      />
      <Reason text={blocked(props.name)} />
    </div>
  );
}

/** The foot of every settings dialog: the last refused change's reason (ErrorAlert), and Close. */
export function SettingsDialogFoot(props: { error: Error | null; onClose: () => void }) {
  return (
    <>
      <ErrorAlert error={props.error} />
      <Group justify="flex-end">
        <Button onClick={props.onClose}>Close</Button>
      </Group>
    </>
  );
}

export function ScannerSettingsDialog(props: {
  opened: boolean;
  onClose: () => void;
  active: ActiveSession;
  onChange: Change;
}) {
  const settings = useSettings(props.active, props.onChange);
  return (
    <Dialog opened={props.opened} title="Scanner settings" widthPx={DIALOG_WIDTH_PX} onClose={props.onClose}>
      <Stack>
        <ChoiceSetting
          name="b0field"
          label="Field strength [T]"
          choices={B0_FIELD_CHOICES_T}
          fallback="1.5"
          settings={settings}
        />
        <ChoiceSetting
          name="maxGr"
          label="Maximum gradient [mT/m]"
          choices={MAX_GRADIENT_CHOICES_MT_PER_M}
          fallback="45"
          settings={settings}
        />
        <SettingsDialogFoot error={settings.error} onClose={props.onClose} />
      </Stack>
    </Dialog>
  );
}

export function SimulationSettingsDialog(props: {
  opened: boolean;
  onClose: () => void;
  active: ActiveSession;
  onChange: Change;
}) {
  const { error, save, blocked, value, toggle } = useSettings(props.active, props.onChange);
  return (
    <Dialog
      opened={props.opened}
      title="Simulation settings"
      widthPx={DIALOG_WIDTH_PX}
      onClose={props.onClose}
    >
      <Stack>
        <Radio.Group label="Noise" value={value('noise', '1')} onChange={(v) => save('noise', Number(v))}>
          <Group mt={4}>
            {NOISE_CHOICES.map((c) => (
              <Radio
                key={c.value}
                value={c.value}
                label={c.label}
                disabled={blocked('noise') !== undefined}
              />
            ))}
          </Group>
        </Radio.Group>
        <Reason text={blocked('noise')} />
        {toggle('activate_cs', 'Chemical shift')}
        {toggle('susceptibility', 'Susceptibility')}
        {toggle('t2Star', 'T2*')}
        <SettingsDialogFoot error={error} onClose={props.onClose} />
      </Stack>
    </Dialog>
  );
}
