/**
 * The module page's scanner settings: the presets the simulator starts with, each marked Locked (the student
 * cannot change it) or Preset (a starting value), and how many tissues have the module's own values.
 */
import { Badge, Group, List, Text, Title } from '@mantine/core';
import type { AnatomicalModelOption } from '@larmor/contracts/catalog';
import type { LabPresetName } from '@larmor/contracts/lab-presets';
import type { Lab } from '@larmor/contracts/programs';
import { BADGE_COLORS } from './badge-colors.ts';
import { PRESET_LABELS, presetValueLabel } from './module-presets.ts';

export function ModuleSettings(props: { lab: Lab; model: AnatomicalModelOption | undefined }) {
  const { presets, lockedPresets, tissueOverrides } = props.lab;
  const names = (Object.keys(PRESET_LABELS) as LabPresetName[]).filter((n) => presets[n] !== undefined);
  if (names.length === 0 && tissueOverrides.length === 0) return null;
  return (
    <section aria-labelledby="settings-heading">
      <Title order={2} size="h4" id="settings-heading" mb="xs">
        Scanner settings
      </Title>
      <List>
        {names.map((name) => {
          const locked = lockedPresets.includes(name);
          return (
            <List.Item key={name}>
              <Group gap="xs">
                <span>
                  {PRESET_LABELS[name]}: {presetValueLabel(name, presets, props.model)}
                </span>
                <Badge color={locked ? BADGE_COLORS.info : BADGE_COLORS.neutral}>
                  {locked ? 'Locked' : 'Preset'}
                </Badge>
              </Group>
            </List.Item>
          );
        })}
      </List>
      {tissueOverrides.length > 0 && (
        <Text size="sm" mt="xs">
          Tissue values set by your teacher: {tissueOverrides.map((o) => o.tissue).join(', ')}.
        </Text>
      )}
    </section>
  );
}
