/**
 * The module form's scanner presets: one row per configuration value the model allows (module-presets.ts),
 * each a picker or a number within the spec's range, with a lock toggle that says what locking does or why it
 * cannot be locked yet.
 */
import { Checkbox, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import type { AnatomicalModelOption } from '@larmor/contracts/catalog';
import {
  B0_FIELD_CHOICES_T,
  CONTRAST_CONCENTRATION_CHOICES_MMOL_PER_ML,
  MAX_GRADIENT_CHOICES_MT_PER_M,
  MOTION_TYPES,
  NOISE_LEVELS,
  PRESET_BRAIN_CONDITIONS,
  PRESET_BREATHING_MODES,
  PRESET_HEART_CONDITIONS,
  type LabPresetName,
} from '@larmor/contracts/lab-presets';
import { SELECT_DEFAULTS } from '#ui/SelectField.tsx';
import type { ModuleFormAction, ModuleFormState, PresetValue } from './module-form-state.ts';
import {
  BRAIN_CONDITION_NAMES,
  BREATHING_MODE_NAMES,
  HEART_CONDITION_NAMES,
  MOTION_NAMES,
  NOISE_NAMES,
  offeredPresets,
  PRESET_LABELS,
  presetErrors,
  TRANSLATION_AXIS_NAMES,
} from './module-presets.ts';

type Choice = { value: PresetValue; label: string };
type Control =
  { kind: 'choice'; choices: readonly Choice[] } | { kind: 'number'; min: number; max: number; step: number };

const choices = <T extends PresetValue>(values: readonly T[], label: (v: T) => string): Choice[] =>
  values.map((value) => ({ value, label: label(value) }));

/** The control of each preset: the spec's choices, or a number range (simulator.md §5, §9). */
function controlOf(name: LabPresetName, model: AnatomicalModelOption | undefined): Control {
  switch (name) {
    case 'b0field':
      return { kind: 'choice', choices: choices(B0_FIELD_CHOICES_T, (t) => `${t} T`) };
    case 'maxGr':
      return { kind: 'choice', choices: choices(MAX_GRADIENT_CHOICES_MT_PER_M, (g) => `${g} mT/m`) };
    case 'coil':
      return {
        kind: 'choice',
        choices: (model?.coils ?? []).map((c) => ({ value: c.uniqueName, label: c.shownName })),
      };
    case 'noise':
      return { kind: 'choice', choices: choices(NOISE_LEVELS, (n) => NOISE_NAMES[n]) };
    case 'motion':
      return { kind: 'choice', choices: choices(MOTION_TYPES, (m) => MOTION_NAMES[m]) };
    case 'motion_trans_axis':
      return { kind: 'choice', choices: choices([1, 2] as const, (a) => TRANSLATION_AXIS_NAMES[a]) };
    case 'activate_contrast':
    case 'susceptibility':
      return { kind: 'choice', choices: choices([true, false], (on) => (on ? 'On' : 'Off')) };
    case 'contrast_concentration':
      return {
        kind: 'choice',
        choices: choices(CONTRAST_CONCENTRATION_CHOICES_MMOL_PER_ML, (c) => `${c} mmol/ml`),
      };
    case 'brainStateMode':
      return { kind: 'choice', choices: choices(PRESET_BRAIN_CONDITIONS, (c) => BRAIN_CONDITION_NAMES[c]) };
    case 'heartCondition':
      return { kind: 'choice', choices: choices(PRESET_HEART_CONDITIONS, (c) => HEART_CONDITION_NAMES[c]) };
    case 'breathingMode':
      return { kind: 'choice', choices: choices(PRESET_BREATHING_MODES, (m) => BREATHING_MODE_NAMES[m]) };
    case 'motion_rot_angle':
      return { kind: 'number', min: 1, max: 45, step: 1 };
    case 'motion_rot_freq':
    case 'motion_trans_freq':
      return { kind: 'number', min: 1, max: 10, step: 0.1 };
    case 'motion_trans_magn':
      return { kind: 'number', min: 0.001, max: 0.1, step: 0.001 };
    case 'contrast_volume':
      return { kind: 'number', min: 1, max: 30, step: 0.5 };
    case 'time_after_contrast':
      return { kind: 'number', min: 1, max: 20, step: 0.5 };
    case 'defaultCardiacPhase':
      return { kind: 'number', min: 1, max: 20, step: 1 };
  }
}

/** What the lock toggle says: why it is off, or what it does. */
function lockReason(hasValue: boolean, locked: boolean): string {
  if (!hasValue) return 'Set a value to lock it';
  return locked ? 'Students cannot change it in the simulator' : 'Students may change it in the simulator';
}

function PresetRow(props: {
  name: LabPresetName;
  state: ModuleFormState;
  model: AnatomicalModelOption | undefined;
  error: string | undefined;
  dispatch: (action: ModuleFormAction) => void;
}) {
  const { name, state, model } = props;
  const label = PRESET_LABELS[name];
  const value = state.presets[name];
  const control = controlOf(name, model);
  const set = (next: PresetValue) => props.dispatch({ type: 'preset', name, value: next, model });
  const locked = state.lockedPresets.includes(name);
  return (
    <Group align="flex-start" wrap="nowrap">
      {control.kind === 'choice' ? (
        <Select
          label={label}
          data={[
            { value: '', label: 'Simulator default' },
            ...control.choices.map((c) => ({ value: String(c.value), label: c.label })),
          ]}
          value={value === undefined ? '' : String(value)}
          onChange={(v) => set(control.choices.find((c) => String(c.value) === v)?.value)}
          allowDeselect={false}
          comboboxProps={{ zIndex: SELECT_DEFAULTS.menuZIndex }}
          error={props.error}
          w={260}
        />
      ) : (
        <NumberInput
          label={label}
          placeholder="Simulator default"
          description={`${control.min} to ${control.max}`}
          min={control.min}
          max={control.max}
          step={control.step}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => set(typeof v === 'number' ? v : v === '' ? undefined : Number(v))}
          error={props.error}
          w={260}
        />
      )}
      <Checkbox
        label={`Lock ${label.replace(/ \(.*\)$/, '').toLowerCase()}`}
        description={lockReason(value !== undefined, locked)}
        checked={locked}
        disabled={value === undefined}
        onChange={(e) => props.dispatch({ type: 'lock', name, locked: e.currentTarget.checked })}
        mt={28}
      />
    </Group>
  );
}

export function PresetsSection(props: {
  state: ModuleFormState;
  model: AnatomicalModelOption | undefined;
  dispatch: (action: ModuleFormAction) => void;
}) {
  const errors = presetErrors(props.state.presets);
  return (
    <Stack component="section" aria-labelledby="presets-heading" gap="sm">
      <Title order={2} size="h5" id="presets-heading">
        Scanner presets
      </Title>
      <Text size="sm">
        Values the simulator starts with. A locked preset cannot be changed by the student in the simulator.
        {props.model === undefined ? ' Pick a model to see its coils, patient settings and contrast.' : ''}
      </Text>
      {offeredPresets(props.state.presets, props.model).map((name) => (
        <PresetRow
          key={name}
          name={name}
          state={props.state}
          model={props.model}
          error={errors[name]}
          dispatch={props.dispatch}
        />
      ))}
    </Stack>
  );
}
