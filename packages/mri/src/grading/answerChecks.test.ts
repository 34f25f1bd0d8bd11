import { describe, expect, it } from 'vitest';
import { checkAnswer } from './answerChecks.ts';
import { gradeSubmission } from './grade.ts';
import type { Objective } from './objectives.ts';

const question: Objective = {
  kind: 'readingAnswer',
  id: 'read',
  points: 4,
  questionId: 'lesions',
  prompt: 'Which series shows the periventricular lesions best?',
  choices: ['T1 spin echo', 'T2 turbo spin echo', 'FLAIR'],
  answer: 'FLAIR',
  feedbackFail: 'FLAIR nulls the CSF, so lesions beside the ventricles stand out.',
};

describe('a reading question is decided from the answer alone (issue 24, model 100001)', () => {
  it('the right choice passes with every point, whatever its case and spacing', () => {
    expect(checkAnswer(question, { lesions: '  flair ' })).toMatchObject({
      passed: true,
      points: 4,
      maxPoints: 4,
      measured: 'the answer “FLAIR”',
      adjust: [],
    });
  });

  it('a wrong choice, no choice or an answer outside the choices fails and points at the answer, never naming the right one', () => {
    const wrong = checkAnswer(question, { lesions: 'T1 spin echo' });
    expect(wrong).toMatchObject({ passed: false, points: 0, adjust: ['answer'] });
    expect(wrong?.hint).toMatch(/“T1 spin echo” is not what the series show best/);
    expect(checkAnswer(question, {})).toMatchObject({ passed: false, measured: 'no choice given' });
    const outside = checkAnswer(question, { lesions: 'a CT' });
    expect(outside).toMatchObject({ passed: false, measured: 'the answer “a ct”' });
    expect(outside?.hint).toMatch(/none of the 3 choices/);
    for (const outcome of [wrong, outside]) expect(outcome?.hint).not.toMatch(/FLAIR/);
  });

  it('other kinds are not answer checks', () => {
    expect(checkAnswer({ kind: 'noWrap', id: 'w', points: 1 }, { lesions: 'FLAIR' })).toBeUndefined();
  });

  it('a submission without series grades it (with the teacher’s feedback on failure); series are not read', () => {
    const [right] = gradeSubmission([question], [], { lesions: 'FLAIR' });
    expect(right).toMatchObject({ objectiveId: 'read', passed: true, points: 4, seriesIndex: null });
    const [wrong] = gradeSubmission([question], [], { lesions: 'T2 turbo spin echo' });
    expect(wrong).toMatchObject({ passed: false, points: 0, seriesIndex: null });
    expect(wrong?.hint).toContain('FLAIR nulls the CSF');
  });
});
