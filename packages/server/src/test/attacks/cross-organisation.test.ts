/**
 * Attack suite (issue 8): an organisation administrator tries to take over, lock out or reach accounts and
 * data that are not their organisation's alone, through every write path that exists. Alice is a Student in
 * organisation A and an Admin in organisation B; A's administrator attacks her. Each refused attempt answers
 * 403 (or 404, 400, a row error) and writes nothing; afterwards her own password still signs her in.
 */
import { ERROR_CODES, importResponseSchema } from '@larmor/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../modules/content/programs/world.test-support.ts';
import { createGroup, createWorld, type World } from '../../modules/users/world.test-support.ts';
import { addIndividualAccess, addMembership, type TestUser } from '../fixtures.ts';
import { postLogin } from '../sign-in.ts';
import { callsUnder, databases, useTestApp, writesNothing, type ApiMethod, type TestApp } from '../helper.ts';

const BOUNDARY = 'larmor-attack-boundary';
const STOLEN_PASSWORD = 'attacker chosen 123';

/** A multipart/form-data body carrying an import file. */
function fileUpload(filename: string, content: Buffer | string) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** An XLSX workbook of `rows` (the first names the columns), as exceljs writes it. */
async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Users');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A call of an attack: its method, its URL below /api and its JSON body, if any. */
interface Attempt {
  method: ApiMethod;
  url: string;
  payload?: object;
}

/** Each of `attempts`, sent by A's administrator, is refused (400, 403 or 404) and writes nothing. */
async function expectEachRefusedFromA(t: TestApp, world: World, attempts: readonly Attempt[]) {
  const send = callsUnder(t, '/api');
  for (const attempt of attempts) {
    const res = await writesNothing(t.db, () =>
      send(attempt.method, attempt.url, world.a.adminHeaders, attempt.payload),
    );
    expect([400, 403, 404], `${attempt.method} ${attempt.url} ${res.body}`).toContain(res.statusCode);
  }
}

