/**
 * The values beside the parameters, computed in the browser as the user types (@larmor/mri, the code the server
 * validates with): scan time, the relative SNR of the model's reference tissue for this contrast (it falls with
 * TE, and with a short TR at a large flip, as the image does), SAR against the normal-mode limit, voxel size, minimum TE and TR.
 * Each value is its own memoised cell, given its text (issue 20, "Speed": input to paint): an edit renders again
 * only the values it changed.
 */
import { memo } from 'react';
import { Group, Progress, SimpleGrid, Text } from '@mantine/core';
import { SAR_LIMIT_NORMAL_MODE_W_PER_KG } from '@larmor/mri/sequence';
import type { DerivedValues } from '../state/conflicts.ts';
import { formatScanTime, formatTime, formatVoxel, type UnitPreferences } from '../state/units.ts';

/** One value: `term` names it (and its test id), `label` is shown for it when given. */
const Stat = memo(function Stat(props: {
  term: string;
  label?: string;
  title?: string;
  children: React.ReactNode;
}) {
  return (
    <div title={props.title}>
      <Text component="dt" size="xs" c="dimmed" data-testid={`derived-${props.term}-term`}>
        {props.label ?? props.term}
      </Text>
      <Text component="dd" m={0} fw={600} data-testid={`derived-${props.term}`}>
        {props.children}
      </Text>
    </div>
  );
});

/** SAR [W/kg] as shown ("1.23") with its bar against the normal-mode limit [% of it]. */
const SarStat = memo(function SarStat(props: { wattsPerKilogram: string; sarPercent: number }) {
  const { sarPercent } = props;
  return (
    <Stat term="SAR">
      <Group gap={6} wrap="nowrap">
        <span>{props.wattsPerKilogram} W/kg</span>
        <Progress
          value={Math.min(100, sarPercent)}
          color={sarPercent > 100 ? 'red' : 'teal'}
          w={48}
          aria-label={`SAR ${sarPercent} % of the ${SAR_LIMIT_NORMAL_MODE_W_PER_KG} W/kg limit`}
        />
      </Group>
    </Stat>
  );
});

/** What 100 % means (sequence/derived.ts SNR_REFERENCE). */
export const SNR_REFERENCE_TEXT =
  '100 % = this tissue fully relaxed in a 1 × 1 × 5 mm voxel, 256 lines, 1 average, 200 Hz/px, 1.5 T, body coil';

export function DerivedPanel(props: { derived: DerivedValues; units: UnitPreferences }) {
  const { derived, units } = props;
  const [read, phase, slice] = derived.voxelM;
  const voxelMm3 = read * phase * slice * 1e9;
  const sarPercent = Math.round(derived.sar.fractionOfLimit * 100);
  return (
    <SimpleGrid component="dl" cols={3} spacing="xs" verticalSpacing={4} m={0} aria-label="Computed values">
      <Stat term="Scan time">{formatScanTime(derived.scanTimeS)}</Stat>
      <Stat term="SNR" label={`SNR, ${derived.snrTissue}`} title={SNR_REFERENCE_TEXT}>
        {`${Math.round(derived.snrPercent)} %`}
      </Stat>
      <SarStat wattsPerKilogram={derived.sar.wattsPerKilogram.toFixed(2)} sarPercent={sarPercent} />
      <Stat term="Voxel">{`${formatVoxel(derived.voxelM, units)} (${voxelMm3.toFixed(1)} mm³)`}</Stat>
      <Stat term="TE min">{formatTime(derived.minEchoTimeS, units)}</Stat>
      <Stat term="TR min">{formatTime(derived.minRepetitionTimeS, units)}</Stat>
    </SimpleGrid>
  );
}
