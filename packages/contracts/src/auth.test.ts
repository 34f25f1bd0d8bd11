import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './auth.ts';
import { termsRequestSchema } from './me.ts';
import { changePasswordRequestSchema, registerRequestSchema } from './new-passwords.ts';
import { maintenanceResponseSchema } from './maintenance.ts';

const registration = {
  username: 'ada.l',
  email: 'ada@example.test',
  password: 'long enough',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

describe('account call schemas', () => {
  it('registration accepts a complete body and trims names', () => {
    const parsed = registerRequestSchema.parse({ ...registration, firstName: '  Ada ' });
    expect(parsed.firstName).toBe('Ada');
  });

  it('registration refuses a bad e-mail, a short password and a username with spaces', () => {
    for (const bad of [{ email: 'nope' }, { password: 'short' }, { username: 'ada l' }]) {
      expect(registerRequestSchema.safeParse({ ...registration, ...bad }).success, JSON.stringify(bad)).toBe(
        false,
      );
    }
  });

  it('login needs a non-empty username and password', () => {
    expect(loginRequestSchema.safeParse({ username: 'ada', password: 'x' }).success).toBe(true);
    expect(loginRequestSchema.safeParse({ username: '', password: 'x' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ username: 'ada', password: '' }).success).toBe(false);
  });

  it('change-password refuses a new password equal to the old one, on the newPassword field', () => {
    const result = changePasswordRequestSchema.safeParse({
      oldPassword: 'same password',
      newPassword: 'same password',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['newPassword']);
    expect(result.error?.issues[0]?.message).toBe('New password has to be different from the old password');
  });

  it('terms accept only {accept: true}', () => {
    expect(termsRequestSchema.safeParse({ accept: true }).success).toBe(true);
    expect(termsRequestSchema.safeParse({ accept: false }).success).toBe(false);
  });

  it('maintenance answers an ISO timestamp with offset, or null', () => {
    expect(
      maintenanceResponseSchema.safeParse({ next_maintenance_at: '2030-01-01T10:00:00.000Z' }).success,
    ).toBe(true);
    expect(maintenanceResponseSchema.safeParse({ next_maintenance_at: null }).success).toBe(true);
    expect(maintenanceResponseSchema.safeParse({ next_maintenance_at: 'soon' }).success).toBe(false);
  });
});
