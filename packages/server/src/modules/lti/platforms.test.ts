/**
 * Issue 27.1, LTI platform registration: an organisation administrator registers, lists, changes and removes the
 * LTI 1.3 platforms of their organisation, sees Larmor's tool configuration (its JWKS URL and keys) and rotates the
 * signing key; the JWKS is public and holds public keys only. Nobody reaches another organisation's platforms,
 * bad input answers 400 and writes nothing, and an issuer + client id pair is registered once across organisations.
 */
import {
  ERROR_CAUSES,
  ltiJwksSchema,
  ltiPlatformListSchema,
  ltiPlatformSchema,
  ltiToolConfigurationSchema,
  type LtiPlatformCreate,
} from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { callsUnder, countRows, databases, expectValidationRefusal, useTestApp } from '../../test/helper.ts';
import { createWorld } from '../users/world.test-support.ts';

const MOODLE: LtiPlatformCreate = {
  name: 'Moodle — School of Radiography',
  issuer: 'https://moodle.school.example',
  clientId: 'k3yL4rm0r',
  deploymentIds: ['1'],
  jwksUrl: 'https://moodle.school.example/mod/lti/certs.php',
  authUrl: 'https://moodle.school.example/mod/lti/auth.php',
  tokenUrl: 'https://moodle.school.example/mod/lti/token.php',
};

