/**
 * Attack suite (issue 19.1): a student shared by two organisations (a Student of A and of B) is enrolled in A's
 * program and, acting in their B identity, opens A's module, keeps a scan result, and starts and submits an
 * attempt. The attempt is A's work: A's teachers read, grade and release it and see its timeline; B's teachers
 * (who get 403 on the module itself) get 403 on every one of those calls, and their refused writes write nothing.
 */
import { labAttemptSchema, type LabAttempt } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { finishedScan, keepScan, startAttempt } from '../../modules/scan-results/world.test-support.ts';
import { publishedProgram, sharedStudentInB } from '../../modules/content/programs/world.test-support.ts';
import {
  call,
  createSimulatorWorld,
  errorOf,
  refused,
  useSimulatorApp,
  type Headers,
  type SimulatorWorld,
} from '../../modules/sessions/world.test-support.ts';
import { headersAs } from '../../modules/users/world.test-support.ts';
import { addIndividualAccess } from '../fixtures.ts';
import { databases } from '../helper.ts';

const SLOW = 180_000;

describe.each(databases)('an attempt of a student shared by two organisations on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  /** A's student, also a Student of B, enrolled in A's program (through A); answers their B headers. */
  async function sharedStudent(world: SimulatorWorld): Promise<Headers> {
    return sharedStudentInB(t.app, t.db, world, world.programId);
  }

  /** The shared student, acting in B, keeps a scan of A's module and submits it in a new attempt. */
  async function submittedInB(): Promise<{
    world: SimulatorWorld;
    attempt: LabAttempt;
    scanResultId: string;
  }> {
    const world = await createSimulatorWorld(t.app, t.db);
    const asB = await sharedStudent(world);
    const { scanId } = await finishedScan(t.app, world, asB);
    const scanResultId = (await keepScan(t.app, asB, scanId)).id;
    const attemptId = (await startAttempt(t.app, world.labId, asB)).id;
    const submitted = await call(t.app, 'POST', `v1/attempts/${attemptId}/submit`, asB, {
      scanResultIds: [scanResultId],
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    return { world, attempt: labAttemptSchema.parse(submitted.body), scanResultId };
  }

  const grade = { criteria: [{ id: 'positioning', title: 'Positioning', points: 3, maxPoints: 4 }] };

  it(
    'B’s teacher gets 403 on reading, grading, releasing and the timeline of the attempt; A’s teacher does all of it',
    async () => {
      const { world, attempt, scanResultId } = await submittedInB();
      const b = world.b.teacherHeaders;
      const url = `v1/attempts/${attempt.id}`;
      expect((await call(t.app, 'GET', `v1/modules/${world.labId}`, b)).status).toBe(403);
      expect((await call(t.app, 'GET', url, b)).status).toBe(403);
      expect((await call(t.app, 'GET', `${url}/timeline`, b)).status).toBe(403);
      expect((await refused(t.app, t.db, 'POST', `${url}/grade`, b, grade)).status).toBe(403);
      expect((await refused(t.app, t.db, 'POST', `${url}/release`, b, {})).status).toBe(403);
      expect((await refused(t.app, t.db, 'POST', `v1/modules/${world.labId}/release`, b, {})).status).toBe(
        403,
      );
      for (const read of ['', '/images', '/images/0', '/comparison'])
        expect((await call(t.app, 'GET', `v1/scan-results/${scanResultId}${read}`, b)).status, read).toBe(
          403,
        );
      // B's administrator is no better placed than B's teacher.
      expect((await call(t.app, 'GET', url, world.b.adminHeaders)).status).toBe(403);

      const a = world.a.teacherHeaders;
      const listed = await call(t.app, 'GET', `v1/modules/${world.labId}/attempts`, a);
      expect((listed.body as unknown as LabAttempt[]).map((x) => x.id)).toEqual([attempt.id]);
      expect((await call(t.app, 'GET', url, a)).status).toBe(200);
      expect((await call(t.app, 'GET', `${url}/timeline`, a)).status).toBe(200);
      const pixels = await t.app.inject({
        method: 'GET',
        url: `/api/v1/scan-results/${scanResultId}/images/0`,
        headers: a,
      });
      expect(pixels.statusCode).toBe(200);
      const graded = await call(t.app, 'POST', `${url}/grade`, a, grade);
      expect(graded.status, JSON.stringify(graded.body)).toBe(200);
      const released = await call(t.app, 'POST', `${url}/release`, a, {});
      expect(released.status, JSON.stringify(released.body)).toBe(200);
      expect(labAttemptSchema.parse(released.body)).toMatchObject({ state: 'released', grade: { score: 3 } });
    },
    SLOW,
  );

  it(
    'the attempt is stored as A’s, whichever identity the student started it in',
    async () => {
      const { world, attempt } = await submittedInB();
      const row = await t.db
        .selectFrom('lab_attempts')
        .select('client_id')
        .where('id', '=', attempt.id)
        .executeTakeFirstOrThrow();
      expect(row.client_id).toBe(world.a.clientId);
      // A's module release reaches it once A's teacher has graded it.
      const url = `v1/attempts/${attempt.id}/grade`;
      expect((await call(t.app, 'POST', url, world.a.teacherHeaders, { ...grade, final: true })).status).toBe(
        200,
      );
      const release = await call(
        t.app,
        'POST',
        `v1/modules/${world.labId}/release`,
        world.a.teacherHeaders,
        {},
      );
      expect(release.body).toEqual({ released: 1 });
    },
    SLOW,
  );
});

describe.each(databases)(
  'an attempt on a global program, of a student of two organisations, on %s',
  (kind) => {
    const t = useSimulatorApp(kind, { scanThreads: 1 });

    /** A published global program with open enrolment assigned to `assigned`, A's student enrolled, also in B. */
    async function arrange(assigned: (world: SimulatorWorld) => string[]) {
      const world = await createSimulatorWorld(t.app, t.db);
      const ids = await publishedProgram(
        t.app,
        world.platformHeaders,
        { title: 'Global knee', global: true, enrollment: 'open', assignedClientIds: assigned(world) },
        { anatomicalModelId: 2, sequenceTypes: [5], backend: 'cpusim' },
      );
      return { world, ...ids, asB: await sharedStudentInB(t.app, t.db, world, ids.programId) };
    }

    it('belongs to the assigned organisation the student is a member of, not to the identity they act in', async () => {
      const { world, labId, asB } = await arrange((w) => [w.a.clientId]);
      const started = await call(t.app, 'POST', `v1/modules/${labId}/attempts`, asB, {});
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const url = `v1/attempts/${labAttemptSchema.parse(started.body).id}`;
      expect((await call(t.app, 'GET', url, world.b.teacherHeaders)).status).toBe(403);
      expect((await call(t.app, 'GET', url, world.a.teacherHeaders)).status).toBe(200);
    });

    it('assigned to both: the organisation the student acts in; acting in neither, 409 and nothing written', async () => {
      const { world, labId, asB } = await arrange((w) => [w.a.clientId, w.b.clientId]);
      const individual = await headersAs(
        world.a.student,
        'Student',
        await addIndividualAccess(t.db, world.a.student.id, 'paid'),
      );
      const ambiguous = await refused(t.app, t.db, 'POST', `v1/modules/${labId}/attempts`, individual, {});
      expect(ambiguous.status).toBe(409);
      expect(errorOf(ambiguous.body).cause).not.toBeNull();
      const started = await call(t.app, 'POST', `v1/modules/${labId}/attempts`, asB, {});
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const url = `v1/attempts/${labAttemptSchema.parse(started.body).id}`;
      expect((await call(t.app, 'GET', url, world.b.teacherHeaders)).status).toBe(200);
      expect((await call(t.app, 'GET', url, world.a.teacherHeaders)).status).toBe(403);
    });
  },
);
