import { courseSchema, programSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from '../../../test/helper.ts';
import {
  buildProgram,
  call,
  createContentWorld,
  publishedProgram,
  refusedCall,
} from '../programs/world.test-support.ts';
import { UNKNOWN_ID } from '../../../test/fixtures.ts';

describe.each(databases)('courses (v1/courses) on %s', (kind) => {
  const t = useTestApp(kind);

  const refusedWritingNothing = refusedCall(t);
  /** The status of a call refused having written nothing. */
  const refused = async (...args: Parameters<typeof refusedWritingNothing>) =>
    (await refusedWritingNothing(...args)).status;

  it('a teacher adds courses at the end, renames, reorders, copies and archives them', async () => {
    const world = await createContentWorld(t.db);
    const h = world.a.teacherHeaders;
    const { programId, courseId } = await buildProgram(t.app, h);
    const second = courseSchema.parse(
      (await call(t.app, 'POST', `v1/programs/${programId}/courses`, h, { title: 'Artifacts' })).body,
    );
    expect(second.position).toBe(1);
    const renamed = await call(t.app, 'PATCH', `v1/courses/${second.id}`, h, { description: 'Fix them' });
    expect(renamed.body).toMatchObject({ title: 'Artifacts', description: 'Fix them' });
    const order = await call(t.app, 'PUT', `v1/programs/${programId}/course-order`, h, {
      courseIds: [second.id, courseId],
    });
    expect(programSchema.parse(order.body).courses.map((c) => c.id)).toEqual([second.id, courseId]);
    const copy = courseSchema.parse((await call(t.app, 'POST', `v1/courses/${courseId}/copy`, h, {})).body);
    expect(copy).toMatchObject({ title: 'Contrast (copy)', position: 2 });
    expect(copy.modules.map((m) => m.title)).toEqual(['T2 spin echo']);
    const archived = await call(t.app, 'POST', `v1/courses/${copy.id}/archive`, h);
    expect(archived.body).toMatchObject({ archived: true });
    const restored = await call(t.app, 'POST', `v1/courses/${copy.id}/archive`, h, { archived: false });
    expect(restored.body).toMatchObject({ archived: false });
    expect((await call(t.app, 'DELETE', `v1/courses/${copy.id}`, h)).status).toBe(204);
    expect(await t.db.selectFrom('labs').select('id').where('course_id', '=', copy.id).execute()).toEqual([]);
  });

  it('a course copies into another program of the same organisation, not into another organisation’s', async () => {
    const world = await createContentWorld(t.db);
    const a1 = await buildProgram(t.app, world.a.teacherHeaders);
    const a2 = await buildProgram(t.app, world.a.teacherHeaders, { title: 'Second' });
    const b = await buildProgram(t.app, world.b.teacherHeaders);
    const copied = await call(t.app, 'POST', `v1/courses/${a1.courseId}/copy`, world.a.teacherHeaders, {
      programId: a2.programId,
    });
    expect(copied.status).toBe(201);
    expect(copied.body).toMatchObject({ programId: a2.programId, title: 'Contrast' });
    expect(
      await refused('POST', `v1/courses/${a1.courseId}/copy`, world.a.teacherHeaders, {
        programId: b.programId,
      }),
    ).toBe(403);
    expect(
      await refused('POST', `v1/courses/${b.courseId}/copy`, world.a.teacherHeaders, {
        programId: a1.programId,
      }),
    ).toBe(403);
  });

  it('bad input 400, students and other organisations 403, unknown ids 404: nothing written', async () => {
    const world = await createContentWorld(t.db);
    const h = world.a.teacherHeaders;
    const { programId, courseId } = await buildProgram(t.app, h);
    expect(await refused('POST', `v1/programs/${programId}/courses`, h, { title: '' })).toBe(400);
    expect(await refused('POST', `v1/programs/${programId}/courses`, h, { description: 'no title' })).toBe(
      400,
    );
    expect(await refused('PATCH', `v1/courses/${courseId}`, h, { title: 7 })).toBe(400);
    expect(await refused('PUT', `v1/programs/${programId}/course-order`, h, { courseIds: [] })).toBe(400);
    expect(
      await refused('PUT', `v1/programs/${programId}/course-order`, h, { courseIds: [UNKNOWN_ID] }),
    ).toBe(400);
    expect(
      await refused('PUT', `v1/programs/${programId}/course-order`, h, { courseIds: [courseId, courseId] }),
    ).toBe(400);
    for (const other of [world.a.studentHeaders, world.b.teacherHeaders, world.b.adminHeaders]) {
      expect(await refused('POST', `v1/programs/${programId}/courses`, other, { title: 'x' })).toBe(403);
      expect(await refused('PATCH', `v1/courses/${courseId}`, other, { title: 'x' })).toBe(403);
      expect(await refused('DELETE', `v1/courses/${courseId}`, other)).toBe(403);
      expect(await refused('POST', `v1/courses/${courseId}/archive`, other)).toBe(403);
      expect(
        await refused('PUT', `v1/programs/${programId}/course-order`, other, { courseIds: [courseId] }),
      ).toBe(403);
    }
    expect(await refused('POST', `v1/programs/${UNKNOWN_ID}/courses`, h, { title: 'x' })).toBe(404);
    expect(await refused('PATCH', `v1/courses/${UNKNOWN_ID}`, h, { title: 'x' })).toBe(404);
    expect(await refused('DELETE', `v1/courses/${UNKNOWN_ID}`, h)).toBe(404);
    expect((await call(t.app, 'GET', `v1/courses/${UNKNOWN_ID}`, h)).status).toBe(404);
    expect((await call(t.app, 'GET', `v1/courses/${courseId}`, world.b.teacherHeaders)).status).toBe(403);
  });

  it('a course of a published program with enrolled students is archived, not deleted (409)', async () => {
    const world = await createContentWorld(t.db);
    const h = world.a.teacherHeaders;
    const { programId, courseId } = await publishedProgram(t.app, h, { enrollment: 'open' });
    expect(
      (await call(t.app, 'POST', `v1/programs/${programId}/enrollments`, world.a.studentHeaders, {})).status,
    ).toBe(200);
    expect(await refused('DELETE', `v1/courses/${courseId}`, h)).toBe(409);
    await call(t.app, 'POST', `v1/courses/${courseId}/archive`, h);
    expect((await call(t.app, 'GET', `v1/courses/${courseId}`, world.a.studentHeaders)).status).toBe(404);
    const asStudent = programSchema.parse(
      (await call(t.app, 'GET', `v1/programs/${programId}`, world.a.studentHeaders)).body,
    );
    expect(asStudent.courses).toEqual([]);
  });
});
