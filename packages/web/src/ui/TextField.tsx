/**
 * The generic text input (platform-shell.md §5): invalid style when touched and invalid or given an external
 * error, valid style when touched and valid, the field error once touched; optional help tooltip with a unit.
 */
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { TextInput, PasswordInput, Tooltip } from '@mantine/core';
import { textInputMessage, textInputState } from './field-state.ts';

export interface TextFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'size'> {
  name: string;
  label: string;
  touched?: boolean;
  error?: string | undefined;
  externalError?: string | undefined;
  help?: string;
  unit?: string;
}

/** The help tooltip opens on hover and on keyboard focus. */
const HELP_TOOLTIP_EVENTS = { hover: true, focus: true, touch: false };

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(props, ref) {
  const { label, touched = false, error, externalError, help, unit, type, ...input } = props;
  const state = textInputState({ touched, error, externalError });
  const message = textInputMessage({ touched, error, externalError });
  const fullLabel = (
    <>
      {label}
      {help !== undefined && (
        <Tooltip label={unit === undefined ? help : `${help} [${unit}]`} events={HELP_TOOLTIP_EVENTS}>
          {/* Focusable, so that keyboard users reach the help too. */}
          <span tabIndex={0} aria-label={`Help: ${label}`} style={{ marginLeft: 4, cursor: 'help' }}>
            ⓘ
          </span>
        </Tooltip>
      )}
    </>
  );
  const common = {
    ...input,
    ref,
    label: fullLabel,
    error: message,
    'data-state': state,
    'aria-invalid': state === 'invalid',
    styles: state === 'valid' ? { input: { borderColor: 'var(--mantine-color-teal-6)' } } : undefined,
  };
  return type === 'password' ? <PasswordInput {...common} /> : <TextInput type={type} {...common} />;
});
