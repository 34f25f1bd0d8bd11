/**
 * One numeric protocol parameter in the user's units, on the shared numeric input (simulator.md §5: 'Higher than
 * allowed maximum', 'Lower than allowed minimum', 'This field is required', tooltip 'max | min | step'), or the
 * server's message when it refused the value.
 *
 * Memoised (issue 20, "Speed": input to paint): an edit renders again only the fields whose value, limits, draft or
 * refusal changed, not every field of the card. The definitions are recomputed on each edit, so they are compared
 * by their fields.
 */
import { memo } from 'react';
import type { ParameterDefinition, ParameterKey } from '@larmor/mri/sequence';
import type { Protocol } from '@larmor/mri';
import { shallowEqual } from '#lib/shallow-equal.ts';
import { NumberField } from '#ui/NumberField.tsx';
import type { ProtocolEditorAction } from '../state/protocol-editor.ts';
import { displayUnit, fromDisplay, shownValue, type UnitPreferences } from '../state/units.ts';

export interface ParameterInputProps {
  def: ParameterDefinition;
  /** The protocol's value of `def.key` [SI]; absent when the protocol leaves the field out. */
  valueSi: Protocol[ParameterKey];
  draft: string | undefined;
  /** The server's message when it refused this field's value (until it is edited). */
  refusal?: string | undefined;
  units: UnitPreferences;
  disabled?: boolean | undefined;
  dispatch: (action: ProtocolEditorAction) => void;
}

function ParameterInputField(props: ParameterInputProps) {
  const { def } = props;
  const unit = displayUnit(def.key, def.unit, props.units);
  // A field the protocol leaves out shows the value the engine then uses (e.g. 180° refocusing).
  const valueSi = props.valueSi ?? def.absentValue;
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

/** The same field when every prop is the same, the definition compared by its fields. */
export function sameParameterInput(a: ParameterInputProps, b: ParameterInputProps): boolean {
  const { def: defA, ...restA } = a;
  const { def: defB, ...restB } = b;
  return shallowEqual(defA, defB) && shallowEqual(restA, restB);
}

export const ParameterInput = memo(ParameterInputField, sameParameterInput);
