/**
 * Display Options (simulator.md §2): view mode Box View or Slice View, text on viewers, intersections on the
 * active viewer, tissues on hover, and the ECG (disabled on the CPU simulator). Each is saved at once as the
 * session's configuration flag, so it persists with the session; the localisers follow it.
 */
import { SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import type { ActiveSession } from '@larmor/contracts/sessions';
import { Dialog } from '#ui/Dialog.tsx';
import {
  DISPLAY_OPTION_SETTINGS,
  displayOptionChange,
  displayOptionsOf,
  type DisplayOptions,
} from '#entities/session/display-options.ts';
import { settingBlockedReason } from '../state/settings.ts';
import { Reason, SettingsDialogFoot, useSaving, type Change } from './SettingsDialogs.tsx';

const DIALOG_WIDTH_PX = 460;

const TOGGLES: [Exclude<keyof DisplayOptions, 'view'>, string][] = [
  ['textOnViewers', 'Show text on viewers'],
  ['intersections', 'Show intersections on active viewer'],
  ['tissueOnHover', 'Show tissues on hover'],
  ['ecg', 'Show ECG'],
];

export function DisplayOptionsDialog(props: {
  opened: boolean;
  onClose: () => void;
  active: ActiveSession;
  onChange: Change;
}) {
  const { configuration, session } = props.active;
  const { error, save } = useSaving(props.onChange);
  const options = displayOptionsOf(configuration);
  const set = <K extends keyof DisplayOptions>(key: K, value: DisplayOptions[K]) =>
    save(...displayOptionChange(key, value));
  return (
    <Dialog opened={props.opened} title="Display Options" widthPx={DIALOG_WIDTH_PX} onClose={props.onClose}>
      <Stack>
        <div>
          <Text fw={600} size="sm" id="view-mode-label">
            View mode
          </Text>
          <SegmentedControl
            aria-labelledby="view-mode-label"
            data={[
              { value: 'box', label: 'Box View' },
              { value: 'slice', label: 'Slice View' },
            ]}
            value={options.view}
            onChange={(v) => set('view', v === 'slice' ? 'slice' : 'box')}
          />
        </div>
        {TOGGLES.map(([key, label]) => {
          const reason = settingBlockedReason(DISPLAY_OPTION_SETTINGS[key], configuration, session.backend);
          return (
            <div key={key}>
              <Switch
                label={label}
                checked={options[key]}
                disabled={reason !== undefined}
                onChange={(e) => set(key, e.currentTarget.checked)}
              />
              <Reason text={reason} />
            </div>
          );
        })}
        <SettingsDialogFoot error={error} onClose={props.onClose} />
      </Stack>
    </Dialog>
  );
}
