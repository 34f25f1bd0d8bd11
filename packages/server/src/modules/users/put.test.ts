import { userBatchResponseSchema, type UserUpsert } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, rowCounts, useTestApp } from '../../test/helper.ts';
import { createWorld } from './world.test-support.ts';

function entry(username: string, extra: Partial<UserUpsert> = {}): UserUpsert {
  return {
    username,
    email: `${username}@example.test`,
    firstName: 'First',
    lastName: username,
    role: 'Student',
    password: 'initial password',
    ...extra,
  };
}

describe.each(databases)('PUT v1/users/ on %s', (kind) => {
  const t = useTestApp(kind);

  function put(headers: { authorization: string }, payload: unknown) {
    return t.app.inject({ method: 'PUT', url: '/api/v1/users/', headers, payload: payload as object });
  }

  it('creates new users and updates existing ones (by id or by username), answering them in order', async () => {
    const world = await createWorld(t.db);
    const res = await put(world.a.adminHeaders, {
      users: [
        entry('fresh-one'),
        entry('renamed-teacher', { id: world.a.teacher.id, role: 'Teacher' }),
        entry('alpha-student', { email: 'alpha-student@example.test', lastName: 'Updated' }),
      ],
    });
    expect(res.statusCode).toBe(200);
    const { users } = userBatchResponseSchema.parse(res.json());
    expect(users.map((u) => [u.username, u.lastName])).toEqual([
      ['fresh-one', 'fresh-one'],
      ['renamed-teacher', 'renamed-teacher'],
      ['alpha-student', 'Updated'],
    ]);
    expect(users[0]?.memberships).toEqual([
      { clientId: world.a.clientId, clientName: 'Alpha Hospital', role: 'Student' },
    ]);
    expect(users[1]?.id).toBe(world.a.teacher.id);
    expect(users[2]?.id).toBe(world.a.student.id);
  });

  it('is all or nothing: one refused entry and no entry is written', async () => {
    const world = await createWorld(t.db);
    const cases: [unknown, number, Record<string, string> | undefined][] = [
      [{ users: [entry('ok-one'), entry('bad', { email: 'nope' })] }, 400, { 'users.1.email': 'email' }],
      [
        { users: [entry('ok-one'), entry('ok-one', { email: 'other@example.test' })] },
        400,
        { 'users.1.username': 'unique' },
      ],
      [{ users: [entry('ok-one'), entry('beta-student')] }, 409, undefined],
      [{ users: [entry('ok-one'), entry('xyz', { id: world.b.student.id })] }, 404, undefined],
      [{ users: [entry('ok-one'), entry('xyz', { role: 'Admin' })] }, 403, undefined],
      [{ users: [] }, 400, { users: 'min' }],
      [{ users: 'all of them' }, 400, { users: 'type' }],
      [{}, 400, { users: 'required' }],
    ];
    for (const [payload, status, validation] of cases) {
      const before = await rowCounts(t.db);
      const res = await put(world.a.adminHeaders, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (validation) expect(res.json().error.validation).toEqual(validation);
      expect(await rowCounts(t.db)).toEqual(before);
    }
    const refused = await put(world.a.adminHeaders, {
      users: [entry('ok-one'), entry('xyz', { id: world.b.student.id })],
    });
    expect(refused.json().error.message).toMatch(/^users\[1\]: /);
  });

  it('students and teachers get 403 and nothing is written', async () => {
    const world = await createWorld(t.db);
    for (const headers of [world.a.studentHeaders, world.a.teacherHeaders]) {
      const before = await rowCounts(t.db);
      const res = await put(headers, { users: [entry('sneaky')] });
      expect(res.statusCode).toBe(403);
      expect(await rowCounts(t.db)).toEqual(before);
    }
  });
});