describe.each(databases)('cross-organisation account takeover on %s', (kind) => {
  const t = useTestApp(kind);

  /** The world, with A's student also an Admin of B: the victim. */
  async function arrange(): Promise<{ world: World; victim: TestUser }> {
    const world = await createWorld(t.db);
    await addMembership(t.db, world.a.student.id, world.b.clientId, 'Admin');
    return { world, victim: world.a.student };
  }

  function inject(method: 'PATCH' | 'PUT', url: string, headers: object, payload: object) {
    return t.app.inject({ method, url: `/api${url}`, headers: { ...headers }, payload });
  }

  const signIn = (user: TestUser, password: string) => postLogin(t, { username: user.username, password });

  /** The victim's own password still works and the attacker's does not. */
  async function expectUntouched(victim: TestUser) {
    expect((await signIn(victim, STOLEN_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(victim, victim.password)).statusCode).toBe(200);
  }

  function expectShared403(res: {
    statusCode: number;
    json: () => { error: { code: number; message: string } };
  }) {
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(ERROR_CODES.NOT_AUTHORIZED);
    expect(res.json().error.message).toMatch(/another organisation/);
  }

  it('PATCH v1/users/{id} refuses password, username, e-mail and deactivation with 403 and writes nothing', async () => {
    const { world, victim } = await arrange();
    for (const patch of [
      { password: STOLEN_PASSWORD },
      { username: 'renamed-victim' },
      { email: 'attacker@example.test' },
      { active: false },
      { firstName: 'Harmless', password: STOLEN_PASSWORD },
    ]) {
      const res = await writesNothing(t.db, () =>
        inject('PATCH', `/v1/users/${victim.id}`, world.a.adminHeaders, patch),
      );
      expectShared403(res);
    }
    await expectUntouched(victim);
  });

  it('PATCH may still change what is the organisation’s own (names, role there) and repeat unchanged values', async () => {
    const { world, victim } = await arrange();
    const res = await inject('PATCH', `/v1/users/${victim.id}`, world.a.adminHeaders, {
      firstName: 'Renamed',
      role: 'Teacher',
      email: victim.email.toUpperCase(),
      username: victim.username,
      active: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Renamed', memberships: [{ role: 'Teacher' }] });
    // The role changed in A only: not in B, nor the platform role (the role of individual access).
    const roles = await t.db
      .selectFrom('memberships')
      .select(['client_id', 'role'])
      .where('user_id', '=', victim.id)
      .execute();
    expect(roles).toContainEqual({ client_id: world.b.clientId, role: 'Admin' });
    const row = await t.db.selectFrom('users').select('role').where('id', '=', victim.id).executeTakeFirst();
    expect(row?.role).toBe('Student');
    await expectUntouched(victim);
  });

  it('bulk PATCH v1/users/ deactivating a shared account answers 403 and writes nothing for anyone', async () => {
    const { world, victim } = await arrange();
    const res = await writesNothing(t.db, () =>
      inject('PATCH', '/v1/users/', world.a.adminHeaders, {
        ids: [world.a.teacher.id, victim.id],
        changes: { active: false },
      }),
    );
    expectShared403(res);
    await expectUntouched(victim);
  });

  it('PUT v1/users/ matched by username or by id refuses a new password or e-mail with 403', async () => {
    const { world, victim } = await arrange();
    const entry = {
      username: victim.username,
      email: victim.email,
      firstName: 'Test',
      lastName: victim.username,
      role: 'Student',
    };
    for (const users of [
      [{ ...entry, password: STOLEN_PASSWORD }],
      [{ ...entry, id: victim.id, password: STOLEN_PASSWORD }],
      [{ ...entry, email: 'attacker@example.test' }],
    ]) {
      const res = await writesNothing(t.db, () =>
        inject('PUT', '/v1/users/', world.a.adminHeaders, { users }),
      );
      expectShared403(res);
      expect(res.json().error.message).toMatch(/^users\[0\]: /);
    }
    await expectUntouched(victim);
  });

  it('a CSV or XLSX import with a password column answers a row error for the shared account and writes nothing', async () => {
    const { world, victim } = await arrange();
    const rows = (other: string) => [
      ['username', 'email', 'firstName', 'lastName', 'role', 'password'],
      [victim.username, victim.email, 'Test', victim.username, 'Student', STOLEN_PASSWORD],
      [other, `${other}@example.test`, 'Test', 'Other', 'Student', ''],
    ];
    const files = [
      fileUpload(
        'people.csv',
        rows('csv.other')
          .map((row) => row.join(','))
          .join('\r\n'),
      ),
      fileUpload('people.xlsx', await xlsx(rows('xlsx.other'))),
    ];
    for (const upload of files) {
      const before = await t.db.selectFrom('users').selectAll().where('id', '=', victim.id).execute();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/import',
        headers: { ...world.a.adminHeaders, ...upload.headers },
        payload: upload.payload,
      });
      expect(res.statusCode).toBe(200);
      const outcomes = importResponseSchema.parse(res.json());
      expect(outcomes[0]).toMatchObject({ index: 0, outcome: 'error' });
      expect(outcomes[0]?.message).toMatch(/another organisation/);
      expect(outcomes[1]).toMatchObject({ index: 1, outcome: 'created' });
      expect(await t.db.selectFrom('users').selectAll().where('id', '=', victim.id).execute()).toEqual(
        before,
      );
    }
    await expectUntouched(victim);
  });

  it('a user with individual access of their own is shared too: 403, and DELETE only removes the membership', async () => {
    const world = await createWorld(t.db);
    const victim = world.a.teacher;
    await addIndividualAccess(t.db, victim.id, 'paid');
    const res = await writesNothing(t.db, () =>
      inject('PATCH', `/v1/users/${victim.id}`, world.a.adminHeaders, { password: STOLEN_PASSWORD }),
    );
    expectShared403(res);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${victim.id}`,
      headers: world.a.adminHeaders,
    });
    expect(removed.statusCode).toBe(204);
    const still = await t.db.selectFrom('users').select('id').where('id', '=', victim.id).execute();
    expect(still).toHaveLength(1);
    const access = await t.db
      .selectFrom('individual_access')
      .select('id')
      .where('user_id', '=', victim.id)
      .execute();
    expect(access).toHaveLength(1);
    await expectUntouched(victim);
  });

  it('an account that is the organisation’s alone can still be changed; a platform administrator may change any', async () => {
    const { world, victim } = await arrange();
    const own = await inject('PATCH', `/v1/users/${world.a.teacher.id}`, world.a.adminHeaders, {
      password: 'admin chosen 123',
      email: 'new-teacher@example.test',
    });
    expect(own.statusCode).toBe(200);
    const platform = await inject('PATCH', `/v1/users/${victim.id}`, world.platformHeaders, {
      password: 'platform chosen 123',
    });
    expect(platform.statusCode).toBe(200);
    expect((await signIn(victim, 'platform chosen 123')).statusCode).toBe(200);
  });
});

describe.each(databases)('cross-organisation writes to groups, cohorts and organisations on %s', (kind) => {
  const t = useTestApp(kind);

  it('A’s administrator cannot rename, delete or fill B’s group, nor put B’s users in A’s group (404 or 400)', async () => {
    const world = await createWorld(t.db);
    const attempts = [
      { method: 'PATCH', url: `/v1/groups/${world.b.groupId}`, payload: { name: 'Taken over' } },
      { method: 'DELETE', url: `/v1/groups/${world.b.groupId}` },
      {
        method: 'POST',
        url: `/v1/groups/${world.b.groupId}/members`,
        payload: { userIds: [world.a.student.id] },
      },
      { method: 'DELETE', url: `/v1/groups/${world.b.groupId}/members/${world.b.student.id}` },
      {
        method: 'POST',
        url: `/v1/groups/${world.a.groupId}/members`,
        payload: { userIds: [world.b.student.id] },
      },
      { method: 'POST', url: `/v1/groups/${world.b.groupId}/cohorts`, payload: { name: 'Injected' } },
      { method: 'POST', url: '/v1/groups/', payload: { clientId: world.b.clientId, name: 'Planted' } },
      { method: 'PATCH', url: `/v1/clients/${world.b.clientId}`, payload: { name: 'Renamed' } },
      { method: 'DELETE', url: `/v1/clients/${world.b.clientId}` },
      { method: 'PATCH', url: `/v1/users/${world.b.student.id}`, payload: { password: STOLEN_PASSWORD } },
      { method: 'DELETE', url: `/v1/users/${world.b.student.id}` },
      {
        method: 'PATCH',
        url: '/v1/users/',
        payload: { ids: [world.b.student.id], changes: { active: false } },
      },
      {
        method: 'PATCH',
        url: `/v1/users/${world.a.student.id}`,
        payload: { memberships: [{ clientId: world.b.clientId, role: 'Admin' }] },
      },
      { method: 'PATCH', url: `/v1/users/${world.a.student.id}`, payload: { groupIds: [world.b.groupId] } },
    ] as const;
    await expectEachRefusedFromA(t, world, attempts);
  });

  it('B’s cohort cannot be renamed, deleted or filled from A', async () => {
    const world = await createWorld(t.db);
    const cohortId = crypto.randomUUID();
    await t.db
      .insertInto('cohorts')
      .values({
        id: cohortId,
        group_id: world.b.groupId,
        name: 'B cohort',
        created_at: new Date().toISOString(),
      })
      .execute();
    const otherGroup = await createGroup(t.db, world.a.clientId, 'A second group');
    await expectEachRefusedFromA(t, world, [
      { method: 'PATCH', url: `/v1/cohorts/${cohortId}`, payload: { name: 'Mine now' } },
      { method: 'DELETE', url: `/v1/cohorts/${cohortId}` },
      { method: 'POST', url: `/v1/cohorts/${cohortId}/members`, payload: { userIds: [world.a.student.id] } },
      { method: 'DELETE', url: `/v1/cohorts/${cohortId}/members/${world.b.student.id}` },
      { method: 'POST', url: `/v1/groups/${otherGroup}/members`, payload: { userIds: [world.b.admin.id] } },
    ]);
  });

  it('an identity of another user cannot be switched to (404)', async () => {
    const world = await createWorld(t.db);
    const [membership] = await t.db
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', world.b.admin.id)
      .execute();
    const res = await writesNothing(t.db, () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/me/identities/${membership?.id ?? ''}/switch`,
        headers: world.a.adminHeaders,
      }),
    );
    expect(res.statusCode).toBe(404);
  });
});

