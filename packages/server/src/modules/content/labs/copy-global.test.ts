import { labSchema, programSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp, writesNothing } from '../../../test/helper.ts';
import { createMarkingWorld, MARKING_OBJECTIVES } from '../../attempts/marking.test-support.ts';
import { buildProgram, call, type Headers } from '../programs/world.test-support.ts';

describe.each(databases)(
  'a teacher reads a global program assigned to them and adapts its modules on %s (issue 21.5)',
  (kind) => {
    const t = useTestApp(kind);
    const copy = (labId: string, headers: Headers, body: unknown) =>
      call(t.app, 'POST', `v1/modules/${labId}/copy`, headers, body);

    it('the assigned organisation’s teacher reads the global program and copies its module into their own course, objectives and all', async () => {
      const { world, alpha, global } = await createMarkingWorld(t.app, t.db);
      const read = await call(t.app, 'GET', `v1/programs/${global.programId}`, world.a.teacherHeaders);
      expect(read.status).toBe(200);
      expect(programSchema.parse(read.body)).toMatchObject({ title: 'Global fundamentals', canEdit: false });
      const res = await copy(global.labId, world.a.teacherHeaders, { courseId: alpha.courseId });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const copied = labSchema.parse(res.body);
      expect(copied).toMatchObject({
        title: 'Global knee',
        courseId: alpha.courseId,
        programId: alpha.programId,
      });
      expect(copied.id).not.toBe(global.labId);
      const stored = await t.db
        .selectFrom('labs')
        .select('objectives')
        .where('id', '=', copied.id)
        .executeTakeFirst();
      expect(JSON.parse(stored?.objectives ?? '[]')).toEqual(MARKING_OBJECTIVES);
      // The copy is Alpha's to change; the global module is untouched.
      const renamed = await call(t.app, 'PATCH', `v1/modules/${copied.id}`, world.a.teacherHeaders, {
        title: 'Our knee',
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      const original = await call(t.app, 'GET', `v1/modules/${global.labId}`, world.a.teacherHeaders);
      expect(original.body?.['title']).toBe('Global knee');
    });

    it('copies that would write where the caller may not, or read what they may not, are refused and write nothing', async () => {
      const { world, alpha, global, beta } = await createMarkingWorld(t.app, t.db);
      const refusedWith = async (labId: string, headers: Headers, body: unknown) =>
        (await writesNothing(t.db, () => copy(labId, headers, body))).status;
      // Into the global program's own course (not Alpha's to write), or with no target (the same course).
      expect(await refusedWith(global.labId, world.a.teacherHeaders, {})).toBe(403);
      expect(await refusedWith(global.labId, world.a.teacherHeaders, { courseId: global.courseId })).toBe(
        403,
      );
      // Into another organisation's course.
      expect(await refusedWith(global.labId, world.a.teacherHeaders, { courseId: beta.courseId })).toBe(403);
      // A student of the assigned organisation, into their organisation's course.
      expect(await refusedWith(global.labId, world.a.studentHeaders, { courseId: alpha.courseId })).toBe(403);
      // Another organisation's own module, into the caller's course.
      expect(await refusedWith(alpha.labId, world.b.teacherHeaders, { courseId: beta.courseId })).toBe(403);
      // A global program not assigned to the caller's organisation.
      const other = await buildProgram(t.app, world.platformHeaders, { title: 'Unassigned', global: true });
      await call(t.app, 'POST', `v1/programs/${other.programId}/publish`, world.platformHeaders, {});
      expect(await refusedWith(other.labId, world.a.teacherHeaders, { courseId: alpha.courseId })).toBe(403);
      // An archived module of the assigned global program.
      const archived = await call(
        t.app,
        'POST',
        `v1/modules/${global.labId}/archive`,
        world.platformHeaders,
        {
          archived: true,
        },
      );
      expect(archived.status).toBe(200);
      expect(await refusedWith(global.labId, world.a.teacherHeaders, { courseId: alpha.courseId })).toBe(403);
      // An unknown module.
      expect(
        await refusedWith(crypto.randomUUID(), world.a.teacherHeaders, { courseId: alpha.courseId }),
      ).toBe(404);
    });
  },
);
