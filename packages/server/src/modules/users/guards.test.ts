import { ERROR_CODES } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, tokenFor } from '../../test/fixtures.ts';
import { callsUnder, databases, rowCounts, useTestApp, type ApiMethod } from '../../test/helper.ts';
import { adminClaims, algNoneToken, tamperedToken } from '../../test/tokens.ts';
import { createWorld, type World } from './world.test-support.ts';

/** Every administration call, with a well-formed payload, so only the guard can refuse it. */
function calls(world: World): [ApiMethod, string, unknown][] {
  const user = {
    username: 'guarded',
    email: 'guarded@example.test',
    firstName: 'G',
    lastName: 'Uarded',
    role: 'Student',
  };
  const cohortId = crypto.randomUUID();
  return [
    ['GET', '/api/v1/users/', undefined],
    ['POST', '/api/v1/users/', user],
    ['PUT', '/api/v1/users/', { users: [user] }],
    ['PATCH', '/api/v1/users/', { ids: [world.a.student.id], changes: { active: false } }],
    ['GET', `/api/v1/users/${world.a.student.id}`, undefined],
    ['PATCH', `/api/v1/users/${world.a.student.id}`, { firstName: 'Changed' }],
    ['DELETE', `/api/v1/users/${world.a.student.id}`, undefined],
    ['POST', '/api/v1/users/import', undefined],
    ['GET', '/api/v1/clients/', undefined],
    ['POST', '/api/v1/clients/', { name: 'New organisation' }],
    ['GET', `/api/v1/clients/${world.a.clientId}`, undefined],
    ['PATCH', `/api/v1/clients/${world.a.clientId}`, { name: 'Renamed' }],
    ['DELETE', `/api/v1/clients/${world.a.clientId}`, undefined],
    ['GET', '/api/v1/groups/', undefined],
    ['POST', '/api/v1/groups/', { clientId: world.a.clientId, name: 'New group' }],
    ['GET', `/api/v1/groups/${world.a.groupId}`, undefined],
    ['PATCH', `/api/v1/groups/${world.a.groupId}`, { name: 'Renamed' }],
    ['DELETE', `/api/v1/groups/${world.a.groupId}`, undefined],
    ['GET', `/api/v1/groups/${world.a.groupId}/members`, undefined],
    ['POST', `/api/v1/groups/${world.a.groupId}/members`, { userIds: [world.a.student.id] }],
    ['DELETE', `/api/v1/groups/${world.a.groupId}/members/${world.a.student.id}`, undefined],
    ['GET', `/api/v1/groups/${world.a.groupId}/cohorts`, undefined],
    ['POST', `/api/v1/groups/${world.a.groupId}/cohorts`, { name: 'New cohort' }],
    ['GET', `/api/v1/cohorts/${cohortId}`, undefined],
    ['PATCH', `/api/v1/cohorts/${cohortId}`, { name: 'Renamed' }],
    ['DELETE', `/api/v1/cohorts/${cohortId}`, undefined],
    ['GET', `/api/v1/cohorts/${cohortId}/members`, undefined],
    ['POST', `/api/v1/cohorts/${cohortId}/members`, { userIds: [world.a.student.id] }],
    ['DELETE', `/api/v1/cohorts/${cohortId}/members/${world.a.student.id}`, undefined],
  ];
}

describe.each(databases)('every administration call guards its door on %s', (kind) => {
  const t = useTestApp(kind);
  const send = callsUnder(t, '');

  async function expectRefusals(world: World, headers: Record<string, string>, status: number, code: number) {
    const before = await rowCounts(t.db);
    for (const [method, url, payload] of calls(world)) {
      const res = await send(method, url, headers, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      expect(res.json().error.code, `${method} ${url}`).toBe(code);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  }

  it('students and teachers get 403 with code 400403 and nothing is written', async () => {
    const world = await createWorld(t.db);
    await expectRefusals(world, world.a.studentHeaders, 403, ERROR_CODES.NOT_AUTHORIZED);
    await expectRefusals(world, world.a.teacherHeaders, 403, ERROR_CODES.NOT_AUTHORIZED);
  });

  it('no token, an expired, a tampered and an alg-none token get 401 and nothing is written', async () => {
    const world = await createWorld(t.db);
    const claims = adminClaims(world.platformAdmin.id);
    const tampered = tamperedToken(await tokenFor(world.a.student), claims);
    await expectRefusals(world, {}, 401, ERROR_CODES.INVALID_TOKEN);
    await expectRefusals(
      world,
      bearer(await tokenFor(world.platformAdmin, -30)),
      401,
      ERROR_CODES.INVALID_TOKEN,
    );
    await expectRefusals(world, bearer(tampered), 401, ERROR_CODES.INVALID_TOKEN);
    await expectRefusals(world, bearer(algNoneToken(claims)), 401, ERROR_CODES.INVALID_TOKEN);
  });

  it('a JSON body over 1 MiB answers 413 and writes nothing', async () => {
    const world = await createWorld(t.db);
    const before = await rowCounts(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/',
      headers: { ...world.platformHeaders, 'content-type': 'application/json' },
      payload: JSON.stringify({ users: [], padding: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
