import { describe, expect, it } from 'vitest';
import { numericParameterError, numericTooltip, textInputMessage, textInputState } from './field-state.ts';

describe('numericParameterError (platform-shell.md §5)', () => {
  const limits = { min: 10, max: 100, step: 5 };

  it.each([
    [150, 'Higher than allowed maximum'],
    [5, 'Lower than allowed minimum'],
    ['abc', 'This field is required'],
    ['', 'This field is required'],
    [null, 'This field is required'],
    [50, undefined],
    ['10', undefined],
    [100, undefined],
  ])('answers %j with %j', (value, message) => {
    expect(numericParameterError(value, limits)).toBe(message);
  });

  it('checks the maximum only when it is a number', () => {
    expect(numericParameterError(1e9, { min: 0 })).toBeUndefined();
  });

  it('shows a supplied validation-error text unless the field is disabled', () => {
    expect(numericParameterError(50, limits, { validationError: 'TE too short' })).toBe('TE too short');
    expect(
      numericParameterError(500, limits, { validationError: 'TE too short', disabled: true }),
    ).toBeUndefined();
  });
});

describe('numericTooltip', () => {
  it("reads 'max: {max} | min: {min} | step: {step}' when enabled and not disabled", () => {
    expect(numericTooltip({ min: 1, max: 9, step: 0.5 })).toBe('max: 9 | min: 1 | step: 0.5');
    expect(numericTooltip({ min: 1, max: 9, step: 1 }, { disabled: true })).toBeUndefined();
    expect(numericTooltip({ min: 1, max: 9, step: 1 }, { enabled: false })).toBeUndefined();
  });
});

describe('textInputState', () => {
  it('is invalid when touched and invalid or given an external error, valid when touched and valid', () => {
    expect(textInputState({ touched: false, error: 'Required' })).toBe('neutral');
    expect(textInputState({ touched: true, error: 'Required' })).toBe('invalid');
    expect(textInputState({ touched: false, externalError: 'Taken' })).toBe('invalid');
    expect(textInputState({ touched: true })).toBe('valid');
  });

  it('shows the field error only once touched', () => {
    expect(textInputMessage({ touched: false, error: 'Required' })).toBeUndefined();
    expect(textInputMessage({ touched: true, error: 'Required' })).toBe('Required');
  });
});
