/**
 * The numeric parameter input the simulator reuses (platform-shell.md §3 form helper, §5 validation): min/max/
 * step, unit, the three messages, a supplied validation text, the limits tooltip and the invalid label style.
 */
import { useId } from 'react';
import { NumberInput, Tooltip } from '@mantine/core';
import { numericParameterError, numericTooltip } from './field-state.ts';

export interface NumberFieldProps {
  name: string;
  label: string;
  value: number | string;
  onChange: (value: number | string) => void;
  /** Focus left the input (e.g. to commit or revert a typed value). */
  onBlur?: () => void;
  unit?: string;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  /** Text shown instead of the built-in messages (e.g. a dependency the protocol broke). */
  validationError?: string;
  showTooltip?: boolean;
  /** Display and parse transforms (e.g. seconds shown as milliseconds). */
  format?: (value: number) => number;
  parse?: (value: number) => number;
}

export function NumberField(props: NumberFieldProps) {
  const id = useId();
  const limits = { min: props.min, max: props.max, step: props.step };
  const error = numericParameterError(props.value, limits, {
    validationError: props.validationError,
    disabled: props.disabled,
  });
  const tooltip = numericTooltip(limits, { enabled: props.showTooltip ?? true, disabled: props.disabled });
  const invalid = error !== undefined && props.disabled !== true;
  const shown =
    typeof props.value === 'number' && props.format !== undefined ? props.format(props.value) : props.value;
  const input = (
    <NumberInput
      id={id}
      name={props.name}
      label={
        <span className={invalid ? 'invalid-label' : undefined} data-invalid={invalid || undefined}>
          {props.label}
          {props.unit !== undefined && ` [${props.unit}]`}
        </span>
      }
      value={shown}
      onChange={(v) =>
        props.onChange(typeof v === 'number' && props.parse !== undefined ? props.parse(v) : v)
      }
      step={props.step}
      onBlur={props.onBlur}
      disabled={props.disabled}
      readOnly={props.readOnly}
      placeholder={props.placeholder}
      error={error}
      allowDecimal
    />
  );
  return tooltip === undefined ? (
    input
  ) : (
    <Tooltip label={tooltip} position="top-start" openDelay={200}>
      <div>{input}</div>
    </Tooltip>
  );
}
