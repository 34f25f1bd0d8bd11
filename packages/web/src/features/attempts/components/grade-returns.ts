/**
 * The grade's returns to learning platforms (LTI AGS, issue 27.4) as the grade page says them: each status in
 * words (the colour only a second cue), and what the teacher can read next to it — when the platform took the
 * score, when the next try is due and why the last one failed, or why it failed for good.
 */
import type { LtiGradeReturn } from '@larmor/contracts/lti-ags';

export interface GradeReturnLine {
  label: string;
  color: string;
  /** The score in words: "2.37 of 3 points". */
  score: string;
  /** When and why, in a sentence; null when there is nothing to add. */
  detail: string | null;
}

const time = (iso: string | null): string => (iso === null ? '' : new Date(iso).toLocaleString());

/** One grade return, in words. */
export function gradeReturnLine(r: LtiGradeReturn): GradeReturnLine {
  const score = `${r.scoreGiven} of ${r.scoreMaximum} points`;
  switch (r.status) {
    case 'sent':
      return { label: 'Sent', color: 'green', score, detail: `Taken by the platform ${time(r.sentAt)}` };
    case 'pending':
      return {
        label: 'Pending',
        color: 'orange',
        score,
        detail:
          r.error === null
            ? 'Being sent'
            : `Try ${r.tries} failed: ${r.error}. Next try ${time(r.nextTryAt)}`,
      };
    case 'failed':
      return { label: 'Failed', color: 'red', score, detail: r.error };
  }
}

/** How often the page asks again while a return is pending and due within a minute [ms]. */
export const GRADE_RETURN_POLL_MS = 5000;
const SOON_MS = 60_000;

/**
 * The attempt's refetch interval: GRADE_RETURN_POLL_MS while a pending return is being sent (no try has failed:
 * its due time is then only the sender's claim on it) or is due soon; else none.
 */
export function gradeReturnPollMs(
  returns: readonly LtiGradeReturn[] | undefined,
  nowMs: number,
): number | false {
  const soon = (returns ?? []).some(
    (r) =>
      r.status === 'pending' &&
      (r.error === null || r.nextTryAt === null || Date.parse(r.nextTryAt) - nowMs <= SOON_MS),
  );
  return soon ? GRADE_RETURN_POLL_MS : false;
}
