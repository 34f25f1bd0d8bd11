import { describe, expect, it } from 'vitest';
import { summarizeObjective, type CheckResult, type Objective } from '@larmor/contracts/objectives';
import {
  canRequestRegrade,
  canSubmit,
  checkHelpHref,
  isEditable,
  questionsOf,
  requirementsOf,
  submissionBody,
  toggleSelection,
} from './submission.ts';

const objectives: Objective[] = [
  { id: 'w', kind: 'weighting', weighting: 'T2', points: 2 },
  { id: 'd1', kind: 'diagnoseFix', artifact: 'wrap', questionId: 'artifact', points: 4 },
  { id: 'd2', kind: 'diagnoseFix', artifact: 'motion', questionId: 'artifact', points: 4 },
];

describe('the student’s submission', () => {
  it('asks each diagnose-and-fix question once, then for notes', () => {
    expect(questionsOf(objectives.map(summarizeObjective)).map((q) => q.id)).toEqual(['artifact', 'notes']);
    expect(questionsOf([]).map((q) => q.id)).toEqual(['notes']);
  });

  it('submits the chosen series in the order chosen and only answers with text, trimmed', () => {
    let chosen = toggleSelection([], 'b');
    chosen = toggleSelection(chosen, 'a');
    expect(chosen).toEqual(['b', 'a']);
    expect(toggleSelection(chosen, 'b')).toEqual(['a']);
    expect(submissionBody(chosen, { artifact: ' Wrap-around ', notes: '  ' })).toEqual({
      scanResultIds: ['b', 'a'],
      answers: { artifact: 'Wrap-around' },
    });
  });

  it('is read-only after submission; a regrade is asked once, of a released grade', () => {
    expect(isEditable('inProgress')).toBe(true);
    expect(isEditable('submitted')).toBe(false);
    expect(canRequestRegrade('released', null)).toBe(true);
    expect(canRequestRegrade('released', 'I used long TR')).toBe(false);
    expect(canRequestRegrade('graded', null)).toBe(false);
  });

  it('links checks to the knowledge-base article that teaches them', () => {
    expect(checkHelpHref('noWrap')).toBe('/knowledge-base/aliasing');
    expect(checkHelpHref('weighting')).toBe('/knowledge-base/timing-parameters#echo-time');
    expect(checkHelpHref('diagnoseFix')).toBeUndefined();
  });

  it('says whether the required checks passed: met only when every one did, naming those that failed', () => {
    const check = (objectiveId: string, passed: boolean, mustPass: boolean): CheckResult => ({
      objectiveId,
      kind: 'weighting',
      passed,
      measured: 'T1',
      target: 'T2 weighting',
      value: null,
      points: passed ? 2 : 0,
      maxPoints: 2,
      hint: '',
      scanResultId: null,
      mustPass,
      change: [],
      learnMore: null,
    });
    const titles = new Map([
      ['w', 'T2 weighting'],
      ['o', 'Axial slices'],
    ]);
    expect(requirementsOf([check('w', false, false)], titles)).toBeNull();
    expect(requirementsOf([check('w', true, true), check('o', false, false)], titles)).toBe(
      'The required check passed: this submission meets the module’s requirements.',
    );
    expect(requirementsOf([check('w', true, true), check('o', true, true)], titles)).toBe(
      'All 2 required checks passed: this submission meets the module’s requirements.',
    );
    expect(requirementsOf([check('w', false, true), check('o', true, false)], titles)).toBe(
      'Requirements not met: the required check “T2 weighting” failed, whatever the points of the others.',
    );
    expect(requirementsOf([check('w', false, true), check('o', false, true)], titles)).toBe(
      'Requirements not met: the required checks “T2 weighting”, “Axial slices” failed, whatever the points of the others.',
    );
  });
});

describe('a reading question on the submission (issue 24, model 100001)', () => {
  const reading: Objective = {
    id: 'r',
    kind: 'readingAnswer',
    points: 2,
    questionId: 'best',
    prompt: 'Which series?',
    choices: ['T1', 'FLAIR'],
    answer: 'FLAIR',
  };

  it('asks its prompt with its choices; a reading-only module submits answers alone once each is chosen', () => {
    const questions = questionsOf([summarizeObjective(reading)]);
    expect(questions[0]).toEqual({ id: 'best', label: 'Which series?', choices: ['T1', 'FLAIR'] });
    expect(canSubmit(true, [], questions, {})).toBe(false);
    expect(canSubmit(true, [], questions, { best: 'FLAIR' })).toBe(true);
    expect(canSubmit(false, [], questions, { best: 'FLAIR' })).toBe(false);
    expect(canSubmit(false, ['s'], questions, {})).toBe(true);
  });
});
