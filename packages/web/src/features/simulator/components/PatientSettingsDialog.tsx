/**
 * Patient settings (simulator.md §2, §5): only the sections of the model's features (breathing mode, heart and
 * brain condition, default cardiac phase, physiological motion), motion (none, translational, rotational with
 * their ranges) and contrast on models 202–204 and 207. Each change is saved at once (POST configuration) and
 * the next scan's snapshot carries it; a setting the student may not change shows why.
 */
import { Fieldset, Group, Loader, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { CONTRAST_CONCENTRATION_CHOICES_MMOL_PER_ML } from '@larmor/contracts/lab-presets';
import {
  PATIENT_SETTING_RANGES,
  type ActiveSession,
  type SessionConfigurationName,
} from '@larmor/contracts/sessions';
import { Dialog } from '#ui/Dialog.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import {
  committedSetting,
  contrastDoseMmolPerKg,
  isEndDiastole,
  patientSections,
  type RangedSetting,
} from '../state/patient-settings.ts';
import { Reason, SettingsDialogFoot, useSettings, type Change } from './SettingsDialogs.tsx';
import { SettingNumber } from './SettingNumber.tsx';

const DIALOG_WIDTH_PX = 560;

const BREATHING = [
  ['breathhold_full_exhale', 'Breath-hold, full exhale'],
  ['breathhold_full_inhale', 'Breath-hold, full inhale'],
  ['free_breathing', 'Free breathing'],
] as const;
const HEART = [
  ['healthy', 'Healthy'],
  ['myocardialInfarction', 'Myocardial infarction'],
] as const;
const BRAIN = [
  ['healthy', 'Healthy'],
  ['mildMSlesions', 'Mild MS lesions'],
  ['moderateMSlesions', 'Moderate MS lesions'],
  ['severeMSlesions', 'Severe MS lesions'],
  ['tumor', 'Tumour'],
] as const;
const MOTION = [
  { value: 'none', label: 'None' },
  { value: 'translational', label: 'Translational' },
  { value: 'rotational', label: 'Rotational' },
];

export function PatientSettingsDialog(props: {
  opened: boolean;
  onClose: () => void;
  active: ActiveSession;
  /** The model's features; undefined while they load. */
  features: readonly string[] | undefined;
  modelError?: Error | null;
  onChange: Change;
}) {
  const { error, save, blocked, value, backend, toggle } = useSettings(props.active, props.onChange);
  const sections = patientSections(props.features ?? [], props.active.lab.anatomicalModelId, backend);
  /** Radio choices of `name`; numeric settings are saved as numbers. */
  const choices = (
    name: SessionConfigurationName,
    label: string,
    options: readonly (readonly [string, string])[],
    numeric = false,
  ) => (
    <div>
      <Radio.Group
        label={label}
        value={value(name, options[0]?.[0] ?? '')}
        onChange={(v) => save(name, numeric ? Number(v) : v)}
      >
        <Group mt={4}>
          {options.map(([v, text]) => (
            <Radio key={v} value={v} label={text} disabled={blocked(name) !== undefined} />
          ))}
        </Group>
      </Radio.Group>
      <Reason text={blocked(name)} />
    </div>
  );
  const number = (name: RangedSetting, label: string, unit?: string) => (
    <div>
      <SettingNumber
        name={name}
        label={label}
        {...(unit === undefined ? {} : { unit })}
        value={Number(value(name, String(PATIENT_SETTING_RANGES[name].min)))}
        range={PATIENT_SETTING_RANGES[name]}
        commit={(typed) => committedSetting(name, typed)}
        onSave={(v) => save(name, v)}
        disabled={blocked(name) !== undefined}
      />
      <Reason text={blocked(name)} />
    </div>
  );
  const phase = Number(value('defaultCardiacPhase', '1'));
  const motion = value('motion', 'none');
  const contrastOn = value('activate_contrast', '0') === '1';
  const dose = contrastDoseMmolPerKg(
    Number(value('contrast_concentration', '0.5')),
    Number(value('contrast_volume', '15')),
  );
  return (
    <Dialog opened={props.opened} title="Patient settings" widthPx={DIALOG_WIDTH_PX} onClose={props.onClose}>
      <Stack>
        {props.features === undefined && props.modelError == null && (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text size="sm">Loading the model’s settings…</Text>
          </Group>
        )}
        <ErrorAlert error={props.modelError ?? null} />
        {sections.includes('breathing') && choices('breathingMode', 'Breathing mode', BREATHING)}
        {sections.includes('heart') && choices('heartCondition', 'Heart condition', HEART)}
        {sections.includes('brain') && choices('brainStateMode', 'Brain condition', BRAIN)}
        {sections.includes('cardiacPhase') && (
          <div>
            {number('defaultCardiacPhase', 'Default cardiac phase')}
            <Text size="sm" c="dimmed">
              {isEndDiastole(phase) ? `Phase ${phase}: end-diastole` : `Phase ${phase} of 20`}
            </Text>
          </div>
        )}
        {sections.includes('physiologicalMotion') && toggle('physiologicalMotion', 'Physiological motion')}
        <Fieldset legend="Motion">
          <Stack gap="xs">
            <SegmentedControl
              aria-label="Motion type"
              data={MOTION}
              value={motion}
              disabled={blocked('motion') !== undefined}
              onChange={(v) => save('motion', v)}
            />
            <Reason text={blocked('motion')} />
            {motion === 'rotational' && (
              <>
                {number('motion_rot_angle', 'Rotation angle', '°')}
                {number('motion_rot_freq', 'Rotation frequency', 'Hz')}
              </>
            )}
            {motion === 'translational' && (
              <>
                {number('motion_trans_magn', 'Displacement', 'm')}
                {number('motion_trans_freq', 'Translation frequency', 'Hz')}
                {choices(
                  'motion_trans_axis',
                  'Direction',
                  [
                    ['1', 'Along readout'],
                    ['2', 'Along phase'],
                  ],
                  true,
                )}
              </>
            )}
          </Stack>
        </Fieldset>
        {sections.includes('contrast') && (
          <Fieldset legend="Contrast">
            <Stack gap="xs">
              {toggle('activate_contrast', 'Contrast agent')}
              {contrastOn && (
                <>
                  {number('contrast_volume', 'Volume', 'ml')}
                  {number('time_after_contrast', 'Time after injection', 'min')}
                  {choices(
                    'contrast_concentration',
                    'Concentration [mmol/ml]',
                    CONTRAST_CONCENTRATION_CHOICES_MMOL_PER_ML.map((c) => [String(c), String(c)] as const),
                    true,
                  )}
                  <Text size="sm">Dose: {dose.toFixed(3)} mmol/kg (patient weight 80 kg)</Text>
                </>
              )}
            </Stack>
          </Fieldset>
        )}
        <SettingsDialogFoot error={error} onClose={props.onClose} />
      </Stack>
    </Dialog>
  );
}
