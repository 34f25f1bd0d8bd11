import { clientListResponseSchema, clientSchema, ERROR_CODES, meResponseSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, tokenFor } from '../../test/fixtures.ts';
import { callsUnder, databases, useTestApp, writesNothing } from '../../test/helper.ts';
import { postLogin } from '../../test/sign-in.ts';
import { adminClaims, algNoneToken } from '../../test/tokens.ts';
import { createWorld } from '../users/world.test-support.ts';

describe.each(databases)('v1/clients/ (organisations) on %s', (kind) => {
  const t = useTestApp(kind);

  const call = callsUnder(t, '/api/v1/clients/');

  it('a platform administrator lists every organisation with its licence type and member count', async () => {
    const world = await createWorld(t.db);
    const res = await call('GET', '', world.platformHeaders);
    expect(res.statusCode).toBe(200);
    const body = clientListResponseSchema.parse(res.json());
    expect(body.total).toBe(2);
    expect(body.items.map((c) => [c.name, c.licenseType, c.userCount])).toEqual([
      ['Alpha Hospital', 'Paid', 3],
      ['Beta University', 'Paid', 3],
    ]);
  });

  it('an organisation administrator sees only their organisation; another one answers 404', async () => {
    const world = await createWorld(t.db);
    const body = clientListResponseSchema.parse((await call('GET', '', world.a.adminHeaders)).json());
    expect(body.items.map((c) => c.name)).toEqual(['Alpha Hospital']);
    expect((await call('GET', world.a.clientId, world.a.adminHeaders)).statusCode).toBe(200);
    expect((await call('GET', world.b.clientId, world.a.adminHeaders)).statusCode).toBe(404);
    expect((await call('GET', crypto.randomUUID(), world.platformHeaders)).statusCode).toBe(404);
  });

  it('a platform administrator creates (Trial by default), renames, relicenses and deletes organisations', async () => {
    const world = await createWorld(t.db);
    const created = await call('POST', '', world.platformHeaders, { name: 'Gamma Clinic' });
    expect(created.statusCode).toBe(201);
    const client = clientSchema.parse(created.json());
    expect(client).toMatchObject({ name: 'Gamma Clinic', licenseType: 'Trial', userCount: 0 });
    const patched = await call('PATCH', client.id, world.platformHeaders, {
      name: 'Gamma',
      licenseType: 'Internal',
    });
    expect(patched.json()).toMatchObject({ name: 'Gamma', licenseType: 'Internal' });
    const row = await t.db
      .selectFrom('clients')
      .select('license')
      .where('id', '=', client.id)
      .executeTakeFirst();
    expect(row?.license).toBe('internal');
    expect((await call('DELETE', client.id, world.platformHeaders)).statusCode).toBe(204);
    expect((await call('GET', client.id, world.platformHeaders)).statusCode).toBe(404);
  });

  it('the licence type reaches the profile of the organisation members', async () => {
    const world = await createWorld(t.db);
    await call('PATCH', world.a.clientId, world.platformHeaders, { licenseType: 'Trial' });
    const login = await postLogin(t, world.a.student);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me/',
      headers: bearer(login.json().accessToken),
    });
    expect(meResponseSchema.parse(me.json()).user.license).toBe('trial');
  });

  it('an organisation administrator may rename their organisation but not relicense, create or delete (403)', async () => {
    const world = await createWorld(t.db);
    expect(
      (await call('PATCH', world.a.clientId, world.a.adminHeaders, { name: 'Alpha General' })).statusCode,
    ).toBe(200);
    const cases: [() => Promise<{ statusCode: number }>, number][] = [
      [() => call('PATCH', world.a.clientId, world.a.adminHeaders, { licenseType: 'Paid' }), 403],
      [() => call('POST', '', world.a.adminHeaders, { name: 'Mine' }), 403],
      [() => call('DELETE', world.a.clientId, world.a.adminHeaders), 403],
      [() => call('PATCH', world.b.clientId, world.a.adminHeaders, { name: 'Hijacked' }), 404],
    ];
    for (const [run, status] of cases) {
      const res = await writesNothing(t.db, run);
      expect(res.statusCode).toBe(status);
    }
  });

  it('bad input, taken names, wrong roles and bad tokens are refused and write nothing', async () => {
    const world = await createWorld(t.db);
    const none = bearer(algNoneToken(adminClaims(world.platformAdmin.id)));
    const expired = bearer(await tokenFor(world.platformAdmin, -5));
    const cases: [() => Promise<{ statusCode: number; json: () => { error: { code: number } } }>, number][] =
      [
        [() => call('POST', '', world.platformHeaders, {}), 400],
        [() => call('POST', '', world.platformHeaders, { name: 12 }), 400],
        [() => call('POST', '', world.platformHeaders, { name: 'x'.repeat(101) }), 400],
        [() => call('POST', '', world.platformHeaders, { name: 'New', licenseType: 'Gold' }), 400],
        [() => call('POST', '', world.platformHeaders, { name: 'Alpha Hospital' }), 409],
        [() => call('PATCH', world.a.clientId, world.platformHeaders, { name: 'Beta University' }), 409],
        [() => call('PATCH', 'nope', world.platformHeaders, { name: 'Other' }), 400],
        [() => call('DELETE', crypto.randomUUID(), world.platformHeaders), 404],
        [() => call('GET', '', world.a.teacherHeaders), 403],
        [() => call('POST', '', world.a.studentHeaders, { name: 'Sneaky' }), 403],
        [() => call('POST', '', none, { name: 'Forged' }), 401],
        [() => call('POST', '', expired, { name: 'Late' }), 401],
        [
          () =>
            call(
              'POST',
              '',
              { ...world.platformHeaders, 'content-type': 'application/json' },
              '{"name": "Broken"' as unknown,
            ),
          400,
        ],
      ];
    for (const [run, status] of cases) {
      const res = await writesNothing(t.db, run);
      expect(res.statusCode).toBe(status);
      if (status === 403) expect(res.json().error.code).toBe(ERROR_CODES.NOT_AUTHORIZED);
    }
  });
});
