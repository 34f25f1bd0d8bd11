/**
 * Attack suite (issue 19, the class of 19.1 and 19.3): a module's reference scan is the one of the organisation
 * that owns its program (or, for a global program, an assigned one), not of the identity the caller acts in.
 * A student of A and B acting in B on A's module is compared with A's reference; a teacher of B who is also
 * enrolled in A's program (as A's student) cannot mark or clear a reference on A's module for B.
 */
import { describe, expect, it } from 'vitest';
import { isoNow } from '../../db/ids.ts';
import {
  call,
  createContentWorld,
  publishedProgram,
  sharedStudentInB,
} from '../../modules/content/programs/world.test-support.ts';
import { refused } from '../../modules/sessions/world.test-support.ts';
import { headersAs } from '../../modules/users/world.test-support.ts';
import { insertMarkedAttempt } from '../../modules/attempts/marking.test-support.ts';
import { addMembership } from '../fixtures.ts';
import { databases, useTestApp } from '../helper.ts';
import { insertScanResultRow } from '../attempts.ts';

describe.each(databases)('reference scans seen by a user of two organisations on %s', (kind) => {
  const t = useTestApp(kind);

  /** A's open program with one module, the caller `userId` enrolled in it; a scan result of `userId` there. */
  async function arrange() {
    const world = await createContentWorld(t.db);
    const ids = await publishedProgram(t.app, world.a.teacherHeaders, { enrollment: 'open' });
    const keep = (userId: string) => insertScanResultRow(t.db, userId, ids.labId);
    return { world, ...ids, keep };
  }

  it('a shared student acting in B reads A’s reference of A’s module', async () => {
    const { world, labId, programId, keep } = await arrange();
    const reference = await keep(world.a.teacher.id);
    const put = await call(t.app, 'PUT', `v1/modules/${labId}/reference`, world.a.teacherHeaders, {
      scanResultId: reference,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const asB = await sharedStudentInB(t.app, t.db, world, programId);
    // A student reads the reference once they have submitted an attempt of the module (issue 21.2).
    await insertMarkedAttempt(t.db, {
      labId,
      userId: world.a.student.id,
      clientId: world.b.clientId,
      state: 'submitted',
      submittedMinute: 1,
    });
    const read = await call(t.app, 'GET', `v1/modules/${labId}/reference`, asB);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toMatchObject({ reference: { scanResultId: reference } });
  });

  it('a teacher of B enrolled in A’s program cannot mark or clear a reference on A’s module, writing nothing', async () => {
    const { world, labId, programId, keep } = await arrange();
    // B's teacher is also A's student, enrolled in A's program through A.
    const teacherB = world.b.teacher;
    const identityA = await addMembership(t.db, teacherB.id, world.a.clientId, 'Student');
    const asA = await headersAs(teacherB, 'Student', identityA);
    expect((await call(t.app, 'POST', `v1/programs/${programId}/enrollments`, asA, {})).status).toBe(200);
    const own = await keep(teacherB.id);
    const url = `v1/modules/${labId}/reference`;
    const b = world.b.teacherHeaders;
    expect((await call(t.app, 'GET', `v1/modules/${labId}`, b)).status).toBe(200);
    expect((await refused(t.app, t.db, 'PUT', url, b, { scanResultId: own })).status).toBe(403);
    await t.db
      .insertInto('lab_references')
      .values({
        lab_id: labId,
        owner_key: world.b.clientId,
        scan_result_id: own,
        set_by: teacherB.id,
        set_at: isoNow(),
      })
      .execute();
    expect((await refused(t.app, t.db, 'DELETE', url, b)).status).toBe(403);
  });
});
