import { describe, expect, it } from 'vitest';
import { ApiError, normalizeHttpError } from './api-error.ts';

describe('normalizeHttpError (platform-shell.md §8)', () => {
  it('codes a 400 with a validation map as API-VALIDATION.{FIELD}.{RULE} in upper case from the first entry', () => {
    const error = normalizeHttpError(400, {
      error: {
        message: 'Bad input',
        code: 400400,
        cause: 'x',
        validation: { email: 'format', username: 'min' },
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('API-VALIDATION.EMAIL.FORMAT');
    expect(error.validation).toEqual({ email: 'format', username: 'min' });
  });

  it("keeps the server's message, code and cause for a 400 without validation", () => {
    const error = normalizeHttpError(400, {
      error: { message: 'Invalid data', code: 400416, cause: 'because' },
    });
    expect([error.message, error.code, error.cause]).toEqual(['Invalid data', 400416, 'because']);
  });

  it("gives a 409 the server's message with code 409, or 'Conflict'", () => {
    const withMessage = normalizeHttpError(409, { error: { message: 'Taken', code: 400400 } });
    expect([withMessage.message, withMessage.code]).toEqual(['Taken', 409]);
    const bare = normalizeHttpError(409, undefined);
    expect([bare.message, bare.code]).toEqual(['Conflict', 409]);
  });

  it('keeps a 409’s validation map, so a caller can tell what the conflict asks for (issue 21)', () => {
    const body = {
      error: {
        message: 'Your objectives fail your own reference',
        validation: { overrideReason: 'required' },
      },
    };
    const conflict = normalizeHttpError(409, body);
    expect([conflict.message, conflict.code, conflict.validation]).toEqual([
      'Your objectives fail your own reference',
      409,
      { overrideReason: 'required' },
    ]);
  });

  it('uses the error body of any other status, and the status when there is no body', () => {
    const error = normalizeHttpError(500, { error: { message: 'Boom', code: 500505, cause: null } });
    expect([error.message, error.code, error.status]).toEqual(['Boom', 500505, 500]);
    expect(normalizeHttpError(502, '<html>').status).toBe(502);
  });
});
