import { adminUserSchema, ERROR_CODES, userListResponseSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { addMembership, bearer, createUser, tokenFor } from '../../test/fixtures.ts';
import { databases, useTestApp } from '../../test/helper.ts';
import { adminClaims, algNoneToken, tamperedToken } from '../../test/tokens.ts';
import { createWorld } from './world.test-support.ts';

describe.each(databases)('GET v1/users/ and v1/users/{id} on %s', (kind) => {
  const t = useTestApp(kind);

  async function list(headers: { authorization: string }, query = '') {
    return t.app.inject({ method: 'GET', url: `/api/v1/users/${query}`, headers });
  }
  /** GET v1/users/{id} as `headers`. */
  const getUser = (id: string, headers: { authorization: string }) => list(headers, id);

  it('a platform administrator lists every user, created_at ascending, 50 per page by default', async () => {
    const world = await createWorld(t.db);
    const res = await list(world.platformHeaders);
    expect(res.statusCode).toBe(200);
    const body = userListResponseSchema.parse(res.json());
    expect(body).toMatchObject({ total: 7, page: 1, per_page: 50 });
    const created = body.items.map((u) => u.createdAt);
    expect(created).toEqual([...created].sort());
    expect(body.items[0]?.username).toBe('root-admin');
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('an organisation administrator sees only the members of their organisation, and only its memberships', async () => {
    const world = await createWorld(t.db);
    // A user of both organisations: Alpha's administrator must not learn of Beta through them.
    await addMembership(t.db, world.b.teacher.id, world.a.clientId, 'Student');
    const body = userListResponseSchema.parse((await list(world.a.adminHeaders)).json());
    expect(body.items.map((u) => u.username).sort()).toEqual([
      'alpha-admin',
      'alpha-student',
      'alpha-teacher',
      'beta-teacher',
    ]);
    expect(JSON.stringify(body)).not.toContain('Beta');
    expect(body.items.find((u) => u.username === 'beta-teacher')?.memberships).toEqual([
      { clientId: world.a.clientId, clientName: 'Alpha Hospital', role: 'Student' },
    ]);
  });

  it('pages, orders by a whitelisted column and searches username, names and e-mail case-insensitively', async () => {
    const world = await createWorld(t.db);
    const page = userListResponseSchema.parse(
      (await list(world.platformHeaders, '?page=2&per_page=3&order_by=username&order_dir=desc')).json(),
    );
    expect(page.total).toBe(7);
    expect(page.items.map((u) => u.username)).toEqual(['beta-admin', 'alpha-teacher', 'alpha-student']);
    const search = userListResponseSchema.parse((await list(world.platformHeaders, '?name=BETA-T')).json());
    expect(search.items.map((u) => u.username)).toEqual(['beta-teacher']);
    const byEmail = userListResponseSchema.parse(
      (await list(world.platformHeaders, '?name=alpha-admin%40')).json(),
    );
    expect(byEmail.total).toBe(1);
    const wildcard = userListResponseSchema.parse((await list(world.platformHeaders, '?name=%25')).json());
    expect(wildcard.total).toBe(0);
  });

  it('nonsense paging and unknown order columns answer 400 with a validation map', async () => {
    const world = await createWorld(t.db);
    const cases: [string, Record<string, string>][] = [
      ['?page=0', { page: 'min' }],
      ['?page=-1', { page: 'min' }],
      ['?page=abc', { page: 'type' }],
      ['?page=1.5', { page: 'type' }],
      ['?per_page=0', { per_page: 'min' }],
      ['?per_page=100000', { per_page: 'max' }],
      ['?order_by=password_hash', { order_by: 'enum' }],
      ['?order_dir=up', { order_dir: 'enum' }],
      [`?name=${'x'.repeat(101)}`, { name: 'max' }],
    ];
    for (const [query, validation] of cases) {
      const res = await list(world.platformHeaders, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.validation, query).toEqual(validation);
    }
  });

  it('students and teachers get 403 with code 400403', async () => {
    const world = await createWorld(t.db);
    for (const headers of [world.a.studentHeaders, world.a.teacherHeaders]) {
      const res = await list(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe(ERROR_CODES.NOT_AUTHORIZED);
    }
  });

  it('an Admin scope without an administered organisation answers 403', async () => {
    // A teacher whose token claims Admin while acting in no identity administers nothing.
    const teacher = await createUser(t.db, { role: 'Teacher' });
    const res = await list(bearer(await tokenFor({ id: teacher.id, role: 'Admin' })));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(ERROR_CODES.NOT_AUTHORIZED);
  });

  it('no, expired, tampered and alg-none tokens answer 401', async () => {
    const world = await createWorld(t.db);
    const expired = await tokenFor(world.platformAdmin, -60);
    const valid = await tokenFor(world.a.student);
    const forged = tamperedToken(valid, adminClaims(world.platformAdmin.id));
    const none = algNoneToken(adminClaims(world.platformAdmin.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/' })).statusCode).toBe(401);
    for (const token of [expired, forged, none]) {
      const res = await list(bearer(token));
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe(ERROR_CODES.INVALID_TOKEN);
    }
  });

  it('GET v1/users/{id} answers a visible user and 404 for unknown ids and other organisations', async () => {
    const world = await createWorld(t.db);
    const own = await getUser(world.a.student.id, world.a.adminHeaders);
    expect(own.statusCode).toBe(200);
    expect(adminUserSchema.parse(own.json())).toMatchObject({
      username: 'alpha-student',
      role: 'Student',
      active: true,
      memberships: [{ clientId: world.a.clientId, role: 'Student' }],
    });
    for (const id of [world.b.student.id, crypto.randomUUID()]) {
      const res = await getUser(id, world.a.adminHeaders);
      expect(res.statusCode).toBe(404);
    }
    const bad = await getUser('not-a-uuid', world.a.adminHeaders);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validation).toEqual({ id: 'uuid' });
  });
});
