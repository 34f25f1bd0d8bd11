/**
 * The numeric parameter input the simulator reuses (platform-shell.md §3 form helper, §5 validation): min/max/
 * step, unit, the three messages, a supplied validation text, the limits tooltip and the invalid label style.
 *
 * ArrowUp and ArrowDown step the value by `step`, as Mantine's input does, but in the task after the key's
 * (lib/next-task.ts): the key's own task changes nothing on the page, so Chromium does not hold the page's other
 * tasks (the live preview's answer from its worker) until the key's frame is drawn, and the new value and its
 * preview are painted in the same frame (issue 20, "Speed": input to paint). The step is a key step
 * (./key-step.ts): an edit it makes may be shown a moment later, with its preview.
 */
import { useId, useRef, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { NumberInput, Tooltip, type NumberInputHandlers } from '@mantine/core';
import { runInNextTask } from '#lib/next-task.ts';
import { numericParameterError, numericTooltip } from './field-state.ts';
import { applyKeyStep } from './key-step.ts';

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

/** The step an arrow key asks for, if any. */
function arrowStep(key: string): 'increment' | 'decrement' | undefined {
  if (key === 'ArrowUp') return 'increment';
  if (key === 'ArrowDown') return 'decrement';
  return undefined;
}

export function NumberField(props: NumberFieldProps) {
  const id = useId();
  const handlers = useRef<NumberInputHandlers | undefined>(undefined);
  const { readOnly, disabled } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = arrowStep(event.key);
    if (step === undefined || readOnly === true || disabled === true) return;
    // No caret move either: the key's task leaves the page as it is.
    event.preventDefault();
    // Rendered in that task (flushSync), so a held key's next step starts from this one's value.
    runInNextTask(() => applyKeyStep(() => flushSync(() => handlers.current?.[step]())));
  };
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
      withKeyboardEvents={false}
      handlersRef={handlers}
      onKeyDown={onKeyDown}
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
