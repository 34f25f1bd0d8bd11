/**
 * Issue 27.4, grade return when automatic feedback is final: on a module whose teacher set "release the automatic
 * grade at once" a submission is graded with its automatic score and released in the submission itself — the
 * student sees the grade at once and the score goes once to the line item of the learning platform the student
 * launched from; a teacher may still regrade it and release the new grade, which is sent once more. Without the
 * setting nothing is released nor sent. The next attempt still starts at once.
 */
import { LTI_CLAIMS, labAttemptSchema, labSchema } from '@larmor/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databases } from '../../test/helper.ts';
import { scoreOutOfMaximum } from '../lti/ags-delivery.ts';
import { AGS_ENDPOINT, fakePlatform, launchAs } from '../lti/launch.test-support.ts';
import { finishedScan, keepScan, readAttempt, startAttempt } from '../scan-results/world.test-support.ts';
import { call, createSimulatorWorld, useSimulatorApp, type Headers } from '../sessions/world.test-support.ts';

const SLOW = 180_000;

describe.each(databases)('releasing the automatic grade at once on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const attemptOf = (id: string, h: Headers) => readAttempt(t.app, id, h);
  const scoreRows = (attemptId: string) =>
    t.db.selectFrom('lti_scores').selectAll().where('attempt_id', '=', attemptId).execute();

  it(
    'a submission is released with its automatic score and the score is posted once to the line item; a regrade sends the new one once; without the setting nothing is released',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db, {
        objectives: [
          { kind: 'weighting', id: 'weighting', points: 2, weighting: 'T2' },
          { kind: 'sliceThicknessMax', id: 'thin', points: 1, maxMm: 50 },
        ],
        attemptsAllowed: 3,
      });
      const teacher = world.a.teacherHeaders;
      const platform = await fakePlatform(`moodle${crypto.randomUUID().slice(0, 8)}`);
      const registered = await call(
        t.app,
        'POST',
        `v1/clients/${world.a.clientId}/lti/platforms`,
        world.a.adminHeaders,
        platform.registration,
      );
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);
      const lineItem = platform.lineItem('li-auto');
      const learner = await launchAs(t.app, platform, {
        sub: 'learner-auto',
        [LTI_CLAIMS.custom]: { module_id: world.labId },
        [LTI_CLAIMS.resourceLink]: { id: `link-${world.labId}` },
        [AGS_ENDPOINT]: platform.agsClaim(lineItem),
      });
      const h = learner.headers;
      const { scanId } = await finishedScan(t.app, world, h);
      const submission = { scanResultIds: [(await keepScan(t.app, h, scanId)).id], answers: {} };
      const start = () => startAttempt(t.app, world.labId, h);

      // Without the setting (the default): graded automatically, nothing released, nothing held nor sent.
      const one = await start();
      const first = await call(t.app, 'POST', `v1/attempts/${one.id}/submit`, h, submission);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(labAttemptSchema.parse(first.body)).toMatchObject({
        state: 'submitted',
        grade: null,
        releasedAt: null,
      });
      await t.app.ltiScores.deliverDue();
      expect(await scoreRows(one.id)).toEqual([]);
      expect(platform.scores).toEqual([]);

      // The teacher sets it; the next attempt starts at once and its submission is released at once.
      const set = await call(t.app, 'PATCH', `v1/modules/${world.labId}`, teacher, {
        releaseAutomaticGrade: true,
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const two = await start();
      const second = await call(t.app, 'POST', `v1/attempts/${two.id}/submit`, h, submission);
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      const released = labAttemptSchema.parse(second.body);
      const automatic = (released.feedback ?? []).reduce((sum, c) => sum + c.points, 0);
      expect(released).toMatchObject({
        state: 'released',
        releasedAt: released.submittedAt,
        grade: { score: automatic, maxScore: 3, gradedBy: null, comment: '' },
      });
      // The route asks for a delivery round after the commit: the score arrives without another call.
      await vi.waitFor(() => expect(platform.scores).toHaveLength(1), { timeout: 30_000, interval: 20 });
      expect(platform.scores[0]?.url).toBe(
        `${platform.registration.issuer}/lineitems/li-auto/lineitem/scores?type_id=7`,
      );
      expect(platform.scores[0]?.body).toMatchObject({
        userId: 'learner-auto',
        scoreGiven: scoreOutOfMaximum(automatic, 3),
        scoreMaximum: 100,
        timestamp: released.releasedAt,
        gradingProgress: 'FullyGraded',
      });
      await t.app.ltiScores.deliverDue();
      expect(platform.scores).toHaveLength(1);
      const staffView = await attemptOf(two.id, teacher);
      expect(staffView.gradeReturns?.map((r) => [r.status, r.lineItem])).toEqual([['sent', lineItem]]);
      // The first attempt is untouched; the third starts at once (attempts left: retry at once).
      expect(await attemptOf(one.id, h)).toMatchObject({ state: 'submitted', grade: null });
      const three = await start();
      expect(three).toMatchObject({ state: 'inProgress', number: 3 });

      // The teacher regrades the released automatic grade and releases the new one: sent once more.
      const grade = await call(t.app, 'POST', `v1/attempts/${two.id}/grade`, teacher, {
        criteria: [
          { id: 'weighting', points: 2, maxPoints: 2 },
          { id: 'thin', points: 1, maxPoints: 1 },
        ],
        comment: 'Full marks on review.',
        annotations: [],
        final: true,
      });
      expect(grade.status, JSON.stringify(grade.body)).toBe(200);
      expect(labAttemptSchema.parse(grade.body)).toMatchObject({ state: 'graded', grade: { score: 3 } });
      const release = await call(t.app, 'POST', `v1/attempts/${two.id}/release`, teacher, {});
      expect(release.status, JSON.stringify(release.body)).toBe(200);
      await vi.waitFor(() => expect(platform.scores).toHaveLength(2), { timeout: 30_000, interval: 20 });
      expect(platform.scores[1]?.body).toMatchObject({ scoreGiven: 100, comment: 'Full marks on review.' });
      await t.app.ltiScores.deliverDue();
      expect(platform.scores).toHaveLength(2);
      expect(await attemptOf(two.id, h)).toMatchObject({ state: 'released', grade: { score: 3 } });
      // A teacher's released grade is not open to grading again (only on the student's regrade request).
      const again = await call(t.app, 'POST', `v1/attempts/${two.id}/grade`, teacher, {
        criteria: [
          { id: 'weighting', points: 1, maxPoints: 2 },
          { id: 'thin', points: 1, maxPoints: 1 },
        ],
        comment: '',
        annotations: [],
        final: true,
      });
      expect(again.status).toBe(409);
      const module = labSchema.parse((await call(t.app, 'GET', `v1/modules/${world.labId}`, teacher)).body);
      expect(module.releaseAutomaticGrade).toBe(true);
    },
    SLOW,
  );
});
