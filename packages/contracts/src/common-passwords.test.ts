import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_RULE } from './common.ts';
import { newPasswordSchema } from './new-passwords.ts';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';

describe('the common-password list', () => {
  it('holds 5,000 lower-case entries, each long enough to pass the length rule', () => {
    expect(COMMON_PASSWORDS.size).toBe(5_000);
    for (const password of COMMON_PASSWORDS) {
      expect(password).toBe(password.toLowerCase());
      expect(password.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
    }
  });

  it('knows the classics, in any case, and not a passphrase', () => {
    for (const password of ['password', '12345678', 'Password1', 'QWERTYUIOP', 'iloveyou', 'sunshine1']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });

  it('newPasswordSchema refuses them with the rule "common"', () => {
    const result = newPasswordSchema.safeParse('Password123');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'custom', params: { rule: COMMON_PASSWORD_RULE } });
    expect(newPasswordSchema.safeParse('an uncommon long password').success).toBe(true);
  });
});
