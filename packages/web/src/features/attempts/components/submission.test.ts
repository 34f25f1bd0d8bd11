import { describe, expect, it } from 'vitest';
import { summarizeObjective, type Objective } from '@larmor/contracts/objectives';
import {
  canRequestRegrade,
  checkHelpHref,
  isEditable,
  questionsOf,
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
});