describe.each(databases)('cross-organisation writes to learning content on %s', (kind) => {
  const t = useTestApp(kind);

  it('A’s administrator cannot change, copy, fill or enrol into B’s programs, nor enrol B’s users (400, 403 or 404)', async () => {
    const world = await createWorld(t.db);
    const b = await buildProgram(t.app, world.b.adminHeaders);
    const a = await buildProgram(t.app, world.a.adminHeaders);
    const attempts: Attempt[] = [
      { method: 'POST', url: '/v1/programs', payload: { title: 'Planted', clientId: world.b.clientId } },
      { method: 'PATCH', url: `/v1/programs/${b.programId}`, payload: { title: 'Taken over' } },
      { method: 'DELETE', url: `/v1/programs/${b.programId}` },
      { method: 'POST', url: `/v1/programs/${b.programId}/publish`, payload: {} },
      { method: 'POST', url: `/v1/programs/${b.programId}/archive`, payload: {} },
      {
        method: 'PUT',
        url: `/v1/programs/${b.programId}/course-order`,
        payload: { courseIds: [b.courseId] },
      },
      { method: 'POST', url: `/v1/programs/${b.programId}/courses`, payload: { title: 'Injected' } },
      { method: 'PATCH', url: `/v1/courses/${b.courseId}`, payload: { title: 'Taken over' } },
      { method: 'DELETE', url: `/v1/courses/${b.courseId}` },
      { method: 'POST', url: `/v1/courses/${b.courseId}/copy`, payload: { programId: a.programId } },
      { method: 'POST', url: `/v1/courses/${a.courseId}/copy`, payload: { programId: b.programId } },
      { method: 'POST', url: `/v1/courses/${b.courseId}/archive`, payload: {} },
      { method: 'PUT', url: `/v1/courses/${b.courseId}/module-order`, payload: { labIds: [b.labId] } },
      {
        method: 'POST',
        url: `/v1/courses/${b.courseId}/modules`,
        payload: { title: 'Injected', anatomicalModelId: 1, sequenceTypes: [2] },
      },
      { method: 'PATCH', url: `/v1/modules/${b.labId}`, payload: { title: 'Taken over' } },
      { method: 'DELETE', url: `/v1/modules/${b.labId}` },
      { method: 'POST', url: `/v1/modules/${b.labId}/copy`, payload: { courseId: a.courseId } },
      { method: 'POST', url: `/v1/modules/${a.labId}/copy`, payload: { courseId: b.courseId } },
      { method: 'POST', url: `/v1/modules/${b.labId}/archive`, payload: {} },
      {
        method: 'POST',
        url: `/v1/programs/${b.programId}/enrollments`,
        payload: { userIds: [world.a.student.id] },
      },
      {
        method: 'POST',
        url: `/v1/programs/${a.programId}/enrollments`,
        payload: { userIds: [world.b.student.id] },
      },
      {
        method: 'POST',
        url: `/v1/programs/${a.programId}/enrollments`,
        payload: { groupIds: [world.b.groupId] },
      },
      { method: 'DELETE', url: `/v1/programs/${b.programId}/enrollments/${world.b.student.id}` },
    ];
    await expectEachRefusedFromA(t, world, attempts);
  });
});
