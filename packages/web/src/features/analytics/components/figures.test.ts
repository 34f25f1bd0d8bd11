import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatRate,
  hasData,
  passRateSummary,
  progressRows,
  progressSummary,
} from './figures.ts';

const progress = {
  students: 3,
  states: {
    notStarted: 1,
    inProgress: 1,
    submitted: 0,
    inMarking: 0,
    graded: 0,
    released: 1,
    regradeRequested: 0,
  },
  late: 1,
};

describe('analytics figures', () => {
  it('lists every progress state in the attempt order, not started first', () => {
    expect(progressRows(progress).map((r) => [r.label, r.count])).toEqual([
      ['Not started', 1],
      ['In progress', 1],
      ['Submitted', 0],
      ['In marking', 0],
      ['Graded', 0],
      ['Released', 1],
      ['Regrade requested', 0],
    ]);
  });

  it('writes durations in s, min and h with minutes', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(45.4)).toBe('45 s');
    expect(formatDuration(510)).toBe('9 min');
    expect(formatDuration(3900)).toBe('1 h 05 min');
  });

  it('names the charts’ content in one sentence each', () => {
    expect(progressSummary(progress)).toBe(
      'Students by state: Not started 1, In progress 1, Released 1, of 3 students; 1 late',
    );
    const rates = [
      { objectiveId: 'w', title: 'T2 weighting', kind: 'weighting', passed: 0, submissions: 2, rate: 0 },
      { objectiveId: 'x', title: 'No wrap', kind: 'noWrap', passed: 0, submissions: 0, rate: null },
    ];
    expect(passRateSummary(rates)).toBe('Pass rate per objective: T2 weighting 0 %, No wrap —');
    expect(formatRate(2 / 3)).toBe('67 %');
  });

  it('has no data without students, sessions or submissions', () => {
    const none = { ...progress, students: 0, states: { ...progress.states, notStarted: 0 }, late: 0 };
    expect(hasData({ progress: none, timeOnTask: { sessions: 0 }, passRates: [] })).toBe(false);
    expect(hasData({ progress: none, timeOnTask: { sessions: 1 }, passRates: [] })).toBe(true);
    expect(hasData({ progress, timeOnTask: { sessions: 0 }, passRates: [] })).toBe(true);
  });
});
