/**
 * Issue 27.6, OpenID Connect single sign-on through the API against an in-process provider: the start sends the
 * browser to the provider with PKCE (S256), state and nonce; the callback exchanges the code, has the id_token
 * verified (signature, iss, aud, exp, nonce) and signs the user in on /auth/callback — matched by (provider, sub),
 * never by e-mail, or made in the provider's organisation with its default role when the e-mail domain is allowed.
 * Each refusal (unknown, replayed or expired state, wrong nonce, bad signature, wrong audience, the provider's
 * error, a domain not allowed, a disabled provider) ends on /auth/callback with a clear message and writes nothing.
 */
import { accessTokenClaimsSchema, meResponseSchema, ssoSignInOptionListSchema } from '@larmor/contracts';
import type { SsoProviderCreate } from '@larmor/contracts';
import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { databases, databaseSnapshot, useTestApp, writesNothing } from '../../test/helper.ts';
import { createWorld, type World } from '../users/world.test-support.ts';
import { fakeProvider, type FakeProvider, type Grant } from './provider.test-support.ts';

describe.each(databases)('OpenID Connect sign-in (v1/sso/…) on %s', (kind) => {
  const t = useTestApp(kind);
  let world: World;
  let provider: FakeProvider;
  let providerId: string;

  /** A's administrator configures `configuration` as a provider of A; answers the response. */
  const configure = (configuration: SsoProviderCreate) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/clients/${world.a.clientId}/sso/providers`,
      headers: world.a.adminHeaders,
      payload: configuration,
    });

  const ADA: Grant = {
    claims: { sub: 'entra-ada', email: 'ada@school.example', given_name: 'Ada', family_name: 'Lovelace' },
  };

  beforeEach(async () => {
    world = await createWorld(t.db);
    provider = await fakeProvider('contoso', 'school.example');
    const created = await configure(provider.configuration);
    expect(created.statusCode, created.body).toBe(201);
    providerId = (created.json() as { id: string }).id;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const get = (url: string, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, cookies });
  /** The browser's cookie of the last start (the state it binds the sign-in to). */
  let browserCookie: Record<string, string> = {};
  /** The start: the provider's authorization URL. */
  async function start(): Promise<URL> {
    const res = await get(`/api/v1/sso/${providerId}/start`);
    expect(res.statusCode, res.body).toBe(302);
    const cookie = res.cookies.find((c) => c.name === 'larmor_sso_state');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/sso', maxAge: 600 });
    browserCookie = { larmor_sso_state: cookie?.value ?? '' };
    return new URL(String(res.headers.location));
  }
  /** The provider's redirect back with `query`, in the browser that started the sign-in (its cookie). */
  const callback = (
    query: URLSearchParams,
    cookies: Record<string, string> = { larmor_sso_state: query.get('state') ?? '' },
  ) => get(`/api/v1/sso/callback?${query.toString()}`, cookies);
  /** The fragment of the callback's 303 to the web app's /auth/callback. */
  function landing(res: { statusCode: number; headers: Record<string, unknown> }): URLSearchParams {
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers['location']));
    expect(location.pathname).toBe('/auth/callback');
    return new URLSearchParams(location.hash.slice(1));
  }
  /** The whole exchange for `grant`: the signed-in user's id. */
  async function signIn(grant: Grant): Promise<string> {
    const fragment = landing(await callback(provider.authorize((await start()).toString(), grant)));
    expect(fragment.get('error')).toBeNull();
    expect(fragment.get('refreshToken')).toBeTruthy();
    return accessTokenClaimsSchema.parse(decodeJwt(fragment.get('accessToken') ?? '')).uid;
  }
  /** A refused callback: its message; no account, membership, link or session written (the state is used up). */
  async function refusal(query: URLSearchParams, cookies?: Record<string, string>): Promise<string> {
    const { sso_states: _states, ...before } = await databaseSnapshot(t.db);
    const fragment = landing(await callback(query, cookies));
    const { sso_states: states, ...after } = await databaseSnapshot(t.db);
    expect(after).toEqual(before);
    // The state, if it was one, is used up by the refusal too.
    const state = query.get('state');
    expect(states?.filter((row) => state !== null && row.includes(JSON.stringify(state)))).toEqual([]);
    expect(fragment.get('accessToken')).toBeNull();
    return fragment.get('error') ?? '';
  }

  it('the start sends the browser to the provider with PKCE S256, state and nonce, stored once', async () => {
    const location = await start();
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/authorize`);
    const params = location.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(provider.configuration.clientId);
    expect(params.get('redirect_uri')).toBe(`${t.app.config.publicUrl}/api/v1/sso/callback`);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const state = await t.db.selectFrom('sso_states').selectAll().executeTakeFirstOrThrow();
    expect(state).toMatchObject({
      state: params.get('state'),
      nonce: params.get('nonce'),
      provider_id: providerId,
    });
    // The verifier stays on the server; only its S256 challenge travels.
    expect(location.toString()).not.toContain(state.code_verifier);
  });

  it('signs a new user in to the organisation with the default role, and the same user again by sub', async () => {
    const userId = await signIn(ADA);
    const headers = { authorization: `Bearer ${await tokenOf(userId)}` };
    const me = meResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/me/', headers })).json(),
    );
    expect(me.user).toMatchObject({ name: 'Ada Lovelace', clients: [{ id: world.a.clientId }] });
    const memberships = await t.db
      .selectFrom('memberships')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(memberships.map((m) => [m.client_id, m.role])).toEqual([[world.a.clientId, 'Student']]);

    // Second sign-in: the same account, by (provider, sub), even with another e-mail address.
    expect(await signIn({ claims: { ...ADA.claims, email: 'ada.l@school.example' } })).toBe(userId);
    // A teacher's promotion stays: SSO gives the default role to new users only.
    await t.db.updateTable('memberships').set({ role: 'Teacher' }).where('user_id', '=', userId).execute();
    expect(await signIn(ADA)).toBe(userId);
    const kept = await t.db.selectFrom('memberships').select('role').where('user_id', '=', userId).execute();
    expect(kept).toEqual([{ role: 'Teacher' }]);
    expect(await t.db.selectFrom('sso_accounts').selectAll().execute()).toHaveLength(1);
  });

  it('never matches by e-mail: an existing account with the same address is not signed in', async () => {
    await t.db
      .updateTable('users')
      .set({ email: 'ada@school.example' })
      .where('id', '=', world.a.student.id)
      .execute();
    const userId = await signIn(ADA);
    expect(userId).not.toBe(world.a.student.id);
    const links = await t.db.selectFrom('sso_accounts').select('user_id').execute();
    expect(links).toEqual([{ user_id: userId }]);
  });

  it('refuses a new user whose e-mail is outside the allowed domain (or unverified), writing nothing', async () => {
    for (const claims of [
      { sub: 'entra-eve', email: 'eve@elsewhere.example' },
      { sub: 'entra-eve', email: 'eve@evil-school.example' },
      { sub: 'entra-eve' },
      { sub: 'entra-eve', email: 'eve@school.example', email_verified: false },
    ]) {
      const message = await refusal(provider.authorize((await start()).toString(), { claims }));
      expect(message, JSON.stringify(claims)).toContain(
        'only accounts with a verified @school.example e-mail address',
      );
    }
  });

  it('refuses an unknown, replayed or expired state, writing nothing', async () => {
    const forged = provider.authorize((await start()).toString(), ADA);
    forged.set('state', 'not-a-state');
    expect(await writesNothing(t.db, async () => landing(await callback(forged)).get('error'))).toContain(
      'the sign-in request is unknown, already used or expired',
    );

    const query = provider.authorize((await start()).toString(), ADA);
    await signIn(ADA);
    const once = landing(await callback(query));
    expect(once.get('accessToken')).toBeTruthy();
    expect(await refusal(query)).toContain('unknown, already used or expired');

    const stale = provider.authorize((await start()).toString(), ADA);
    await t.db.updateTable('sso_states').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect(await refusal(stale)).toContain('unknown, already used or expired');
  });

  it("refuses a wrong nonce, a bad signature, a wrong audience or issuer and the provider's error", async () => {
    const cases: [Grant, string][] = [
      [{ claims: { ...ADA.claims, nonce: 'another-nonce' } }, '"nonce"'],
      [{ ...ADA, strangerKey: true }, 'signature verification failed'],
      [{ claims: { ...ADA.claims, aud: 'someone-else' } }, '"aud"'],
      [{ claims: { ...ADA.claims, iss: 'https://evil.idp.example' } }, '"iss"'],
      [{ claims: { ...ADA.claims, exp: Math.floor(Date.now() / 1000) - 3600 } }, '"exp"'],
    ];
    for (const [grant, what] of cases) {
      const message = await refusal(provider.authorize((await start()).toString(), grant));
      expect(message, what).toContain("Single sign-on failed: the provider's answer could not be verified");
      expect(message, what).toContain(what);
    }
    const location = await start();
    const denied = new URLSearchParams({
      error: 'access_denied',
      state: location.searchParams.get('state') ?? '',
    });
    expect(await refusal(denied)).toContain('the provider answered "access_denied"');
    expect(
      await writesNothing(t.db, async () =>
        landing(await callback(new URLSearchParams({ error: 'login_required' }))).get('error'),
      ),
    ).toContain('"login_required"');
  });

  it('completes only in the browser that started the sign-in (no login CSRF), writing nothing', async () => {
    const query = provider.authorize((await start()).toString(), ADA);
    expect(browserCookie).toEqual({ larmor_sso_state: query.get('state') });
    // The callback URL in another browser: no cookie, or the cookie of another sign-in.
    expect(await refusal(query, {})).toContain('the sign-in was started in another browser or tab');
    const other = provider.authorize((await start()).toString(), ADA);
    const mine = provider.authorize((await start()).toString(), ADA);
    expect(await refusal(other, { larmor_sso_state: mine.get('state') ?? '' })).toContain(
      'started in another browser',
    );
    // The callback clears the cookie.
    const res = await callback(mine);
    expect(res.cookies.find((c) => c.name === 'larmor_sso_state')?.value).toBe('');
  });

  it('a provider whose discovery document cannot be read refuses the start with a clear message, writing nothing', async () => {
    const created = await configure({ ...provider.configuration, issuer: `${provider.issuer}/wrong-path` });
    const wrongId = (created.json() as { id: string }).id;
    const res = await writesNothing(t.db, () => get(`/api/v1/sso/${wrongId}/start`));
    expect(landing(res).get('error')).toContain(
      "Single sign-on is unavailable: the provider's discovery document could not be read",
    );
    expect(res.cookies).toEqual([]);
  });

  it('refuses a deactivated account, writing nothing', async () => {
    const userId = await signIn(ADA);
    await t.db.updateTable('users').set({ status: 'deactivated' }).where('id', '=', userId).execute();
    expect(await refusal(provider.authorize((await start()).toString(), ADA))).toContain(
      'This account is deactivated',
    );
  });

  it('a disabled provider is not offered and cannot be started or completed', async () => {
    const options = async () =>
      ssoSignInOptionListSchema.parse((await get('/api/v1/sso/providers')).json()).items;
    expect(await options()).toEqual([{ id: providerId, name: provider.configuration.name }]);
    const pending = provider.authorize((await start()).toString(), ADA);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/clients/${world.a.clientId}/sso/providers/${providerId}`,
      headers: world.a.adminHeaders,
      payload: { enabled: false },
    });
    expect(patched.statusCode).toBe(200);
    expect(await options()).toEqual([]);
    const res = await writesNothing(t.db, () => get(`/api/v1/sso/${providerId}/start`));
    expect(landing(res).get('error')).toContain('not available');
    expect(await refusal(pending)).toContain('no longer available');
  });

  async function tokenOf(userId: string): Promise<string> {
    const fragment = landing(await callback(provider.authorize((await start()).toString(), ADA)));
    const token = fragment.get('accessToken') ?? '';
    expect(accessTokenClaimsSchema.parse(decodeJwt(token)).uid).toBe(userId);
    return token;
  }
});
