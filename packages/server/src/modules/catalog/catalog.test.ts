import { catalogResponseSchema, programSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from '../../test/helper.ts';
import {
  call,
  createContentWorld,
  freeCatalogueWithFlair,
  publishedProgram,
  type Headers,
} from '../content/programs/world.test-support.ts';

describe.each(databases)('GET v1/catalog on %s', (kind) => {
  const t = useTestApp(kind);

  const catalogOf = async (headers: Headers) =>
    catalogResponseSchema.parse((await call(t.app, 'GET', 'v1/catalog', headers)).body);
  const titles = async (headers: Headers) => (await catalogOf(headers)).items.map((i) => i.program.title);

  it('students see programs they are enrolled in or that are open to their organisation; never another organisation’s or a draft', async () => {
    const world = await createContentWorld(t.db);
    const h = world.a.teacherHeaders;
    await publishedProgram(t.app, h, { title: 'A open', enrollment: 'open' });
    const invited = await publishedProgram(t.app, h, { title: 'A invited' });
    await publishedProgram(t.app, h, { title: 'A closed' });
    await call(t.app, 'POST', 'v1/programs', h, { title: 'A draft', enrollment: 'open' });
    await publishedProgram(t.app, world.b.teacherHeaders, { title: 'B open', enrollment: 'open' });
    await call(t.app, 'POST', `v1/programs/${invited.programId}/enrollments`, h, {
      userIds: [world.a.student.id],
    });
    expect(await titles(world.a.studentHeaders)).toEqual(['A invited', 'A open']);
    const catalog = await catalogOf(world.a.studentHeaders);
    expect(catalog.items[0]).toMatchObject({ enrolled: true, canEnroll: false });
    expect(catalog.items[1]).toMatchObject({ enrolled: false, canEnroll: true, enrolledAt: null });
    expect(await titles(world.a.teacherHeaders)).toEqual(['A closed', 'A invited', 'A open']);
    expect(await titles(world.b.studentHeaders)).toEqual(['B open']);
    expect((await call(t.app, 'GET', 'v1/catalog', { authorization: 'Bearer x' })).status).toBe(401);
  });

  it('a free-plan user sees only the free catalogue, and in it only modules within the free plan (Brain and Knee, SE and GRE)', async () => {
    const world = await createContentWorld(t.db);
    const p = world.platformHeaders;
    const free = await freeCatalogueWithFlair(t.app, world);
    const spine = await call(t.app, 'POST', `v1/courses/${free.courseId}/modules`, p, {
      title: 'Spine SE',
      anatomicalModelId: 4,
      sequenceTypes: [5],
    });
    await publishedProgram(t.app, p, {
      title: 'Global paid',
      global: true,
      assignedClientIds: [world.a.clientId],
    });
    await publishedProgram(t.app, world.a.teacherHeaders, { title: 'A open', enrollment: 'open' });
    const catalog = await catalogOf(world.freeHeaders);
    expect(catalog.freePlan).toBe(true);
    expect(catalog.items.map((i) => i.program.title)).toEqual(['Free basics']);
    expect(catalog.items[0]?.progress.modulesTotal).toBe(1);
    const program = programSchema.parse(
      (await call(t.app, 'GET', `v1/programs/${free.programId}`, world.freeHeaders)).body,
    );
    expect(program.courses[0]?.modules.map((m) => m.title)).toEqual(['T2 spin echo']);
    expect((await call(t.app, 'GET', `v1/modules/${free.paidOnly}`, world.freeHeaders)).status).toBe(403);
    expect(
      (await call(t.app, 'GET', `v1/modules/${spine.body?.['id'] as string}`, world.freeHeaders)).status,
    ).toBe(403);
    expect((await call(t.app, 'GET', `v1/modules/${free.labId}`, world.freeHeaders)).status).toBe(200);
    expect(await titles(world.a.studentHeaders)).toEqual(['A open']);
    expect(await titles(world.a.teacherHeaders)).toEqual(['A open', 'Global paid']);
  });

  it('progress: the module opened last, and the next due date of the program', async () => {
    const world = await createContentWorld(t.db);
    const h = world.a.teacherHeaders;
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const { programId, labId } = await publishedProgram(t.app, h, { enrollment: 'open' }, { dueAt: due });
    await call(t.app, 'POST', `v1/programs/${programId}/enrollments`, world.a.studentHeaders, {});
    const before = await catalogOf(world.a.studentHeaders);
    expect(before.items[0]?.progress).toMatchObject({
      modulesTotal: 1,
      modulesCompleted: 0,
      percent: 0,
      lastLab: null,
      nextDueAt: due,
    });
    await call(t.app, 'GET', `v1/modules/${labId}`, world.a.studentHeaders);
    const after = await catalogOf(world.a.studentHeaders);
    expect(after.items[0]?.progress.lastLab).toMatchObject({ id: labId, title: 'T2 spin echo' });
  });
});
