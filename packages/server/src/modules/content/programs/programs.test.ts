import { programListResponseSchema, programSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from '../../../test/helper.ts';
import {
  buildProgram,
  call,
  createContentWorld,
  type Headers,
  publishedProgram,
  refusedCall,
} from './world.test-support.ts';

describe.each(databases)('programs (v1/programs) on %s', (kind) => {
  const t = useTestApp(kind);

  const refusedWritingNothing = refusedCall(t);

  it('a teacher creates a draft program in their organisation, and edits it', async () => {
    const world = await createContentWorld(t.db);
    const created = await call(t.app, 'POST', 'v1/programs', world.a.teacherHeaders, {
      title: ' Neuro basics ',
      summary: 'Brain protocols',
      description: '# Welcome',
      enrollment: 'open',
    });
    expect(created.status).toBe(201);
    const program = programSchema.parse(created.body);
    expect(program).toMatchObject({
      title: 'Neuro basics',
      status: 'draft',
      clientId: world.a.clientId,
      clientName: 'Alpha Hospital',
      global: false,
      enrollment: 'open',
      canEdit: true,
      courses: [],
    });
    const patched = await call(t.app, 'PATCH', `v1/programs/${program.id}`, world.a.adminHeaders, {
      title: 'Neuro',
      enrollment: 'invitation',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Neuro', enrollment: 'invitation' });
  });

  it('bad input answers 400 with the validation map and writes nothing', async () => {
    const world = await createContentWorld(t.db);
    const h = world.a.teacherHeaders;
    const cases: [unknown, Record<string, string>][] = [
      [{}, { title: 'required' }],
      [{ title: '' }, { title: 'min' }],
      [{ title: 'x', enrollment: 'sometimes' }, { enrollment: 'enum' }],
      [{ title: 'x', freeCatalogue: true }, { global: 'global_only' }],
      [{ title: 'x', coverUploadId: 'not-a-uuid' }, { coverUploadId: 'uuid' }],
    ];
    for (const [payload, validation] of cases) {
      const res = await refusedWritingNothing('POST', 'v1/programs', h, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect((res.body?.['error'] as { validation: unknown }).validation).toMatchObject(validation);
    }
    const { programId } = await buildProgram(t.app, h);
    const res = await refusedWritingNothing('PATCH', `v1/programs/${programId}`, h, {
      title: 'x'.repeat(201),
    });
    expect(res.status).toBe(400);
  });

  it('students, other organisations and teachers making global programs are refused (403); unknown ids 404', async () => {
    const world = await createContentWorld(t.db);
    const { programId } = await buildProgram(t.app, world.a.teacherHeaders);
    expect(
      (await refusedWritingNothing('POST', 'v1/programs', world.a.studentHeaders, { title: 'x' })).status,
    ).toBe(403);
    expect(
      (
        await refusedWritingNothing('POST', 'v1/programs', world.a.teacherHeaders, {
          title: 'x',
          global: true,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await refusedWritingNothing('POST', 'v1/programs', world.a.teacherHeaders, {
          title: 'x',
          clientId: world.b.clientId,
        })
      ).status,
    ).toBe(403);
    for (const headers of [world.b.teacherHeaders, world.b.adminHeaders, world.a.studentHeaders]) {
      expect(
        (await refusedWritingNothing('PATCH', `v1/programs/${programId}`, headers, { title: 'y' })).status,
      ).toBe(403);
      expect((await refusedWritingNothing('DELETE', `v1/programs/${programId}`, headers)).status).toBe(403);
      expect(
        (await refusedWritingNothing('POST', `v1/programs/${programId}/publish`, headers, {})).status,
      ).toBe(403);
    }
    expect((await call(t.app, 'GET', `v1/programs/${programId}`, world.b.teacherHeaders)).status).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await refusedWritingNothing('PATCH', `v1/programs/${unknown}`, world.a.teacherHeaders, { title: 'y' }))
        .status,
    ).toBe(404);
    expect((await call(t.app, 'GET', `v1/programs/${unknown}`, world.a.teacherHeaders)).status).toBe(404);
    expect((await call(t.app, 'GET', 'v1/programs', world.a.studentHeaders)).status).toBe(403);
  });

  it('publishing needs a module (409); a published program with enrolled students cannot be deleted (409), only archived', async () => {
    const world = await createContentWorld(t.db);
    const empty = await call(t.app, 'POST', 'v1/programs', world.a.teacherHeaders, { title: 'Empty' });
    const emptyId = empty.body?.['id'] as string;
    expect(
      (await refusedWritingNothing('POST', `v1/programs/${emptyId}/publish`, world.a.teacherHeaders, {}))
        .status,
    ).toBe(409);
    const { programId } = await publishedProgram(t.app, world.a.teacherHeaders);
    const enrol = await call(t.app, 'POST', `v1/programs/${programId}/enrollments`, world.a.teacherHeaders, {
      userIds: [world.a.student.id],
    });
    expect(enrol.status).toBe(200);
    const refused = await refusedWritingNothing('DELETE', `v1/programs/${programId}`, world.a.teacherHeaders);
    expect(refused.status).toBe(409);
    const archived = await call(t.app, 'POST', `v1/programs/${programId}/archive`, world.a.teacherHeaders);
    expect(archived.body).toMatchObject({ status: 'archived' });
    expect((await call(t.app, 'GET', `v1/programs/${programId}`, world.a.studentHeaders)).status).toBe(403);
    expect((await call(t.app, 'DELETE', `v1/programs/${emptyId}`, world.a.teacherHeaders)).status).toBe(204);
    expect(await t.db.selectFrom('programs').select('id').where('id', '=', emptyId).execute()).toEqual([]);
  });

  it('lists: a teacher sees their organisation’s programs and the global ones assigned to it; never another organisation’s', async () => {
    const world = await createContentWorld(t.db);
    await buildProgram(t.app, world.a.teacherHeaders, { title: 'Alpha course' });
    await buildProgram(t.app, world.b.teacherHeaders, { title: 'Beta course' });
    const global = await call(t.app, 'POST', 'v1/programs', world.platformHeaders, {
      title: 'Global course',
      global: true,
      assignedClientIds: [world.a.clientId],
    });
    expect(global.status).toBe(201);
    expect(global.body).toMatchObject({
      global: true,
      clientId: null,
      assignedClientIds: [world.a.clientId],
    });
    const titles = async (headers: Headers, query = '') =>
      programListResponseSchema
        .parse((await call(t.app, 'GET', `v1/programs${query}`, headers)).body)
        .items.map((p) => p.title)
        .sort();
    expect(await titles(world.a.teacherHeaders)).toEqual(['Alpha course', 'Global course']);
    expect(await titles(world.b.adminHeaders)).toEqual(['Beta course']);
    expect(await titles(world.platformHeaders)).toEqual(['Alpha course', 'Beta course', 'Global course']);
    expect(await titles(world.platformHeaders, '?owner=global')).toEqual(['Global course']);
    expect(await titles(world.platformHeaders, '?search=ALPHA')).toEqual(['Alpha course']);
    const alphaGlobal = programListResponseSchema.parse(
      (await call(t.app, 'GET', 'v1/programs?owner=global', world.a.teacherHeaders)).body,
    );
    expect(alphaGlobal.items[0]?.canEdit).toBe(false);
    const globalId = alphaGlobal.items[0]?.id ?? '';
    expect(
      (await refusedWritingNothing('PATCH', `v1/programs/${globalId}`, world.a.adminHeaders, { title: 'x' }))
        .status,
    ).toBe(403);
    const unknownClient = await refusedWritingNothing('POST', 'v1/programs', world.platformHeaders, {
      title: 'x',
      global: true,
      assignedClientIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownClient.status).toBe(404);
  });
});
