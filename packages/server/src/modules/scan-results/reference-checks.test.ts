/**
 * A module's objectives against its own reference scan (issue 21): the evaluation shows each check's outcome
 * with what it measured, for the module's staff only; publishing a program whose module fails its own reference
 * is refused (409, nothing written) unless a reason is given, which is kept with who gave it.
 */
import {
  programSchema,
  publishOverridesSchema,
  referenceEvaluationSchema,
  scanResultSchema,
} from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import {
  call,
  createSimulatorWorld,
  errorOf,
  refused,
  useSimulatorApp,
} from '../sessions/world.test-support.ts';
import { finishedScan } from './world.test-support.ts';

const SLOW = 180_000;

/** Passes a tiny knee SE (32 × 32): its family and a generous scan time. */
const PASSING = [
  { kind: 'sequenceFamily', id: 'family', points: 1, families: ['SE'] },
  { kind: 'scanTimeMax', id: 'time', points: 1, maxSeconds: 3600 },
];
/** Fails it: 0.1 mm in-plane is far finer than a 32-pixel matrix gives. */
const FAILING = { kind: 'inPlaneResolutionMax', id: 'sharp', title: 'Sharp', points: 2, maxMm: 0.1 };

describe.each(databases)('objectives against the module’s reference scan on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  it(
    'the staff see each objective against the reference with what it measured; a failing module blocks publishing unless a reason is given',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db, { objectives: [...PASSING, FAILING] });
      const teacher = world.a.teacherHeaders;
      const evalUrl = `v1/modules/${world.labId}/reference/evaluation`;
      const publishUrl = `v1/programs/${world.programId}/publish`;

      // No reference yet: nothing fails.
      const none = referenceEvaluationSchema.parse((await call(t.app, 'GET', evalUrl, teacher)).body);
      expect(none).toEqual({ labId: world.labId, reference: null, checks: [], passed: true });

      const { scanId } = await finishedScan(t.app, world, teacher);
      const kept = scanResultSchema.parse(
        (await call(t.app, 'POST', 'v1/scan-results', teacher, { scanId })).body,
      );
      const marked = await call(t.app, 'PUT', `v1/modules/${world.labId}/reference`, teacher, {
        scanResultId: kept.id,
      });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);

      const res = await call(t.app, 'GET', evalUrl, teacher);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const evaluation = referenceEvaluationSchema.parse(res.body);
      expect(evaluation.reference?.scanResultId).toBe(kept.id);
      expect(evaluation.passed).toBe(false);
      expect(evaluation.checks.map((c) => [c.objectiveId, c.passed])).toEqual([
        ['family', true],
        ['time', true],
        ['sharp', false],
      ]);
      const sharp = evaluation.checks[2];
      expect(sharp?.measured).toMatch(/mm/);
      expect(sharp?.value).toBeGreaterThan(0.1);
      expect(sharp?.scanResultId).toBe(kept.id);

      // Learners, another organisation's staff: refused; an unknown module: 404.
      for (const stranger of [world.a.studentHeaders, world.b.teacherHeaders]) {
        expect((await call(t.app, 'GET', evalUrl, stranger)).status).toBe(403);
      }
      const unknown = `v1/modules/${crypto.randomUUID()}/reference/evaluation`;
      expect((await call(t.app, 'GET', unknown, teacher)).status).toBe(404);

      // Back to draft, then publishing is refused with the modules named, and nothing is written.
      expect((await call(t.app, 'POST', publishUrl, teacher, { published: false })).status).toBe(200);
      const blocked = await refused(t.app, t.db, 'POST', publishUrl, teacher, {});
      expect(blocked.status).toBe(409);
      const error = errorOf(blocked.body);
      expect(error.validation).toEqual({ overrideReason: 'required' });
      expect((blocked.body as { error: { message: string } }).error.message).toMatch(
        /^Your objectives fail your own reference: .+ \(Sharp\)/,
      );
      const draft = programSchema.parse(
        (await call(t.app, 'GET', `v1/programs/${world.programId}`, teacher)).body,
      );
      expect(draft.status).toBe('draft');
      // A blank reason, a student, another organisation's teacher: refused, nothing written.
      expect((await refused(t.app, t.db, 'POST', publishUrl, teacher, { overrideReason: '  ' })).status).toBe(
        400,
      );
      for (const stranger of [world.a.studentHeaders, world.b.teacherHeaders]) {
        const res = await refused(t.app, t.db, 'POST', publishUrl, stranger, { overrideReason: 'Because' });
        expect(res.status).toBe(403);
      }

      // With a reason it is published, and the reason is kept with who gave it and what failed.
      const reason = 'The sharp check is a stretch goal for this cohort.';
      const over = await call(t.app, 'POST', publishUrl, teacher, { overrideReason: reason });
      expect(over.status, JSON.stringify(over.body)).toBe(200);
      expect(programSchema.parse(over.body).status).toBe('published');
      const kept2 = await t.db.selectFrom('publish_overrides').selectAll().execute();
      expect(kept2.map((o) => [o.program_id, o.reason, o.set_by, JSON.parse(o.failing)])).toEqual([
        [world.programId, reason, world.a.teacher.id, [{ labId: world.labId, objectiveIds: ['sharp'] }]],
      ]);
      // The program's editors read it back in words; learners and other organisations' staff are refused.
      const overridesUrl = `v1/programs/${world.programId}/publish-overrides`;
      const overrides = publishOverridesSchema.parse((await call(t.app, 'GET', overridesUrl, teacher)).body);
      expect(overrides.overrides).toEqual([
        {
          id: kept2[0]?.id,
          reason,
          failing: [{ labId: world.labId, title: expect.any(String), objectiveTitles: ['Sharp'] }],
          setBy: { id: world.a.teacher.id, name: expect.stringMatching(/\w/) },
          setAt: kept2[0]?.set_at,
        },
      ]);
      for (const stranger of [world.a.studentHeaders, world.b.teacherHeaders])
        expect((await call(t.app, 'GET', overridesUrl, stranger)).status).toBe(403);
      const unknownProgram = `v1/programs/${crypto.randomUUID()}/publish-overrides`;
      expect((await call(t.app, 'GET', unknownProgram, teacher)).status).toBe(404);

      // Objectives that pass their reference publish without a reason.
      expect(
        (await call(t.app, 'PATCH', `v1/modules/${world.labId}`, teacher, { objectives: PASSING })).status,
      ).toBe(200);
      expect(referenceEvaluationSchema.parse((await call(t.app, 'GET', evalUrl, teacher)).body).passed).toBe(
        true,
      );
      expect((await call(t.app, 'POST', publishUrl, teacher, { published: false })).status).toBe(200);
      expect((await call(t.app, 'POST', publishUrl, teacher, {})).status).toBe(200);
    },
    SLOW,
  );
});
