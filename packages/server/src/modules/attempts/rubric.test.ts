import { labAttemptSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp, writesNothing } from '../../test/helper.ts';
import { call } from '../content/programs/world.test-support.ts';
import { errorOf } from '../sessions/world.test-support.ts';
import { createMarkingWorld, insertMarkedAttempt, PARTIAL_POINTS } from './marking.test-support.ts';

describe.each(databases)('rubric points the server accepts on %s (issue 21.6)', (kind) => {
  const t = useTestApp(kind);

  async function submitted() {
    const { world, alpha } = await createMarkingWorld(t.app, t.db);
    const id = await insertMarkedAttempt(t.db, {
      labId: alpha.labId,
      userId: world.a.student.id,
      clientId: world.a.clientId,
      state: 'submitted',
      submittedMinute: 1,
    });
    const grade = (weighting: unknown, maxPoints: unknown = 2) =>
      call(t.app, 'POST', `v1/attempts/${id}/grade`, world.a.teacherHeaders, {
        criteria: [
          { id: 'weighting', title: 'T2 weighting', points: weighting, maxPoints },
          { id: 'wrap', title: 'No wrap', points: 1, maxPoints: 1 },
        ],
      });
    return { grade };
  }

  it('out-of-range, non-numeric and off-step points are a clear 400 that writes nothing; nothing is capped', async () => {
    const { grade } = await submitted();
    const refusals: [unknown, unknown, string][] = [
      [9, 2, 'max'],
      [-1, 2, 'min'],
      ['400.', 2, 'type'],
      [null, 2, 'type'],
      [1.3, 2, 'step'],
    ];
    for (const [points, maxPoints, rule] of refusals) {
      const res = await writesNothing(t.db, () => grade(points, maxPoints));
      expect(res.status, `${JSON.stringify(points)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.values(errorOf(res.body).validation ?? {})).toEqual([rule]);
    }
    // Raising an objective's maximum to fit the points is refused too.
    const raised = await writesNothing(t.db, () => grade(9, 9));
    expect(raised.status).toBe(400);
    expect(errorOf(raised.body).validation).toEqual({ criteria: 'maxPoints' });
    expect(JSON.stringify(raised.body)).toMatch(/T2 weighting: the objective is worth 2 points, not 9/);
    const step = await grade(1.3);
    expect(JSON.stringify(step.body)).toMatch(/T2 weighting: Use steps of 0.5 points/);
  });

  it('an automatic partial score left unchanged, and a score in steps within range, are saved as given', async () => {
    const { grade } = await submitted();
    const kept = await grade(PARTIAL_POINTS);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(labAttemptSchema.parse(kept.body).grade?.score).toBe(PARTIAL_POINTS + 1);
    const changed = await grade(1.5);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(labAttemptSchema.parse(changed.body).grade).toMatchObject({ score: 2.5, maxScore: 3 });
    // Once changed, the partial score is a teacher's change again, held to the step.
    expect((await writesNothing(t.db, () => grade(PARTIAL_POINTS))).status).toBe(400);
  });
});
