import { describe, expect, it } from 'vitest';
import type { LabAttempt } from '@larmor/contracts/attempts';
import {
  attemptToGrade,
  gradeBody,
  pointsError,
  rubricOf,
  rubricValid,
  scoreCriterion,
  totalOf,
} from './rubric.ts';

const check = (objectiveId: string, points: number, maxPoints: number) => ({
  objectiveId,
  kind: 'weighting',
  passed: points === maxPoints,
  measured: 'TR 500 ms, TE 15 ms: T1',
  target: 'T2',
  value: null,
  points,
  maxPoints,
  hint: 'Long TR and long TE make CSF bright.',
  scanResultId: null,
  mustPass: false,
  change: [],
  learnMore: null,
});

function attempt(over: Partial<LabAttempt>): LabAttempt {
  return {
    id: 'a1',
    labId: 'l',
    userId: 's1',
    number: 1,
    state: 'submitted',
    answers: {},
    scanResultIds: ['r1'],
    late: false,
    startedAt: '2026-01-01T00:00:00Z',
    submittedAt: '2026-01-01T01:00:00Z',
    releasedAt: null,
    regradeReason: null,
    feedback: null,
    grade: {
      checks: [check('weighting', 0, 2)],
      criteria: [{ id: 'weighting', points: 0, maxPoints: 2 }],
      comment: '',
      annotations: [],
      score: 0,
      maxScore: 2,
      gradedBy: null,
      gradedAt: null,
      overrides: [],
    },
    ...over,
  };
}

describe('the teacher’s rubric', () => {
  it('grades the student’s newest submitted attempt, not one in progress or another student’s', () => {
    const list = [
      attempt({ id: 'a3', userId: 's1', state: 'inProgress' }),
      attempt({ id: 'a2', userId: 's2' }),
      attempt({ id: 'a1', userId: 's1' }),
    ];
    expect(attemptToGrade(list, 's1')?.id).toBe('a1');
    expect(attemptToGrade(list, 's3')).toBeUndefined();
  });

  it('is prefilled from the automatic checks; a score is kept as typed, never capped, and the total follows', () => {
    const rows = rubricOf(attempt({}), new Map([['weighting', 'T2 weighting']]));
    expect(rows).toEqual([
      {
        id: 'weighting',
        title: 'T2 weighting',
        points: 0,
        savedPoints: 0,
        maxPoints: 2,
        comment: '',
        automaticPoints: 0,
      },
    ]);
    expect(scoreCriterion(rows, 'weighting', 9)[0]?.points).toBe(9);
    expect(scoreCriterion(rows, 'weighting', '400.')[0]?.points).toBe('400.');
    expect(totalOf(scoreCriterion(rows, 'weighting', 1.5))).toEqual({ score: 1.5, maxScore: 2 });
  });

  it('says what is wrong with the points in the spec’s words (max 2: 9 and "400." are above it), and blocks saving', () => {
    const [row] = rubricOf(attempt({}), new Map());
    if (row === undefined) throw new Error('no row');
    const error = (points: number | string) => pointsError({ ...row, points });
    expect(error(9)).toBe('Higher than allowed maximum');
    expect(error('400.')).toBe('Higher than allowed maximum');
    expect(error(-0.5)).toBe('Lower than allowed minimum');
    expect(error('')).toBe('This field is required');
    expect(error('abc')).toBe('This field is required');
    expect(error(1.3)).toBe('Use steps of 0.5 points');
    expect(error(1.5)).toBeUndefined();
    expect(error(2)).toBeUndefined();
    expect(rubricValid([{ ...row, points: 9 }])).toBe(false);
    expect(totalOf([{ ...row, points: 9 }])).toEqual({ score: 0, maxScore: 2 });
    // An automatic partial score, left as it is, stays valid between steps.
    expect(pointsError({ ...row, points: 1.37, savedPoints: 1.37 })).toBeUndefined();
  });

  it('writes the grade body with trimmed comments, empty criterion comments left out', () => {
    const rows = rubricOf(attempt({}), new Map());
    expect(gradeBody(rows, ' Good TE choice. ', [], true)).toEqual({
      criteria: [{ id: 'weighting', title: 'weighting', points: 0, maxPoints: 2 }],
      comment: 'Good TE choice.',
      annotations: [],
      final: true,
    });
  });
});
