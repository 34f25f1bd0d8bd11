/**
 * The echo times of a multi-echo scan (e.g. Dixon's opposed- and in-phase echoes), each on the shared numeric
 * input in the user's time unit. TE follows the first echo. The limits that depend on the protocol (first echo
 * after the minimum TE, echoes a readout apart, all below TR) come from @larmor/mri's validation and show as
 * conflicts, with the other parameters'.
 */
import { SimpleGrid } from '@mantine/core';
import type { Protocol } from '@larmor/mri';
import { NumberField } from '#ui/NumberField.tsx';
import type { ProtocolEditorAction } from '../state/protocol-editor.ts';
import { displayUnit, fromDisplay, shownValue, type UnitPreferences } from '../state/units.ts';

/** The range of one echo time [s]: the engine's TE range. */
const ECHO_TIME_RANGE_S = { min: 0.0005, max: 0.3, step: 1e-4 };

/** `echoes` with echo `index` set to `value` [s], kept ascending. */
export function withEchoTime(echoes: readonly number[], index: number, value: number): number[] {
  return echoes.map((t, i) => (i === index ? value : t)).sort((a, b) => a - b);
}

export function EchoTimesInput(props: {
  protocol: Protocol;
  units: UnitPreferences;
  disabled?: boolean;
  dispatch: (action: ProtocolEditorAction) => void;
}) {
  const echoes = props.protocol.echoTimes ?? [];
  if (echoes.length < 2) return null;
  const unit = displayUnit('echoTime', 's', props.units);
  return (
    <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" mt="sm">
      {echoes.map((t, index) => (
        <NumberField
          key={index}
          name={`echoTime${index + 1}`}
          label={`TE ${index + 1} of ${echoes.length}`}
          unit={unit.label}
          value={shownValue(t, unit)}
          min={shownValue(ECHO_TIME_RANGE_S.min, unit)}
          max={shownValue(ECHO_TIME_RANGE_S.max, unit)}
          step={shownValue(ECHO_TIME_RANGE_S.step, unit)}
          disabled={props.disabled}
          onChange={(v) => {
            if (typeof v !== 'number' || !Number.isFinite(v)) return;
            props.dispatch({ type: 'echoTimes', values: withEchoTime(echoes, index, fromDisplay(v, unit)) });
          }}
        />
      ))}
    </SimpleGrid>
  );
}
