/**
 * Pure rules of the shared inputs (platform-shell.md §5): the numeric parameter input's messages and tooltip,
 * and the text input's touched/valid/invalid state.
 */

import { t } from '../lib/i18n.ts';

export interface NumericLimits {
  min?: number | undefined;
  max?: number | undefined;
  step?: number | undefined;
}

/**
 * The message a numeric parameter input shows for `value`, or undefined when it is valid. A supplied
 * validation-error text wins, but only while the field is not disabled.
 */
export function numericParameterError(
  value: number | string | null | undefined,
  limits: NumericLimits,
  options: { validationError?: string | undefined; disabled?: boolean | undefined } = {},
): string | undefined {
  if (options.disabled === true) return undefined;
  if (options.validationError !== undefined && options.validationError !== '') return options.validationError;
  const number =
    typeof value === 'number'
      ? value
      : value === null || value === undefined || value.trim() === ''
        ? NaN
        : Number(value);
  if (!Number.isFinite(number)) return t('numeric.notNumeric');
  if (typeof limits.max === 'number' && number > limits.max) return t('numeric.aboveMax');
  if (typeof limits.min === 'number' && number < limits.min) return t('numeric.belowMin');
  return undefined;
}

/** The numeric input's tooltip, when enabled and the field is not disabled. */
export function numericTooltip(
  limits: NumericLimits,
  options: { enabled?: boolean; disabled?: boolean } = {},
): string | undefined {
  if (options.enabled === false || options.disabled === true) return undefined;
  return t('numeric.tooltip', { max: limits.max ?? '', min: limits.min ?? '', step: limits.step ?? '' });
}

export type TextInputState = 'invalid' | 'valid' | 'neutral';

/**
 * Invalid when touched and invalid, or when an external error is supplied; valid when touched and valid;
 * neutral before the first touch.
 */
export function textInputState(field: {
  touched: boolean;
  error?: string | undefined;
  externalError?: string | undefined;
}): TextInputState {
  if (field.externalError !== undefined && field.externalError !== '') return 'invalid';
  if (!field.touched) return 'neutral';
  return field.error !== undefined && field.error !== '' ? 'invalid' : 'valid';
}

/** The message a text input shows: the external error, else the field error once touched. */
export function textInputMessage(field: {
  touched: boolean;
  error?: string | undefined;
  externalError?: string | undefined;
}): string | undefined {
  if (field.externalError !== undefined && field.externalError !== '') return field.externalError;
  return field.touched && field.error !== '' ? field.error : undefined;
}
