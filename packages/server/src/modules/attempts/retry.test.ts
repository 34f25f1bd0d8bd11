/**
 * Trying again (issue 20.1): the automatic feedback is the student's at once, so a new attempt is startable at
 * once after submitting, while the module's allowed attempts last, without waiting for a teacher; a start while
 * one is in progress answers that one; once the allowed attempts are used, 409 with the error body and nothing
 * written. The teacher's grade and release stay separate, per attempt.
 */
import { ERROR_CAUSES, ERROR_CODES, labAttemptSchema, labSchema, scanResultSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import { finishedScan, readAttempt, startAttempt } from '../scan-results/world.test-support.ts';
import {
  call,
  createSimulatorWorld,
  refused,
  useSimulatorApp,
  type Headers,
} from '../sessions/world.test-support.ts';

const SLOW = 180_000;

describe.each(databases)('retrying an attempt on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  const attemptOf = (id: string, h: Headers) => readAttempt(t.app, id, h);

  it(
    'a submitted, ungraded attempt lets the student start the next one at once (201) while attempts remain; 409 with the error body once used; grade and release stay per attempt',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db, {
        objectives: [{ kind: 'weighting', id: 'weighting', points: 2, weighting: 'T2' }],
        attemptsAllowed: 2,
      });
      const h = world.a.studentHeaders;
      const startUrl = `v1/modules/${world.labId}/attempts`;
      const attemptsLeft = async () =>
        labSchema.parse((await call(t.app, 'GET', `v1/modules/${world.labId}`, h)).body).attemptsLeft;
      const { scanId } = await finishedScan(t.app, world, h);
      const kept = await call(t.app, 'POST', 'v1/scan-results', h, { scanId });
      const scanResultId = scanResultSchema.parse(kept.body).id;
      const submission = { scanResultIds: [scanResultId], answers: {} };

      const one = await startAttempt(t.app, world.labId, h);
      expect(await attemptsLeft()).toBe(1);
      const submitted = await call(t.app, 'POST', `v1/attempts/${one.id}/submit`, h, submission);
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      // The default spin echo is T1-weighted: the automatic check failed, and the student sees so at once.
      expect(labAttemptSchema.parse(submitted.body)).toMatchObject({ state: 'submitted', grade: null });
      expect(labAttemptSchema.parse(submitted.body).feedback?.[0]).toMatchObject({ passed: false });

      // No teacher has graded or released the first attempt: the second starts at once.
      const second = await call(t.app, 'POST', startUrl, h, {});
      expect(second.status, JSON.stringify(second.body)).toBe(201);
      const two = labAttemptSchema.parse(second.body);
      expect(two).toMatchObject({ state: 'inProgress', number: 2, feedback: null, grade: null });
      expect(await attemptsLeft()).toBe(0);
      // A start while it is in progress answers it.
      const resumed = await call(t.app, 'POST', startUrl, h, {});
      expect(resumed.status).toBe(200);
      expect(labAttemptSchema.parse(resumed.body).id).toBe(two.id);

      // The teacher grades and releases the first attempt while the second is in progress: only the first moves.
      const grade = await call(t.app, 'POST', `v1/attempts/${one.id}/grade`, world.a.teacherHeaders, {
        criteria: [{ id: 'weighting', points: 1, maxPoints: 2 }],
        comment: 'Lengthen TR and TE.',
        annotations: [],
        final: true,
      });
      expect(grade.status, JSON.stringify(grade.body)).toBe(200);
      const release = await call(t.app, 'POST', `v1/attempts/${one.id}/release`, world.a.teacherHeaders, {});
      expect(release.status, JSON.stringify(release.body)).toBe(200);
      expect(await attemptOf(one.id, h)).toMatchObject({ state: 'released', grade: { score: 1 } });
      expect(await attemptOf(two.id, h)).toMatchObject({ state: 'inProgress', grade: null });

      // The second submission is graded automatically and waits for its own release.
      const again = await call(t.app, 'POST', `v1/attempts/${two.id}/submit`, h, submission);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(labAttemptSchema.parse(again.body)).toMatchObject({ state: 'submitted', grade: null });
      expect(await attemptOf(one.id, h)).toMatchObject({ state: 'released', grade: { score: 1 } });

      // Both allowed attempts are used: refused with the error body, nothing written.
      const used = await refused(t.app, t.db, 'POST', startUrl, h, {});
      expect(used.status).toBe(409);
      expect(used.body).toEqual({
        error: {
          message: 'You have used the 2 attempts allowed on this module',
          code: ERROR_CODES.INVALID_DATA,
          cause: ERROR_CAUSES.CONFLICT,
        },
      });
    },
    SLOW,
  );

  it('on a module with unlimited attempts a submitted attempt is followed at once by the next (201)', async () => {
    const world = await createSimulatorWorld(t.app, t.db, { attemptsAllowed: null });
    const h = world.a.studentHeaders;
    const startUrl = `v1/modules/${world.labId}/attempts`;
    const first = labAttemptSchema.parse((await call(t.app, 'POST', startUrl, h, {})).body);
    await t.db.updateTable('lab_attempts').set({ state: 'submitted' }).where('id', '=', first.id).execute();
    for (const number of [2, 3]) {
      const next = await call(t.app, 'POST', startUrl, h, {});
      expect(next.status, JSON.stringify(next.body)).toBe(201);
      const attempt = labAttemptSchema.parse(next.body);
      expect(attempt.number).toBe(number);
      await t.db
        .updateTable('lab_attempts')
        .set({ state: 'submitted' })
        .where('id', '=', attempt.id)
        .execute();
    }
    const module = labSchema.parse((await call(t.app, 'GET', `v1/modules/${world.labId}`, h)).body);
    expect(module.attemptsLeft).toBeNull();
  });
});
