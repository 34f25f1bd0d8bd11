import { ERROR_CODES, errorBodySchema } from '@larmor/contracts';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addIndividualAccess, bearer, createUser, fixtureSessionId, tokenFor } from '../../test/fixtures.ts';
import { databases, rowCounts, useTestApp } from '../../test/helper.ts';
import { algNoneToken, tamperedToken } from '../../test/tokens.ts';

/** Every call that needs a signed-in user, with a valid body so that only the token can be wrong. */
const SIGNED_IN_CALLS: InjectOptions[] = [
  { method: 'GET', url: '/api/me/' },
  {
    method: 'POST',
    url: '/api/me/change-password',
    payload: { oldPassword: 'correct horse battery', newPassword: 'another password' },
  },
  { method: 'PUT', url: '/api/me/terms', payload: { accept: true } },
  { method: 'GET', url: '/api/v2/me/identities' },
  { method: 'POST', url: '/api/v2/me/identities/00000000-0000-4000-8000-000000000000/switch' },
  { method: 'GET', url: '/api/v2/assets/signed-cookie' },
];

/** Calls only admins may make. */
const ADMIN_CALLS: InjectOptions[] = [
  { method: 'PUT', url: '/api/v1/maintenance', payload: { next_maintenance_at: '2030-01-01T10:00:00.000Z' } },
  { method: 'GET', url: '/api/v1/mail/outbox' },
];

describe.each(databases)('token and role guards on %s', (kind) => {
  const t = useTestApp(kind);

  it('every signed-in call refuses missing, expired, tampered and alg:none tokens with 401 and writes nothing', async () => {
    const user = await createUser(t.db, { role: 'Student', termsAck: false, firstLogin: true });
    await addIndividualAccess(t.db, user.id);
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const claims = { uid: user.id, scope: 'Admin', exp, identity: null, sid: fixtureSessionId(user) };
    const badHeaders = [
      {},
      bearer(await tokenFor(user, -60)),
      bearer(tamperedToken(await tokenFor(user), claims)),
      bearer(algNoneToken(claims)),
      { authorization: 'Basic dXNlcjpwYXNz' },
    ];
    const before = await rowCounts(t.db);
    for (const call of [...SIGNED_IN_CALLS, ...ADMIN_CALLS]) {
      for (const headers of badHeaders) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url} ${JSON.stringify(headers)}`).toBe(401);
        expect(errorBodySchema.parse(res.json()).error.code).toBe(ERROR_CODES.INVALID_TOKEN);
      }
    }
    expect(await rowCounts(t.db)).toEqual(before);
    const stored = await t.db
      .selectFrom('users')
      .select(['terms_ack', 'first_login'])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ terms_ack: 0, first_login: 1 });
  });

  it('admin calls answer 403 with code 400403 to students and teachers and write nothing', async () => {
    const before = await rowCounts(t.db);
    for (const role of ['Student', 'Teacher'] as const) {
      const user = await createUser(t.db, { role });
      const counts = await rowCounts(t.db);
      for (const call of ADMIN_CALLS) {
        const res = await t.app.inject({ ...call, headers: bearer(await tokenFor(user)) });
        expect(res.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
        expect(res.json().error.code).toBe(ERROR_CODES.NOT_AUTHORIZED);
      }
      expect(await rowCounts(t.db)).toEqual(counts);
    }
    expect((await rowCounts(t.db))['settings']).toBe(before['settings']);
  });
});
