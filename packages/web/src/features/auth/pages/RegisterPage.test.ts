import { describe, expect, it } from 'vitest';
import { ApiError } from '#lib/api-error.ts';
import { registrationErrorMessage } from './RegisterPage.tsx';

describe('registrationErrorMessage (platform-shell.md §8)', () => {
  it("answers a 409 with 'Email or Username already exists'", () => {
    expect(registrationErrorMessage(new ApiError({ message: 'Conflict', status: 409, code: 409 }))).toBe(
      'Email or Username already exists',
    );
  });

  it("shows any other failure's message", () => {
    expect(
      registrationErrorMessage(new ApiError({ message: 'Too many requests', status: 429, code: 429 })),
    ).toBe('Too many requests');
  });
});
