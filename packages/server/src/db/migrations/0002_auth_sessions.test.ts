import crypto from 'node:crypto';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../database.ts';
import { currentSchema } from '../migrate.ts';
import { databases, withSchemaLock } from '../../test/helper.ts';
import { migrations } from './index.ts';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';

/** A database of `kind` in a fresh place (an in-memory SQLite, or a new PostgreSQL schema dropped after). */
async function withFreshDatabase(kind: string, work: (handle: DatabaseHandle) => Promise<void>) {
  const databaseUrl = process.env['DATABASE_URL'];
  if (kind === 'sqlite') {
    const handle = openDatabase({ sqlitePath: ':memory:' });
    try {
      await work(handle);
    } finally {
      await handle.close();
    }
    return;
  }
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  await withSchemaLock(databaseUrl, async (admin) => {
    await admin.query(`create schema ${schema}`);
    const handle = openDatabase({ databaseUrl, postgresSchema: schema, poolSize: 2 });
    try {
      await work(handle);
    } finally {
      await handle.close();
      await admin.query(`drop schema if exists ${schema} cascade`);
    }
  });
}

describe.each(databases)('migration 0002_auth_sessions on %s', (kind) => {
  it('turns every existing refresh-token family into a session, revoked only when all its tokens are', async () => {
    await withFreshDatabase(kind, async ({ db }) => {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
        migrationTableSchema: await currentSchema(db),
      });
      expect((await migrator.migrateTo('0001_accounts')).error).toBeUndefined();
      await db
        .insertInto('users')
        .values({
          id: 'u1',
          username: 'ada',
          email: 'ada@example.test',
          first_name: 'Ada',
          last_name: 'L',
          password_hash: null,
          role: 'Student',
          status: 'active',
          terms_ack: 1,
          first_login: 0,
          created_at: T0,
          updated_at: T0,
        })
        .execute();
      const token = (
        id: string,
        family: string,
        created: string,
        usedAt: string | null,
        revokedAt: string | null,
      ) => ({
        id,
        user_id: 'u1',
        family_id: family,
        token_hash: `hash-${id}`,
        identity_id: null,
        expires_at: T1,
        used_at: usedAt,
        revoked_at: revokedAt,
        created_at: created,
      });
      await db
        .insertInto('refresh_tokens')
        .values([
          // live: rotated once, the newest token unused
          token('a1', 'live', T0, T1, null),
          token('a2', 'live', T1, null, null),
          // revoked: logout revoked both tokens
          token('b1', 'revoked', T0, T1, T1),
          token('b2', 'revoked', T1, null, T1),
        ])
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const sessions = await db.selectFrom('auth_sessions').selectAll().orderBy('id').execute();
      expect(sessions).toEqual([
        { id: 'live', user_id: 'u1', created_at: T0, revoked_at: null },
        { id: 'revoked', user_id: 'u1', created_at: T0, revoked_at: T1 },
      ]);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  });
});
