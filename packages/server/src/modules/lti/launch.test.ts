/**
 * Issue 27.2, the LTI 1.3 launch through the API: login initiation answers the OIDC authentication request with a
 * state and nonce; the platform's posted id_token is verified (signature by its JWKS, iss, aud, azp, exp/iat, the
 * single-use nonce and state, a known deployment) and the user lands signed in on the linked module, enrolled in
 * its program, matched by the platform and `sub` and never by e-mail; everything else is refused and writes nothing.
 */
import { accessTokenClaimsSchema, meResponseSchema } from '@larmor/contracts';
import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countRows, databases, postRaw, useTestApp } from '../../test/helper.ts';
import {
  createContentWorld,
  publishedProgram,
  type ContentWorld,
} from '../content/programs/world.test-support.ts';
import {
  INSTRUCTOR,
  LEARNER,
  platformBrowser,
  registeredPlatform,
  type FakePlatform,
} from './launch.test-support.ts';

type LtiBrowser = ReturnType<typeof platformBrowser>;

describe.each(databases)('LTI launch (v1/lti/login, v1/lti/launch) on %s', (kind) => {
  const t = useTestApp(kind);
  let world: ContentWorld;
  let platform: FakePlatform;
  let labId: string;
  let courseId: string;
  let programId: string;
  let postLogin: LtiBrowser['postLogin'];
  let initiate: LtiBrowser['initiate'];
  let launch: LtiBrowser['launch'];

  beforeEach(async () => {
    world = await createContentWorld(t.db);
    platform = await registeredPlatform(t.app, world.a.clientId, world.a.adminHeaders, 'moodle');
    ({ labId, courseId, programId } = await publishedProgram(t.app, world.a.teacherHeaders, {
      title: 'LTI neuro',
    }));
    platform.defaults = { 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': targetLink() };
    ({ postLogin, initiate, launch } = platformBrowser(t.app, platform, targetLink));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const targetLink = () => `${t.app.config.publicUrl}/api/v1/lti/launch?module=${labId}`;

  const userCount = () => countRows(t.db, 'users');

  it('login initiation answers the authentication request: openid, id_token, form_post, prompt none, state and nonce', async () => {
    const { location, state, nonce } = await initiate();
    expect(location.origin + location.pathname).toBe(platform.registration.authUrl);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.registration.clientId,
      redirect_uri: `${t.app.config.publicUrl}/api/v1/lti/launch`,
      login_hint: 'hint-1',
      lti_message_hint: 'message-hint',
    });
    expect(state.length).toBeGreaterThanOrEqual(40);
    expect(nonce.length).toBeGreaterThanOrEqual(40);
    expect(state).not.toBe(nonce);
    // GET works too; an unknown issuer, deployment or a foreign target link answer 400.
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/v1/lti/login?${new URLSearchParams({ iss: platform.registration.issuer, login_hint: 'h', target_link_uri: targetLink() }).toString()}`,
    });
    expect(get.statusCode).toBe(302);
    const refused: Record<string, string>[] = [
      { iss: 'https://unknown.example' },
      { lti_deployment_id: 'other' },
      { target_link_uri: 'https://evil.example/api/v1/lti/launch' },
    ];
    for (const extra of refused) {
      const res = await postLogin(extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
  });

  it('a learner lands signed in on the module, enrolled in its program, in the registering organisation; the next launch finds the same account', async () => {
    const { state, nonce } = await initiate();
    const res = await launch(
      await platform.sign({ nonce, sub: 'learner-7', email: world.a.student.email }),
      state,
    );
    expect(res.statusCode, res.body).toBe(303);
    const location = new URL(String(res.headers.location));
    expect(location.pathname).toBe('/auth/callback');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('to')).toBe(`/courses/${courseId}/modules/${labId}`);
    const accessToken = fragment.get('accessToken') ?? '';
    expect(fragment.get('refreshToken')).toBeTruthy();
    const claims = accessTokenClaimsSchema.parse(decodeJwt(accessToken));
    // Matched by sub, never by e-mail: the launch's e-mail is an existing student's, yet a new account was made.
    expect(claims.uid).not.toBe(world.a.student.id);
    const me = meResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/me/',
          headers: { authorization: `Bearer ${accessToken}` },
        })
      ).json(),
    );
    expect(me.user).toMatchObject({ name: 'Ada Lovelace', clients: [{ id: world.a.clientId }] });
    const membership = await t.db
      .selectFrom('memberships')
      .selectAll()
      .where('user_id', '=', claims.uid)
      .execute();
    expect(membership.map((m) => [m.client_id, m.role])).toEqual([[world.a.clientId, 'Student']]);
    const enrolled = await t.db
      .selectFrom('enrollments')
      .selectAll()
      .where('user_id', '=', claims.uid)
      .execute();
    expect(enrolled.map((e) => e.program_id)).toEqual([programId]);

    const again = await initiate();
    const second = await launch(await platform.sign({ nonce: again.nonce, sub: 'learner-7' }), again.state);
    expect(second.statusCode).toBe(303);
    const secondToken = new URLSearchParams(new URL(String(second.headers.location)).hash.slice(1)).get(
      'accessToken',
    );
    expect(decodeJwt(secondToken ?? '').uid).toBe(claims.uid);
  });

  it('an instructor becomes a teacher of the organisation', async () => {
    const { state, nonce } = await initiate();
    const res = await launch(
      await platform.sign({
        nonce,
        sub: 'teacher-1',
        [`https://purl.imsglobal.org/spec/lti/claim/roles`]: [INSTRUCTOR, LEARNER],
      }),
      state,
    );
    expect(res.statusCode, res.body).toBe(303);
    const token =
      new URLSearchParams(new URL(String(res.headers.location)).hash.slice(1)).get('accessToken') ?? '';
    const uid = String(decodeJwt(token).uid);
    const membership = await t.db
      .selectFrom('memberships')
      .select('role')
      .where('user_id', '=', uid)
      .execute();
    expect(membership.map((m) => m.role)).toEqual(['Teacher']);
  });

  it('refuses a forged, replayed, expired, misaddressed or unknown-deployment launch, and writes no account', async () => {
    const before = await userCount();
    const cases: [string, (s: { nonce: string }) => Promise<string>][] = [
      ['signed by another key', (s) => platform.sign({ nonce: s.nonce }, { key: platform.strangerKey })],
      ['wrong nonce', () => platform.sign({ nonce: 'not-the-nonce' })],
      ['other issuer', (s) => platform.sign({ nonce: s.nonce, iss: 'https://evil.example' })],
      ['other audience', (s) => platform.sign({ nonce: s.nonce, aud: 'someone-else' })],
      [
        'two audiences without azp',
        (s) => platform.sign({ nonce: s.nonce, aud: [platform.registration.clientId, 'x'] }),
      ],
      [
        'expired',
        (s) =>
          platform.sign({
            nonce: s.nonce,
            exp: Math.floor(Date.now() / 1000) - 3600,
            iat: Math.floor(Date.now() / 1000) - 4000,
          }),
      ],
      [
        'unknown deployment',
        (s) =>
          platform.sign({
            nonce: s.nonce,
            'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'other',
          }),
      ],
      [
        'wrong version',
        (s) => platform.sign({ nonce: s.nonce, 'https://purl.imsglobal.org/spec/lti/claim/version': '1.1' }),
      ],
      [
        'no known role',
        (s) =>
          platform.sign({
            nonce: s.nonce,
            'https://purl.imsglobal.org/spec/lti/claim/roles': [
              'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Staff',
            ],
          }),
      ],
    ];
    for (const [name, token] of cases) {
      const { state, nonce } = await initiate();
      const res = await launch(await token({ nonce }), state);
      expect([401, 403], `${name}: ${res.body}`).toContain(res.statusCode);
    }
    // A state is single use: the good token with a used state is refused.
    const { state, nonce } = await initiate();
    const good = await platform.sign({ nonce, sub: 'replay' });
    expect((await launch(good, state)).statusCode).toBe(303);
    expect((await launch(good, state)).statusCode).toBe(401);
    expect((await launch(good, 'never-issued')).statusCode).toBe(401);
    expect(await userCount()).toBe(before + 1);
  });

  it("a module of another organisation's program cannot be launched (404), and a malformed post answers 400", async () => {
    const other = await publishedProgram(t.app, world.b.teacherHeaders, { title: 'Beta only' });
    const { state, nonce } = await initiate();
    const res = await launch(
      await platform.sign({
        nonce,
        'https://purl.imsglobal.org/spec/lti/claim/custom': { module_id: other.labId },
      }),
      state,
    );
    expect(res.statusCode).toBe(404);
    const bad = await postRaw(t, '/api/v1/lti/launch', 'application/x-www-form-urlencoded', 'state=only');
    expect(bad.statusCode).toBe(400);
  });
});
