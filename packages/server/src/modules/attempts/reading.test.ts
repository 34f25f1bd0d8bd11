/**
 * Reading questions (issue 24, model 100001): a student of a reading-only module reads the question's prompt and
 * choices, never the right one; submits the answer without a series (a reading-only module scans nothing) and
 * gets it graded at once, with the teacher's teaching feedback on a wrong choice. Other modules still need a
 * series.
 */
import { labAttemptSchema, labSchema, type Objective } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import {
  call,
  createSimulatorWorld,
  refused,
  useSimulatorApp,
  type Headers,
} from '../sessions/world.test-support.ts';
import { startAttempt } from '../scan-results/world.test-support.ts';

const QUESTION: Objective = {
  kind: 'readingAnswer',
  id: 'lesions',
  points: 3,
  questionId: 'best-series',
  prompt: 'Which series shows the periventricular lesions best?',
  choices: ['T1-weighted spin echo', 'FLAIR'],
  answer: 'FLAIR',
  feedbackFail: 'FLAIR nulls the bright CSF, so lesions beside the ventricles stand out.',
};

const READING = {
  anatomicalModelId: 100001,
  sequenceTypes: [],
  objectives: [QUESTION],
  attemptsAllowed: 2,
};

describe.each(databases)('reading questions on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  const submit = async (labId: string, h: Headers, answers: Record<string, string>) => {
    const { id } = await startAttempt(t.app, labId, h);
    return call(t.app, 'POST', `v1/attempts/${id}/submit`, h, { scanResultIds: [], answers });
  };

  it('the student reads the prompt and choices, never the answer; the teacher reads it all', async () => {
    const world = await createSimulatorWorld(t.app, t.db, READING);
    const res = await call(t.app, 'GET', `v1/modules/${world.labId}`, world.a.studentHeaders);
    const student = labSchema.parse(res.body);
    expect(student.objectiveSummaries).toEqual([
      {
        id: 'lesions',
        kind: 'readingAnswer',
        title: 'Reading question',
        points: 3,
        mustPass: false,
        questionId: 'best-series',
        question: { prompt: QUESTION.prompt, choices: ['T1-weighted spin echo', 'FLAIR'] },
      },
    ]);
    expect(student.objectives).toEqual([]);
    for (const leak of ['"answer"', 'nulls the bright CSF'])
      expect(JSON.stringify(res.body)).not.toContain(leak);
    const teacher = labSchema.parse(
      (await call(t.app, 'GET', `v1/modules/${world.labId}`, world.a.teacherHeaders)).body,
    );
    expect(teacher.objectives).toEqual([QUESTION]);
  });

  it('answers alone are a submission of a reading-only module: graded at once, teaching on a wrong choice', async () => {
    const world = await createSimulatorWorld(t.app, t.db, READING);
    const h = world.a.studentHeaders;
    const wrong = await submit(world.labId, h, { 'best-series': 'T1-weighted spin echo' });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(200);
    const [missed] = labAttemptSchema.parse(wrong.body).feedback ?? [];
    expect(missed).toMatchObject({ objectiveId: 'lesions', passed: false, points: 0, scanResultId: null });
    expect(missed?.hint).toContain('FLAIR nulls the bright CSF');
    expect(missed?.change.map((c) => c.key)).toEqual(['answer']);
    const right = await submit(world.labId, h, { 'best-series': 'FLAIR' });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    const attempt = labAttemptSchema.parse(right.body);
    expect(attempt).toMatchObject({ state: 'submitted', scanResultIds: [] });
    expect(attempt.feedback?.[0]).toMatchObject({ passed: true, points: 3, maxPoints: 3 });
  });

  it('a reading-only module takes only checks of the answers (its student scans nothing): 400 on the objective', async () => {
    const world = await createSimulatorWorld(t.app, t.db, READING);
    const objectives = [QUESTION, { kind: 'weighting', id: 'w', points: 1, weighting: 'T2' }];
    const res = await refused(t.app, t.db, 'PATCH', `v1/modules/${world.labId}`, world.a.teacherHeaders, {
      objectives,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('"objectives.1.kind":"reading_only"');
  });

  it('a module that scans still needs a series (400 `min`, nothing written)', async () => {
    const world = await createSimulatorWorld(t.app, t.db, { objectives: [QUESTION] });
    const h = world.a.studentHeaders;
    const started = await call(t.app, 'POST', `v1/modules/${world.labId}/attempts`, h, {});
    const id = labAttemptSchema.parse(started.body).id;
    const res = await refused(t.app, t.db, 'POST', `v1/attempts/${id}/submit`, h, {
      scanResultIds: [],
      answers: { 'best-series': 'FLAIR' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('"scanResultIds":"min"');
  });
});