describe.each(databases)('v1/clients/{id}/lti/ (LTI platforms) on %s', (kind) => {
  const t = useTestApp(kind);

  const call = callsUnder(t, '/api/v1/');
  const platformCount = () => countRows(t.db, 'lti_platforms');

  it('an organisation administrator registers, lists, changes and removes a platform', async () => {
    const world = await createWorld(t.db);
    const base = `clients/${world.a.clientId}/lti/platforms`;
    const created = await call('POST', base, world.a.adminHeaders, MOODLE);
    expect(created.statusCode).toBe(201);
    const platform = ltiPlatformSchema.parse(created.json());
    expect(platform).toMatchObject({ ...MOODLE, organisationId: world.a.clientId });

    const list = ltiPlatformListSchema.parse((await call('GET', base, world.a.adminHeaders)).json());
    expect(list.items.map((p) => p.id)).toEqual([platform.id]);

    const patched = await call('PATCH', `${base}/${platform.id}`, world.a.adminHeaders, {
      deploymentIds: ['1', '7'],
      name: 'Moodle',
    });
    expect(patched.statusCode).toBe(200);
    expect(ltiPlatformSchema.parse(patched.json())).toMatchObject({
      name: 'Moodle',
      deploymentIds: ['1', '7'],
    });
    expect((await call('GET', `${base}/${platform.id}`, world.a.adminHeaders)).json()).toMatchObject({
      deploymentIds: ['1', '7'],
    });

    expect((await call('DELETE', `${base}/${platform.id}`, world.a.adminHeaders)).statusCode).toBe(204);
    expect((await call('GET', `${base}/${platform.id}`, world.a.adminHeaders)).statusCode).toBe(404);
    expect(await platformCount()).toBe(0);
  });

  it("nobody but the organisation's administrators (and platform administrators) reaches its platforms", async () => {
    const world = await createWorld(t.db);
    const base = `clients/${world.a.clientId}/lti/platforms`;
    const platform = ltiPlatformSchema.parse((await call('POST', base, world.a.adminHeaders, MOODLE)).json());
    expect((await call('GET', base, world.platformHeaders)).statusCode).toBe(200);
    for (const headers of [world.a.teacherHeaders, world.a.studentHeaders]) {
      expect((await call('GET', base, headers)).statusCode).toBe(403);
      expect((await call('POST', base, headers, { ...MOODLE, clientId: 'other' })).statusCode).toBe(403);
    }
    // Another organisation's administrator: the organisation is not theirs (404), whatever the call.
    const other = world.b.adminHeaders;
    expect((await call('GET', base, other)).statusCode).toBe(404);
    expect((await call('POST', base, other, { ...MOODLE, clientId: 'other' })).statusCode).toBe(404);
    expect((await call('PATCH', `${base}/${platform.id}`, other, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${platform.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', `clients/${world.a.clientId}/lti/tool`, other)).statusCode).toBe(404);
    expect((await call('POST', `clients/${world.a.clientId}/lti/keys/rotate`, other)).statusCode).toBe(404);
    // Nor through their own organisation's path with A's platform id.
    const own = `clients/${world.b.clientId}/lti/platforms/${platform.id}`;
    expect((await call('PATCH', own, other, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', own, other)).statusCode).toBe(404);
    expect((await call('GET', `clients/${world.a.clientId}/lti/platforms`, {})).statusCode).toBe(401);
    expect(await platformCount()).toBe(1);
    expect((await call('GET', `${base}/${platform.id}`, world.a.adminHeaders)).json()).toMatchObject({
      name: MOODLE.name,
    });
  });

  it('bad input answers 400 with the field, and writes nothing', async () => {
    const world = await createWorld(t.db);
    const base = `clients/${world.a.clientId}/lti/platforms`;
    const bad: [string, Record<string, unknown>][] = [
      ['issuer', { ...MOODLE, issuer: 'http://moodle.school.example' }],
      ['jwksUrl', { ...MOODLE, jwksUrl: 'not a url' }],
      ['authUrl', { ...MOODLE, authUrl: 'https://user:pw@moodle.school.example/auth' }],
      ['tokenUrl', { ...MOODLE, tokenUrl: 'javascript:alert(1)' }],
      ['deploymentIds', { ...MOODLE, deploymentIds: [] }],
      ['deploymentIds', { ...MOODLE, deploymentIds: ['1', '1'] }],
      ['clientId', { ...MOODLE, clientId: '' }],
      ['name', { ...MOODLE, name: 'Moodle\u0000' }],
      ['body', { ...MOODLE, secret: 'x' }],
    ];
    for (const [field, body] of bad) {
      const res = await call('POST', base, world.a.adminHeaders, body);
      expectValidationRefusal(res, field);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    expect(await platformCount()).toBe(0);
    const created = ltiPlatformSchema.parse((await call('POST', base, world.a.adminHeaders, MOODLE)).json());
    const empty = await call('PATCH', `${base}/${created.id}`, world.a.adminHeaders, {});
    expect(empty.statusCode).toBe(400);
  });

  it('an issuer and client id pair is registered once, across organisations (409)', async () => {
    const world = await createWorld(t.db);
    expect(
      (await call('POST', `clients/${world.a.clientId}/lti/platforms`, world.a.adminHeaders, MOODLE))
        .statusCode,
    ).toBe(201);
    const again = await call(
      'POST',
      `clients/${world.b.clientId}/lti/platforms`,
      world.b.adminHeaders,
      MOODLE,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ cause: ERROR_CAUSES.CONFLICT });
    const otherClient = await call(
      'POST',
      `clients/${world.b.clientId}/lti/platforms`,
      world.b.adminHeaders,
      {
        ...MOODLE,
        clientId: 'beta-client',
      },
    );
    expect(otherClient.statusCode).toBe(201);
    expect(await platformCount()).toBe(2);
  });

  it('the tool configuration names the JWKS URL; the JWKS is public, holds public keys only, and a rotation keeps the old key published', async () => {
    const world = await createWorld(t.db);
    const tool = await call('GET', `clients/${world.a.clientId}/lti/tool`, world.a.adminHeaders);
    expect(tool.statusCode).toBe(200);
    const config = ltiToolConfigurationSchema.parse(tool.json());
    expect(config.jwksUrl).toBe(`${t.app.config.publicUrl}/api/v1/lti/${world.a.clientId}/jwks`);
    expect(config.keys).toHaveLength(1);
    const [first] = config.keys;
    expect(first?.retiredAt).toBeNull();

    const jwks = await t.app.inject({ method: 'GET', url: new URL(config.jwksUrl).pathname });
    expect(jwks.statusCode).toBe(200);
    const published = ltiJwksSchema.parse(jwks.json());
    expect(published.keys.map((k) => k.kid)).toEqual([first?.kid]);
    for (const key of jwks.json().keys as Record<string, unknown>[]) {
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(secret);
    }

    const rotated = ltiToolConfigurationSchema.parse(
      (await call('POST', `clients/${world.a.clientId}/lti/keys/rotate`, world.a.adminHeaders)).json(),
    );
    expect(rotated.keys).toHaveLength(2);
    expect(rotated.keys[0]?.retiredAt).toBeNull();
    expect(rotated.keys[0]?.kid).not.toBe(first?.kid);
    expect(rotated.keys[1]).toMatchObject({ kid: first?.kid });
    expect(rotated.keys[1]?.retiredAt).not.toBeNull();
    const after = ltiJwksSchema.parse(
      (await t.app.inject({ method: 'GET', url: new URL(config.jwksUrl).pathname })).json(),
    );
    expect(after.keys.map((k) => k.kid).sort()).toEqual(rotated.keys.map((k) => k.kid).sort());

    // Another organisation's JWKS is its own (empty until it has a key); an unknown organisation is 404.
    const beta = await t.app.inject({ method: 'GET', url: `/api/v1/lti/${world.b.clientId}/jwks` });
    expect(ltiJwksSchema.parse(beta.json()).keys).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/lti/${crypto.randomUUID()}/jwks` })).statusCode,
    ).toBe(404);
  });
});

describe.each(databases)('LTI frame ancestors (a launch inside the platform iframe) on %s', (kind) => {
  const t = useTestApp(kind);

  it("the pages' CSP lets a registered platform frame Larmor, and no other site; removal takes it back", async () => {
    const world = await createWorld(t.db);
    const cspOf = async (): Promise<string> => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      return String(res.headers['content-security-policy']);
    };
    expect(await cspOf()).toContain("frame-ancestors 'self'");
    expect(await cspOf()).not.toContain('moodle.school.example');
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/clients/${world.a.clientId}/lti/platforms`,
      headers: world.a.adminHeaders as Record<string, string>,
      payload: { ...MOODLE, frameOrigins: ['https://school.instructure.com'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const frameAncestors = /frame-ancestors ([^;]*)/.exec(await cspOf())?.[1]?.split(' ');
    expect(frameAncestors).toEqual([
      "'self'",
      'https://moodle.school.example',
      'https://school.instructure.com',
    ]);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/clients/${world.a.clientId}/lti/platforms`,
      headers: world.a.adminHeaders as Record<string, string>,
      payload: { ...MOODLE, clientId: 'x', frameOrigins: ['https://school.instructure.com/path', '*'] },
    });
    expect(bad.statusCode).toBe(400);
    const id = ltiPlatformSchema.parse(created.json()).id;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/clients/${world.a.clientId}/lti/platforms/${id}`,
      headers: world.a.adminHeaders as Record<string, string>,
    });
    expect(await cspOf()).not.toContain('instructure');
  });
});
