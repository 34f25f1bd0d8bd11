/**
 * What the attempt page offers next (issue 20.1, 20.12b), as pure functions: the automatic feedback is the
 * student's at once after submitting, so a new attempt is offered at once while the module allows more — a
 * teacher's grade and release stay with each attempt and are not waited for; how many attempts are left, in
 * words; and what the page says before the first attempt, when the student may already have scanned.
 */
import type { AttemptState } from '@larmor/contracts/attempts';
import { isEditable } from './submission.ts';

/** An attempt as this module needs it: its id, number and state. */
export interface AttemptSummary {
  id: string;
  number: number;
  state: AttemptState;
}

/** What the page offers after the attempt shown. */
export type NextAttempt =
  | { kind: 'none' }
  | { kind: 'start' }
  | { kind: 'continue'; id: string; number: number }
  | { kind: 'usedUp' };

/**
 * What follows `shown`: nothing while it is in progress; else the student's attempt in progress (a start would
 * answer it), else a new attempt while `attemptsLeft` (null: unlimited) allows one, else none left.
 */
export function nextAttempt(
  shown: AttemptSummary,
  own: readonly AttemptSummary[],
  attemptsLeft: number | null,
): NextAttempt {
  if (isEditable(shown.state)) return { kind: 'none' };
  const open = own.find((a) => a.id !== shown.id && isEditable(a.state));
  if (open !== undefined) return { kind: 'continue', id: open.id, number: open.number };
  return attemptsLeft === null || attemptsLeft > 0 ? { kind: 'start' } : { kind: 'usedUp' };
}

/** "Attempts left: 2", or "Attempts left: Unlimited" when the module does not limit them (null). */
export function attemptsLeftLabel(attemptsLeft: number | null): string {
  return `Attempts left: ${attemptsLeft === null ? 'Unlimited' : attemptsLeft}`;
}

/**
 * What the page says before the first attempt: the student may have scanned already (scanning in the simulator
 * does not start an attempt), and those scans are what they submit once they start one.
 */
export function notStartedMessage(finishedScans: number): string {
  if (finishedScans === 0)
    return 'You have not started this module yet. Start an attempt to submit your scans.';
  const scans = finishedScans === 1 ? '1 finished scan' : `${finishedScans} finished scans`;
  return `You have scanned this module (${scans}) but not started an attempt yet. Start one to submit your scans.`;
}
