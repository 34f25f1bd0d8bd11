import { describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../../test/fixtures.ts';
import { databases, TEST_JWT_SECRET, useTestApp } from '../../test/helper.ts';
import { ASSET_COOKIE, verifyAssetCookie } from './routes.ts';

describe.each(databases)('GET v2/assets/signed-cookie on %s', (kind) => {
  const t = useTestApp(kind);

  it('sets an HttpOnly asset cookie that vouches for the caller until the access token expires', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/assets/signed-cookie',
      headers: bearer(await tokenFor(user, 600)),
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === ASSET_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api', sameSite: 'Strict' });
    expect(verifyAssetCookie(TEST_JWT_SECRET, cookie?.value ?? '')).toBe(user.id);
    const expiresAt = Date.parse(res.json().expiresAt);
    expect(Math.abs(expiresAt - (Date.now() + 600_000))).toBeLessThan(5_000);
  });

  it('a forged or expired asset cookie vouches for nobody', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/assets/signed-cookie',
      headers: bearer(await tokenFor(user, 600)),
    });
    const value = res.cookies.find((c) => c.name === ASSET_COOKIE)?.value ?? '';
    const [, exp, sig] = value.split('.');
    expect(verifyAssetCookie(TEST_JWT_SECRET, `someone-else.${exp}.${sig}`)).toBeNull();
    expect(verifyAssetCookie(TEST_JWT_SECRET, value, Number(exp) + 1)).toBeNull();
    expect(verifyAssetCookie(TEST_JWT_SECRET, 'garbage')).toBeNull();
  });
});
