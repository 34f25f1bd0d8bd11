/**
 * Absolute session lifetime (issue 8 item 7) and atomic token writes (item 13): a session ends
 * SESSION_MAX_AGE after sign-in whatever the refreshes and identity switches, and signing in or refreshing
 * writes its session and refresh token all or nothing.
 */
import { SESSION_MAX_AGE_S, tokenPairSchema } from '@larmor/contracts';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addMembership, bearer, createClient, createUser } from '../../test/fixtures.ts';
import { databases, rowCounts, useTestApp, type TestApp } from '../../test/helper.ts';
import { postLogin, postRefresh, signIn } from '../../test/sign-in.ts';

const DAY_S = 24 * 3_600;

/** Moves the sign-in of the session of `accessToken` `ageS` seconds into the past. */
async function ageSession(t: TestApp, accessToken: string, ageS: number): Promise<void> {
  const sid = String(decodeJwt(accessToken)['sid']);
  const signedInAt = new Date(Date.now() - ageS * 1000).toISOString();
  await t.db.updateTable('auth_sessions').set({ created_at: signedInAt }).where('id', '=', sid).execute();
}

describe.each(databases)('absolute session lifetime on %s', (kind) => {
  const t = useTestApp(kind);

  it('refreshing a session signed in longer than SESSION_MAX_AGE ago answers 401; its access token too', async () => {
    const user = await createUser(t.db);
    const pair = await signIn(t, user);
    // Refreshed every day: each refresh token is fresh, but the session is 30 days and a minute old.
    await ageSession(t, pair.accessToken, SESSION_MAX_AGE_S + 60);
    const res = await postRefresh(t, pair.refreshToken);
    expect(res.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/me/', headers: bearer(pair.accessToken) });
    expect(me.statusCode).toBe(401);
  });

  it('a session within its lifetime refreshes, and the new refresh token never outlives the session', async () => {
    const user = await createUser(t.db);
    const pair = await signIn(t, user);
    await ageSession(t, pair.accessToken, SESSION_MAX_AGE_S - DAY_S);
    const res = await postRefresh(t, pair.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = tokenPairSchema.parse(res.json());
    const sid = String(decodeJwt(next.accessToken)['sid']);
    const session = await t.db
      .selectFrom('auth_sessions')
      .select('created_at')
      .where('id', '=', sid)
      .executeTakeFirstOrThrow();
    const newest = await t.db
      .selectFrom('refresh_tokens')
      .select('expires_at')
      .where('family_id', '=', sid)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    const sessionEndMs = Date.parse(session.created_at) + SESSION_MAX_AGE_S * 1000;
    expect(Date.parse(newest.expires_at)).toBe(sessionEndMs);
    const me = await t.app.inject({ method: 'GET', url: '/api/me/', headers: bearer(next.accessToken) });
    expect(me.statusCode).toBe(200);
  });

  it('switching identity keeps the sign-in time, so it cannot extend a session', async () => {
    const user = await createUser(t.db);
    const membership = await addMembership(t.db, user.id, await createClient(t.db, 'Clinic'), 'Teacher');
    const pair = await signIn(t, user);
    await ageSession(t, pair.accessToken, SESSION_MAX_AGE_S - 60);
    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/v2/me/identities/${membership}/switch`,
      headers: bearer(pair.accessToken),
    });
    expect(switched.statusCode).toBe(200);
    const next = tokenPairSchema.parse(switched.json());
    await ageSession(t, next.accessToken, SESSION_MAX_AGE_S + 1);
    expect((await postRefresh(t, next.refreshToken)).statusCode).toBe(401);
  });
});

describe.each(databases)('a short SESSION_MAX_AGE on %s', (kind) => {
  const t = useTestApp(kind, { sessionMaxAgeS: 3_600 });

  it('caps the first refresh token at sign-in plus the lifetime', async () => {
    const user = await createUser(t.db);
    const before = Date.now();
    const pair = await signIn(t, user);
    const sid = String(decodeJwt(pair.accessToken)['sid']);
    const token = await t.db
      .selectFrom('refresh_tokens')
      .select('expires_at')
      .where('family_id', '=', sid)
      .executeTakeFirstOrThrow();
    expect(Date.parse(token.expires_at)).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(Date.parse(token.expires_at)).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });
});

/** A trigger that makes every insert into refresh_tokens fail, so a token write breaks half-way. */
async function breakRefreshTokenInserts(t: TestApp): Promise<() => Promise<void>> {
  if (t.kind === 'sqlite') {
    await sql`create trigger refuse_tokens before insert on refresh_tokens
      begin select raise(abort, 'refused by test'); end`.execute(t.db);
    return async () => void (await sql`drop trigger refuse_tokens`.execute(t.db));
  }
  await sql`create function refuse_tokens() returns trigger language plpgsql as
      $$ begin raise exception 'refused by test'; end $$`.execute(t.db);
  await sql`create trigger refuse_tokens before insert on refresh_tokens
      for each row execute function refuse_tokens()`.execute(t.db);
  return async () => {
    await sql`drop trigger refuse_tokens on refresh_tokens`.execute(t.db);
    await sql`drop function refuse_tokens()`.execute(t.db);
  };
}

describe.each(databases)('token writes are atomic on %s', (kind) => {
  const t = useTestApp(kind);

  it('a sign-in whose refresh token cannot be written leaves no session behind', async () => {
    const user = await createUser(t.db);
    const repair = await breakRefreshTokenInserts(t);
    try {
      const before = await rowCounts(t.db);
      const res = await postLogin(t, user);
      expect(res.statusCode).toBe(500);
      expect(await rowCounts(t.db)).toEqual(before);
    } finally {
      await repair();
    }
  });

  it('a refresh that fails half-way does not spend the token: retrying it succeeds', async () => {
    const user = await createUser(t.db);
    const pair = await signIn(t, user);
    const repair = await breakRefreshTokenInserts(t);
    try {
      expect((await postRefresh(t, pair.refreshToken)).statusCode).toBe(500);
    } finally {
      await repair();
    }
    expect((await postRefresh(t, pair.refreshToken)).statusCode).toBe(200);
  });
});
