import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorBodySchema } from './errors.ts';

describe('error catalogue', () => {
  it('keeps the numeric codes of platform-shell.md §8', () => {
    expect(ERROR_CODES.INVALID_PASSWORD).toBe(400408);
    expect(ERROR_CODES.DEACTIVATED).toBe(400409);
    expect(ERROR_CODES.NOT_AUTHORIZED).toBe(400403);
    expect(ERROR_CODES.INSTANCE_NOT_RUNNING).toBe(700701);
    expect(new Set(Object.values(ERROR_CODES)).size).toBe(Object.keys(ERROR_CODES).length);
  });

  it('the error body requires message, code and cause and allows a validation map', () => {
    expect(errorBodySchema.safeParse({ error: { message: 'm', code: 400400, cause: null } }).success).toBe(
      true,
    );
    expect(
      errorBodySchema.safeParse({
        error: { message: 'm', code: 400400, cause: 'validation', validation: { a: 'min' } },
      }).success,
    ).toBe(true);
    expect(errorBodySchema.safeParse({ error: { message: 'm', code: '400400', cause: null } }).success).toBe(
      false,
    );
  });
});
