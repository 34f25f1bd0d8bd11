import { tissueConfigurationSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import {
  call,
  createSimulatorWorld,
  openSession,
  refused,
  useSimulatorApp,
  type Headers,
} from '../sessions/world.test-support.ts';

/** An edit of the module `labId`'s muscle: T1 1000 ms, T2 40 ms. */
const muscleEdit = (labId: string) => ({
  tissue_characteristic_id: 'muscle',
  lab_id: labId,
  t1: 1000,
  t2: 40,
});

describe.each(databases)('tissue characteristics on %s', (kind) => {
  const t = useSimulatorApp(kind);
  /** `headers` edit the muscle of module `labId` (`muscleEdit`). */
  const editMuscle = (labId: string, headers: Headers) =>
    call(t.app, 'POST', 'v1/tissue-characteristics/configuration', headers, muscleEdit(labId));

  const t1Of = (body: unknown, tissue: string) =>
    tissueConfigurationSchema.parse(body).find((row) => row.id === tissue);

  it('a teacher’s edit changes the module; a student’s edit changes only their session; reset returns to the module’s values', async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const teacher = world.a.teacherHeaders;
    const student = world.a.studentHeaders;
    const lab = await call(t.app, 'GET', `v1/tissue-characteristics/${world.labId}/configuration`, student);
    expect(lab.status).toBe(200);
    const library = t1Of(lab.body, 'muscle');
    expect(library?.overridden).toBe(false);
    const teacherEdit = await editMuscle(world.labId, teacher);
    expect(teacherEdit.status, JSON.stringify(teacherEdit.body)).toBe(200);
    expect(t1Of(teacherEdit.body, 'muscle')).toMatchObject({ t1: 1000, t2: 40, overridden: true });
    const module = await call(t.app, 'GET', `v1/modules/${world.labId}`, teacher);
    expect((module.body as { tissueOverrides: unknown[] }).tissueOverrides).toEqual([
      { tissue: 'muscle', t1Ms: 1000, t2Ms: 40 },
    ]);
    const { session } = await openSession(t.app, world, student);
    const own = await call(t.app, 'POST', 'v1/tissue-characteristics/configuration', student, {
      tissue_characteristic_id: 'muscle',
      lab_id: world.labId,
      session_id: session.id,
      t1: 1200,
      t2: 50,
    });
    expect(own.status).toBe(200);
    expect(t1Of(own.body, 'muscle')).toMatchObject({ t1: 1200, t2: 50 });
    const inSession = await call(
      t.app,
      'GET',
      `v1/tissue-characteristics/${world.labId}/configuration?sessionId=${session.id}`,
      student,
    );
    expect(t1Of(inSession.body, 'muscle')?.t1).toBe(1200);
    const moduleAgain = await call(
      t.app,
      'GET',
      `v1/tissue-characteristics/${world.labId}/configuration`,
      student,
    );
    expect(t1Of(moduleAgain.body, 'muscle')?.t1).toBe(1000);
    const reset = await call(
      t.app,
      'DELETE',
      `v1/tissue-characteristics/${world.labId}/reset-configuration?sessionId=${session.id}`,
      student,
    );
    expect(reset.status).toBe(200);
    expect(t1Of(reset.body, 'muscle')?.t1).toBe(1000);
  });

  it('a teacher’s T1/T2 edit keeps the module’s proton density of that tissue and drops its T2*', async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const teacher = world.a.teacherHeaders;
    const patch = await call(t.app, 'PATCH', `v1/modules/${world.labId}`, teacher, {
      tissueOverrides: [{ tissue: 'muscle', t1Ms: 900, t2Ms: 50, pd: 0.7, t2StarMs: 30 }],
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    const edit = await editMuscle(world.labId, teacher);
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const module = await call(t.app, 'GET', `v1/modules/${world.labId}`, teacher);
    expect((module.body as { tissueOverrides: unknown[] }).tissueOverrides).toEqual([
      { tissue: 'muscle', t1Ms: 1000, t2Ms: 40, pd: 0.7 },
    ]);
  });

  it('a student cannot change the module; bad values, unknown tissues and others’ sessions write nothing', async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const student = world.a.studentHeaders;
    const { session } = await openSession(t.app, world, student);
    const url = 'v1/tissue-characteristics/configuration';
    const edit = muscleEdit(world.labId);
    expect((await refused(t.app, t.db, 'POST', url, student, edit)).status).toBe(403);
    const cases: [unknown, number][] = [
      [{ ...edit, session_id: session.id, t2: 2000 }, 400],
      [{ ...edit, session_id: session.id, t1: -1 }, 400],
      [{ ...edit, session_id: session.id, tissue_characteristic_id: 'kryptonite' }, 400],
      [{ ...edit, session_id: session.id, lab_id: '00000000-0000-4000-8000-000000000000' }, 400],
    ];
    for (const [payload, status] of cases) {
      expect(
        (await refused(t.app, t.db, 'POST', url, student, payload)).status,
        JSON.stringify(payload),
      ).toBe(status);
    }
    const foreign = await refused(t.app, t.db, 'POST', url, world.b.studentHeaders, {
      ...edit,
      session_id: session.id,
    });
    expect(foreign.status).toBe(403);
    const foreignReset = await refused(
      t.app,
      t.db,
      'DELETE',
      `v1/tissue-characteristics/${world.labId}/reset-configuration`,
      world.b.teacherHeaders,
    );
    expect(foreignReset.status).toBe(403);
    const foreignRead = await call(
      t.app,
      'GET',
      `v1/tissue-characteristics/${world.labId}/configuration`,
      world.b.studentHeaders,
    );
    expect(foreignRead.status).toBe(403);
  });
});
