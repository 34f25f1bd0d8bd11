/**
 * One numeric protocol parameter in the user's units, on the shared numeric input (simulator.md §5: 'Higher than
 * allowed maximum', 'Lower than allowed minimum', 'This field is required', tooltip 'max | min | step'), or the
 * server's message when it refused the value.
 */
import type { ParameterDefinition } from '@larmor/mri/sequence';
import type { Protocol } from '@larmor/mri';
import { NumberField } from '#ui/NumberField.tsx';
import type { ProtocolEditorAction } from '../state/protocol-editor.ts';
import { displayUnit, fromDisplay, shownValue, type UnitPreferences } from '../state/units.ts';

export function ParameterInput(props: {
  def: ParameterDefinition;
  protocol: Protocol;
  draft: string | undefined;
  /** The server's message when it refused this field's value (until it is edited). */
  refusal?: string | undefined;
  units: UnitPreferences;
  disabled?: boolean;
  dispatch: (action: ProtocolEditorAction) => void;
}) {
  const { def, protocol } = props;
  const unit = displayUnit(def.key, def.unit, props.units);
  // A field the protocol leaves out shows the value the engine then uses (e.g. 180° refocusing).
  const valueSi = protocol[def.key] ?? def.absentValue;
  const value = props.draft ?? (valueSi === undefined ? '' : shownValue(valueSi, unit));
  return (
    <NumberField
      name={def.key}
      label={def.label}
      {...(unit.label === '' ? {} : { unit: unit.label })}
      value={value}
      min={shownValue(def.min, unit)}
      max={shownValue(def.max, unit)}
      step={shownValue(def.step, unit)}
      {...(props.refusal === undefined ? {} : { validationError: props.refusal })}
      disabled={props.disabled}
      onChange={(v) =>
        props.dispatch({
          type: 'edit',
          key: def.key,
          value: typeof v === 'number' ? fromDisplay(v, unit) : v,
        })
      }
    />
  );
}
