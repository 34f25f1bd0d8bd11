/**
 * Issue 27.6, OpenID Connect provider configuration: an organisation administrator (or a platform administrator,
 * for any organisation) configures, lists, changes and removes the organisation's providers; the client secret is
 * stored and never answered ("set"); bad input answers 400 naming the field and writes nothing; teachers and
 * students get 403; another organisation's administrator gets 404. The public sign-in options carry only the
 * enabled providers' ids and display names.
 */
import {
  ssoProviderListSchema,
  ssoProviderSchema,
  ssoSignInOptionListSchema,
  type SsoProviderCreate,
} from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import {
  callsUnder,
  databases,
  expectValidationRefusal,
  useTestApp,
  writesNothing,
} from '../../test/helper.ts';
import { createWorld } from '../users/world.test-support.ts';

const CONTOSO: SsoProviderCreate = {
  name: 'Sign in with Contoso Microsoft',
  issuer: 'https://login.microsoftonline.com/7f3c-tenant/v2.0',
  clientId: 'c0n70s0-larmor',
  clientSecret: 'very-secret-value',
  emailDomain: 'Contoso.example',
  defaultRole: 'Student',
  enabled: true,
};

describe.each(databases)('v1/clients/{id}/sso/providers (OpenID Connect providers) on %s', (kind) => {
  const t = useTestApp(kind);

  const call = callsUnder(t, '/api/');
  const secretOf = async (id: string) =>
    (await t.db.selectFrom('sso_providers').select('client_secret').where('id', '=', id).executeTakeFirst())
      ?.client_secret;

  it('an organisation administrator configures, lists, changes and removes a provider; the secret is never answered', async () => {
    const world = await createWorld(t.db);
    const base = `v1/clients/${world.a.clientId}/sso/providers`;
    const created = await call('POST', base, world.a.adminHeaders, CONTOSO);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).not.toContain(CONTOSO.clientSecret);
    const provider = ssoProviderSchema.parse(created.json());
    const { clientSecret: _secret, ...shown } = CONTOSO;
    expect(provider).toMatchObject({
      ...shown,
      emailDomain: 'contoso.example',
      clientSecretSet: true,
      organisationId: world.a.clientId,
      redirectUrl: `${t.app.config.publicUrl}/api/v1/sso/callback`,
    });
    expect(await secretOf(provider.id)).toBe(CONTOSO.clientSecret);

    const list = await call('GET', base, world.a.adminHeaders);
    expect(list.body).not.toContain(CONTOSO.clientSecret);
    expect(ssoProviderListSchema.parse(list.json()).items.map((p) => p.id)).toEqual([provider.id]);

    // A change without the secret keeps it; a new secret replaces it.
    const patched = await call('PATCH', `${base}/${provider.id}`, world.a.adminHeaders, {
      defaultRole: 'Teacher',
      emailDomain: null,
    });
    expect(patched.statusCode).toBe(200);
    expect(ssoProviderSchema.parse(patched.json())).toMatchObject({
      defaultRole: 'Teacher',
      emailDomain: null,
    });
    expect(await secretOf(provider.id)).toBe(CONTOSO.clientSecret);
    const rotated = await call('PATCH', `${base}/${provider.id}`, world.a.adminHeaders, {
      clientSecret: 'new-one',
    });
    expect(rotated.body).not.toContain('new-one');
    expect(await secretOf(provider.id)).toBe('new-one');
    const read = await call('GET', `${base}/${provider.id}`, world.a.adminHeaders);
    expect(ssoProviderSchema.parse(read.json())).toMatchObject({
      defaultRole: 'Teacher',
      clientSecretSet: true,
    });

    expect((await call('DELETE', `${base}/${provider.id}`, world.a.adminHeaders)).statusCode).toBe(204);
    expect((await call('GET', `${base}/${provider.id}`, world.a.adminHeaders)).statusCode).toBe(404);
  });

  it('a platform administrator configures a provider for any organisation', async () => {
    const world = await createWorld(t.db);
    const created = await call(
      'POST',
      `v1/clients/${world.b.clientId}/sso/providers`,
      world.platformHeaders,
      CONTOSO,
    );
    expect(created.statusCode).toBe(201);
    expect(ssoProviderSchema.parse(created.json()).organisationId).toBe(world.b.clientId);
  });

  it('teachers and students get 403, another organisation 404, and nothing is written', async () => {
    const world = await createWorld(t.db);
    const base = `v1/clients/${world.a.clientId}/sso/providers`;
    const provider = ssoProviderSchema.parse(
      (await call('POST', base, world.a.adminHeaders, CONTOSO)).json(),
    );
    const own = `${base}/${provider.id}`;
    await writesNothing(t.db, async () => {
      for (const headers of [world.a.teacherHeaders, world.a.studentHeaders]) {
        expect((await call('GET', base, headers)).statusCode).toBe(403);
        expect((await call('POST', base, headers, CONTOSO)).statusCode).toBe(403);
        expect((await call('PATCH', own, headers, { enabled: false })).statusCode).toBe(403);
        expect((await call('DELETE', own, headers)).statusCode).toBe(403);
      }
      const other = world.b.adminHeaders;
      expect((await call('GET', base, other)).statusCode).toBe(404);
      expect((await call('POST', base, other, CONTOSO)).statusCode).toBe(404);
      expect((await call('GET', own, other)).statusCode).toBe(404);
      expect((await call('PATCH', own, other, { enabled: false })).statusCode).toBe(404);
      expect((await call('DELETE', own, other)).statusCode).toBe(404);
      // Organisation B's path with A's provider: not B's provider.
      const crossed = `v1/clients/${world.b.clientId}/sso/providers/${provider.id}`;
      expect((await call('PATCH', crossed, world.platformHeaders, { enabled: false })).statusCode).toBe(404);
      expect((await call('GET', base, {})).statusCode).toBe(401);
    });
  });

  it('bad input answers 400 with the field, and writes nothing', async () => {
    const world = await createWorld(t.db);
    const base = `v1/clients/${world.a.clientId}/sso/providers`;
    const bad: [string, Record<string, unknown>][] = [
      ['issuer', { ...CONTOSO, issuer: 'http://login.example' }],
      ['issuer', { ...CONTOSO, issuer: 'not a url' }],
      ['clientId', { ...CONTOSO, clientId: '' }],
      ['clientSecret', { ...CONTOSO, clientSecret: undefined }],
      ['clientSecret', { ...CONTOSO, clientSecret: ' ' }],
      ['emailDomain', { ...CONTOSO, emailDomain: '@contoso.example' }],
      ['emailDomain', { ...CONTOSO, emailDomain: 'https://contoso.example' }],
      ['defaultRole', { ...CONTOSO, defaultRole: 'Admin' }],
      ['enabled', { ...CONTOSO, enabled: 'yes' }],
      ['name', { ...CONTOSO, name: 'Contoso\u0000' }],
      ['name', { ...CONTOSO, name: '' }],
      ['body', { ...CONTOSO, clientSecretSet: true }],
    ];
    await writesNothing(t.db, async () => {
      for (const [field, body] of bad) {
        const res = await call('POST', base, world.a.adminHeaders, body);
        expectValidationRefusal(res, field);
        expect(JSON.stringify(res.json().error.validation), field).toContain(field);
      }
    });
    const created = ssoProviderSchema.parse((await call('POST', base, world.a.adminHeaders, CONTOSO)).json());
    await writesNothing(t.db, async () => {
      const own = `${base}/${created.id}`;
      expect((await call('PATCH', own, world.a.adminHeaders, {})).statusCode).toBe(400);
      expect((await call('PATCH', own, world.a.adminHeaders, { issuer: 'ftp://x.example' })).statusCode).toBe(
        400,
      );
      expect((await call('PATCH', own, world.a.adminHeaders, { defaultRole: 'Admin' })).statusCode).toBe(400);
    });
  });

  it('the public sign-in options list enabled providers by id and display name only', async () => {
    const world = await createWorld(t.db);
    const a = ssoProviderSchema.parse(
      (
        await call('POST', `v1/clients/${world.a.clientId}/sso/providers`, world.a.adminHeaders, CONTOSO)
      ).json(),
    );
    await call('POST', `v1/clients/${world.b.clientId}/sso/providers`, world.b.adminHeaders, {
      ...CONTOSO,
      name: 'Fabrikam Google',
      enabled: false,
    });
    const res = await call('GET', 'v1/sso/providers', {});
    expect(res.statusCode).toBe(200);
    expect(ssoSignInOptionListSchema.parse(res.json()).items).toEqual([{ id: a.id, name: CONTOSO.name }]);
    expect(res.body).not.toContain(CONTOSO.clientSecret);
    expect(res.body).not.toContain(CONTOSO.clientId);
    expect(Object.keys(res.json().items[0] as object).sort()).toEqual(['id', 'name']);
  });
});
