import { describe, expect, it } from 'vitest';
import { ApiError } from '#lib/api-error.ts';
import { failureMessage } from './ChangePasswordDialog.tsx';

describe('change password failure message (platform-shell.md §8)', () => {
  it("reads 'Current password field is not correct' when the server rejects the current password", () => {
    expect(failureMessage(new ApiError({ message: 'Invalid password', status: 400, code: 400408 }))).toBe(
      'Current password field is not correct',
    );
  });

  it("passes on the server's message when the new password broke a rule", () => {
    const error = new ApiError({ message: 'Too short', status: 400, validation: { newPassword: 'min' } });
    expect(failureMessage(error)).toBe('Too short');
  });
});
