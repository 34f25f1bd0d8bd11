/**
 * Issue 27.7 over real HTTP against `larmor start`: the story platform (an https server whose keyset Larmor
 * fetches) starts a login at Larmor, then posts id_tokens that each break one check of the IMS security framework
 * — another key's signature, a wrong nonce, another issuer or audience, two audiences without azp, an expired
 * token, an unknown deployment, a wrong LTI version, no known role, a replayed state, a state never issued — and a
 * deep-linking request signed by another key. Each is refused with the API's error body, and no account is
 * written; the good launch passes once. A platform registered by one organisation cannot open another's module.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, uniqueName, type Credentials } from '../support/api.ts';
import {
  LTI_CLAIM,
  LTI_CLIENT_ID,
  LTI_DL_CLAIM,
  LTI_ROLES,
  startLtiPlatform,
  type LtiPlatform,
} from '../support/lti-platform.ts';
import {
  endPartyStory,
  learnerLaunch,
  ltiSchool,
  serverTrusting,
  type LtiSchool,
} from '../support/party-story.ts';
import type { RunningServer } from '../support/server.ts';

describe('LTI launches refused over HTTP', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'larmor-lti-refusals-'));
  const admin: Credentials = { username: 'ltirefusaladmin', password: 'lti refusal admin password 1' };
  let platform: LtiPlatform;
  let larmorServer: RunningServer;
  let school: LtiSchool;
  let launchUri: string;

  beforeAll(async () => {
    platform = await startLtiPlatform(dir);
    larmorServer = await serverTrusting(platform.certPath, admin, 'ltirefusaladmin@example.test');
    launchUri = `http://localhost:${new URL(larmorServer.url).port}/api/v1/lti/launch`;
    school = await ltiSchool(
      larmorServer.url,
      admin,
      platform,
      { school: uniqueName('LTI refusals school'), programTitle: 'Neuro by LTI', courseTitle: 'Contrast' },
      { title: 'T2 spin echo', anatomicalModelId: 1, sequenceTypes: [5, 2] },
    );
  }, 180_000);
  afterAll(() => endPartyStory(dir, { server: larmorServer, party: platform }));

  /** The platform's login initiation at Larmor: the state and nonce of Larmor's authentication request. */
  async function initiate(targetLinkUri = launchUri): Promise<{ state: string; nonce: string }> {
    const res = await fetch(`${larmorServer.url}/api/v1/lti/login`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        iss: platform.issuer,
        client_id: LTI_CLIENT_ID,
        login_hint: 'learner',
        target_link_uri: targetLinkUri,
      }),
    });
    expect(res.status).toBe(302);
    const auth = new URL(res.headers.get('location') ?? '');
    return { state: auth.searchParams.get('state') ?? '', nonce: auth.searchParams.get('nonce') ?? '' };
  }

  /** The form post of the id_token to `url` (the launch URL): status and body. */
  async function post(idToken: string, state: string, url = `${larmorServer.url}/api/v1/lti/launch`) {
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ id_token: idToken, state }),
    });
    return { status: res.status, body: await res.text() };
  }

  const launchClaims = (moduleId: string, extra: Record<string, unknown> = {}) =>
    learnerLaunch(
      { sub: 'learner-refused', givenName: 'Eve', familyName: 'Mallory' },
      { id: 'link-1', title: 'T2 spin echo', moduleId, launchUri },
      extra,
    );

  const userCount = async () =>
    (await callAs<{ total: number }>(larmorServer.url, admin, 'GET', 'v1/users/?per_page=1')).total;

  it('refuses every broken check with the error body and writes no account; the good launch passes once', async () => {
    const stranger = await generateKeyPair('RS256');
    const nowS = Math.floor(Date.now() / 1000);
    const good = (nonce: string, extra: Record<string, unknown> = {}) =>
      platform.sign({ ...launchClaims(school.moduleId), nonce, ...extra });
    const cases: [string, (nonce: string) => Promise<string>][] = [
      [
        'signed by a key the platform does not publish',
        (nonce) =>
          new SignJWT({ ...launchClaims(school.moduleId), nonce })
            .setProtectedHeader({ alg: 'RS256', kid: 'platform-key' })
            .setIssuer(platform.issuer)
            .setAudience(LTI_CLIENT_ID)
            .setIssuedAt()
            .setExpirationTime('5m')
            .sign(stranger.privateKey),
      ],
      ['a wrong nonce', () => good('not-the-nonce')],
      ['another issuer', (nonce) => good(nonce, { iss: 'https://evil.example' })],
      ['another audience', (nonce) => good(nonce, { aud: 'someone-else' })],
      ['two audiences without azp', (nonce) => good(nonce, { aud: [LTI_CLIENT_ID, 'x'] })],
      ['expired', (nonce) => good(nonce, { exp: nowS - 3600, iat: nowS - 4000 })],
      ['an unknown deployment', (nonce) => good(nonce, { [`${LTI_CLAIM}deployment_id`]: 'other' })],
      ['a wrong LTI version', (nonce) => good(nonce, { [`${LTI_CLAIM}version`]: '1.1' })],
      [
        'no role Larmor knows',
        (nonce) =>
          good(nonce, {
            [`${LTI_CLAIM}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Staff'],
          }),
      ],
    ];
    const before = await userCount();
    for (const [name, token] of cases) {
      const { state, nonce } = await initiate();
      const res = await post(await token(nonce), state);
      expect([401, 403], `${name}: ${res.body}`).toContain(res.status);
      expect(JSON.parse(res.body), name).toMatchObject({
        error: { message: expect.any(String), code: expect.any(Number) },
      });
    }
    expect(await userCount()).toBe(before);

    // The good launch passes once; its state replayed, or one never issued, is refused.
    const { state, nonce } = await initiate();
    const token = await good(nonce);
    expect((await post(token, state)).status).toBe(303);
    expect((await post(token, state)).status).toBe(401);
    expect((await post(token, 'never-issued')).status).toBe(401);
    expect(await userCount()).toBe(before + 1);

    // A deep-linking request is verified as a launch is: another key's signature is refused.
    const deepLinkingUri = launchUri.replace(/launch$/, 'deep-linking');
    const dl = await initiate(deepLinkingUri);
    const forged = await new SignJWT({
      sub: 'teacher-refused',
      nonce: dl.nonce,
      [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingRequest',
      [`${LTI_CLAIM}version`]: '1.3.0',
      [`${LTI_CLAIM}deployment_id`]: 'd1',
      [`${LTI_CLAIM}roles`]: [LTI_ROLES.instructor],
      [`${LTI_DL_CLAIM}deep_linking_settings`]: {
        deep_link_return_url: `${platform.issuer}/return`,
        accept_types: ['ltiResourceLink'],
      },
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'platform-key' })
      .setIssuer(platform.issuer)
      .setAudience(LTI_CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(stranger.privateKey);
    const refused = await post(forged, dl.state, `${larmorServer.url}/api/v1/lti/deep-linking`);
    expect([401, 403], refused.body).toContain(refused.status);
    expect(await userCount()).toBe(before + 1);
  }, 180_000);

  it("a platform registered by one organisation cannot open another organisation's module", async () => {
    const other = await ltiSchool(
      larmorServer.url,
      admin,
      // The other school registers a platform of its own (the same software, another registration).
      { ...platform, registration: (name) => ({ ...platform.registration(name), clientId: 'other-client' }) },
      { school: uniqueName('Other school B'), programTitle: 'Other program', courseTitle: 'Other course' },
      { title: 'Their module', anatomicalModelId: 1, sequenceTypes: [5, 2] },
    );
    expect(other.clientId).not.toBe(school.clientId);
    const before = await userCount();
    const { state, nonce } = await initiate();
    const res = await post(await platform.sign({ ...launchClaims(other.moduleId), nonce }), state);
    expect(res.status, res.body).toBe(404);
    expect(await userCount()).toBe(before);
  }, 180_000);
});
