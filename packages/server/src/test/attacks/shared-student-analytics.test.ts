/**
 * Attack suite (issue 19, the class of 19.1): the analytics of A's module count the attempt A's student made on
 * it while acting in their identity of B, and B's teachers, for whom the module is not theirs, get 404.
 */
import { moduleAnalyticsSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import {
  call,
  createContentWorld,
  publishedProgram,
  sharedStudentInB,
} from '../../modules/content/programs/world.test-support.ts';
import { databases, useTestApp } from '../helper.ts';

describe.each(databases)('analytics of a module worked on from another identity on %s', (kind) => {
  const t = useTestApp(kind);

  it('A’s module analytics count the attempt of the shared student acting in B; B’s teacher gets 404', async () => {
    const world = await createContentWorld(t.db);
    const { programId, labId } = await publishedProgram(t.app, world.a.teacherHeaders, {
      enrollment: 'open',
    });
    const asB = await sharedStudentInB(t.app, t.db, world, programId);
    const started = await call(t.app, 'POST', `v1/modules/${labId}/attempts`, asB, {});
    expect(started.status, JSON.stringify(started.body)).toBe(201);

    const url = `v1/analytics/modules/${labId}`;
    const a = await call(t.app, 'GET', url, world.a.teacherHeaders);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(moduleAnalyticsSchema.parse(a.body).progress).toMatchObject({
      students: 1,
      states: { notStarted: 0, inProgress: 1 },
    });
    expect((await call(t.app, 'GET', url, world.b.teacherHeaders)).status).toBe(404);
  });
});
