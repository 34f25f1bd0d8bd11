import { describe, expect, it } from 'vitest';
import { attemptsLeftLabel, nextAttempt, notStartedMessage, type AttemptSummary } from './next-attempt.ts';

const submitted: AttemptSummary = { id: 'a1', number: 1, state: 'submitted' };

describe('what the attempt page offers next (issue 20.1)', () => {
  it('offers a new attempt at once after submitting, without waiting for a grade, while attempts are left', () => {
    expect(nextAttempt(submitted, [submitted], 2)).toEqual({ kind: 'start' });
    expect(nextAttempt(submitted, [submitted], null)).toEqual({ kind: 'start' });
    for (const state of ['inMarking', 'graded', 'released', 'regradeRequested'] as const)
      expect(nextAttempt({ ...submitted, state }, [], 1)).toEqual({ kind: 'start' });
  });

  it('offers nothing while the attempt shown is in progress, and says so once none are left', () => {
    const open: AttemptSummary = { id: 'a1', number: 1, state: 'inProgress' };
    expect(nextAttempt(open, [open], 3)).toEqual({ kind: 'none' });
    expect(nextAttempt(submitted, [submitted], 0)).toEqual({ kind: 'usedUp' });
  });

  it('points at the attempt in progress from an earlier one, which a start would answer', () => {
    const second: AttemptSummary = { id: 'a2', number: 2, state: 'inProgress' };
    expect(nextAttempt(submitted, [second, submitted], 0)).toEqual({ kind: 'continue', id: 'a2', number: 2 });
  });

  it('says how many attempts are left, or that they are unlimited', () => {
    expect(attemptsLeftLabel(2)).toBe('Attempts left: 2');
    expect(attemptsLeftLabel(0)).toBe('Attempts left: 0');
    expect(attemptsLeftLabel(null)).toBe('Attempts left: Unlimited');
  });
});

describe('before the first attempt (issue 20.12b)', () => {
  it('tells a student who has scanned that their scans wait for an attempt, not that they never started', () => {
    expect(notStartedMessage(2)).toBe(
      'You have scanned this module (2 finished scans) but not started an attempt yet. Start one to submit your scans.',
    );
    expect(notStartedMessage(1)).toMatch(/\(1 finished scan\)/);
    expect(notStartedMessage(0)).toMatch(/^You have not started this module yet/);
  });
});
