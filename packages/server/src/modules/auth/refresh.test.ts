import crypto from 'node:crypto';
import { ERROR_CODES, tokenPairSchema, type TokenPair } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/fixtures.ts';
import { databases, postRaw, rowCounts, useTestApp } from '../../test/helper.ts';
import { postRefresh, signIn } from '../../test/sign-in.ts';

describe.each(databases)('refresh-token and logout on %s', (kind) => {
  const t = useTestApp(kind);

  const signInNewUser = async (): Promise<TokenPair> => signIn(t, await createUser(t.db));

  it('rotates: a refresh token gives a new pair, and the new refresh token works in turn', async () => {
    const first = await signInNewUser();
    const res = await postRefresh(t, first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = tokenPairSchema.parse(res.json());
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await postRefresh(t, second.refreshToken)).statusCode).toBe(200);
  });

  it('stores refresh tokens only as SHA-256 hashes, never in clear', async () => {
    const { refreshToken } = await signInNewUser();
    const rows = await t.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows).toEqual([{ token_hash: crypto.createHash('sha256').update(refreshToken).digest('hex') }]);
    expect(JSON.stringify(rows)).not.toContain(refreshToken);
  });

  it('reusing a spent refresh token answers 401 and revokes its whole family', async () => {
    const first = await signInNewUser();
    const second = tokenPairSchema.parse((await postRefresh(t, first.refreshToken)).json());
    const reuse = await postRefresh(t, first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe(ERROR_CODES.INVALID_TOKEN);
    // The legitimate newest token died with its family.
    expect((await postRefresh(t, second.refreshToken)).statusCode).toBe(401);
    const live = await t.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);
  });

  it('other sign-ins keep working when one family is revoked', async () => {
    const a = await signInNewUser();
    const b = await signInNewUser();
    await postRefresh(t, a.refreshToken);
    await postRefresh(t, a.refreshToken);
    expect((await postRefresh(t, b.refreshToken)).statusCode).toBe(200);
  });

  it('an expired refresh token answers 401', async () => {
    const pair = await signInNewUser();
    await t.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await postRefresh(t, pair.refreshToken)).statusCode).toBe(401);
  });

  it('an unknown refresh token answers 401 and writes nothing', async () => {
    await signInNewUser();
    const before = await rowCounts(t.db);
    expect((await postRefresh(t, 'no-such-token')).statusCode).toBe(401);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('logout revokes the refresh token so it no longer refreshes', async () => {
    const pair = await signInNewUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { token: pair.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect((await postRefresh(t, pair.refreshToken)).statusCode).toBe(401);
  });

  it('bad input to refresh-token and logout answers 400 and writes nothing', async () => {
    await signInNewUser();
    const before = await rowCounts(t.db);
    for (const url of ['/api/refresh-token', '/api/logout']) {
      for (const payload of [{}, { token: 5 }, { token: '' }, { token: 'x'.repeat(5000) }]) {
        const res = await t.app.inject({ method: 'POST', url, payload });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json().error.validation).toHaveProperty('token');
      }
      const malformed = await postRaw(t, url, 'application/json', '{');
      expect(malformed.statusCode).toBe(400);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
