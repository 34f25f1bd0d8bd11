import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { verifyPassword } from '../../modules/auth/passwords.ts';
import { UsageError } from '../command.ts';
import { createAdminCommand } from './create-admin.ts';

describe('larmor create-admin on an embedded database', () => {
  let dataDir = '';
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larmor-cli-'));
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('DATABASE_URL', '');
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const flags = ['--username', 'root', '--email', 'Root@Example.test', '--password', 'a strong password'];

  it('creates an active admin whose password needs no change, and refuses a second one with the same name', async () => {
    expect(await createAdminCommand.run(flags)).toBe(0);
    const database = openDatabase({ sqlitePath: path.join(dataDir, 'larmor.sqlite') });
    try {
      const user = await database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        username: 'root',
        email: 'root@example.test',
        role: 'Admin',
        status: 'active',
        first_login: 0,
      });
      expect(await verifyPassword(user.password_hash, 'a strong password')).toBe(true);
    } finally {
      await database.close();
    }
    expect(await createAdminCommand.run(flags)).toBe(1);
  });

  it('answers a usage error for a missing flag or an invalid value', async () => {
    await expect(createAdminCommand.run(['--username', 'root'])).rejects.toThrow(UsageError);
    await expect(createAdminCommand.run([...flags.slice(0, 4), '--password', 'short'])).rejects.toThrow(
      /--password/,
    );
    await expect(
      createAdminCommand.run(['--username', 'root', '--email', 'nope', '--password', 'long enough']),
    ).rejects.toThrow(/--email/);
  });
});
