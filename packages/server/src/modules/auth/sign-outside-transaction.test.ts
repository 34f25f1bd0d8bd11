/**
 * Sign-in under load (issue 8, found by the 300-client bench): the access token is signed after the session and
 * refresh token are committed, never inside the transaction. Signing waits for a thread of the pool the argon2
 * password checks use; doing it inside the transaction held the database connection for that wait, so a sign-in
 * storm ran one sign-in at a time on SQLite and exhausted the pool (503) on PostgreSQL.
 *
 * The check: when signing starts, the session row is already visible to another connection — on SQLite a
 * read outside the transaction would otherwise wait for it, on PostgreSQL it would not see the row yet.
 */
import type { Kysely } from 'kysely';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.ts';
import type * as AuthPlugin from '../../plugins/auth.ts';
import { createUser } from '../../test/fixtures.ts';
import { databases, useTestApp } from '../../test/helper.ts';
import { postLogin, postRefresh } from '../../test/sign-in.ts';

const probe = vi.hoisted(() => ({
  db: undefined as Kysely<Database> | undefined,
  /** What the probe saw of each session when its access token was signed: 'committed', 'absent' or 'blocked'. */
  seen: new Map<string, string>(),
}));

/** How long the probe waits for a read outside the transaction [ms]. */
const PROBE_WAIT_MS = 1_500;

vi.mock('../../plugins/auth.ts', async (importOriginal) => {
  const original = await importOriginal<typeof AuthPlugin>();
  return {
    ...original,
    signAccessToken: async (...args: Parameters<typeof original.signAccessToken>) => {
      const [, claims] = args;
      if (probe.db !== undefined) {
        const read = probe.db
          .selectFrom('auth_sessions')
          .select('id')
          .where('id', '=', claims.sid)
          .executeTakeFirst()
          .then((row) => (row ? 'committed' : 'absent'));
        const blocked = new Promise<string>((resolve) => setTimeout(() => resolve('blocked'), PROBE_WAIT_MS));
        probe.seen.set(claims.sid, await Promise.race([read, blocked]));
      }
      return original.signAccessToken(...args);
    },
  };
});

describe.each(databases)('tokens are signed outside the sign-in transaction on %s', (kind) => {
  const t = useTestApp(kind);
  afterEach(() => {
    probe.db = undefined;
    probe.seen.clear();
  });

  it('signing in and refreshing sign the access token only after the session and refresh token are committed', async () => {
    probe.db = t.db;
    const user = await createUser(t.db);
    const login = await postLogin(t, user);
    expect(login.statusCode).toBe(200);
    const { accessToken, refreshToken } = login.json<{ accessToken: string; refreshToken: string }>();
    const sid = String(decodeJwt(accessToken)['sid']);
    expect(probe.seen.get(sid)).toBe('committed');

    probe.seen.clear();
    const refreshed = await postRefresh(t, refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect(probe.seen.get(sid)).toBe('committed');
  });
});
