import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { TEST_PASSWORD_HASH_COST } from '../../test/helper.ts';
import { hashPassword, PASSWORD_HASH_COST, verifyPassword } from './passwords.ts';

describe('argon2id password hashes', () => {
  it('the production configuration hashes at 19 MiB, 2 passes, 1 lane (OWASP), whatever the tests use', async () => {
    const config = loadConfig({
      DATA_DIR: path.join(os.tmpdir(), 'larmor-passwords-test'),
      JWT_SECRET: 'a-secret-of-at-least-thirty-two-characters',
    });
    expect(config.passwordHashCost).toEqual({ memoryCostKiB: 19_456, timeCost: 2 });
    const hashed = await hashPassword('correct horse', config.passwordHashCost);
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('x', PASSWORD_HASH_COST)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('a hash carries its own cost, so one made at the test cost verifies like any other', async () => {
    const hashed = await hashPassword('correct horse', TEST_PASSWORD_HASH_COST);
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(hashed, 'correct horse')).toBe(true);
    expect(await verifyPassword(hashed, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse')).toBe(false);
    expect(await verifyPassword(null, 'correct horse')).toBe(false);
  });
});
