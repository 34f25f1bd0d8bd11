/** The grade page's words for each grade return status (issue 27.4), and when it asks the server again. */
import type { LtiGradeReturn } from '@larmor/contracts/lti-ags';
import { describe, expect, it } from 'vitest';
import { GRADE_RETURN_POLL_MS, gradeReturnLine, gradeReturnPollMs } from './grade-returns.ts';

const NOW_MS = Date.parse('2026-11-28T12:00:00.000Z');
const base: LtiGradeReturn = {
  platformName: 'Moodle',
  lineItem: 'https://moodle.example/lineitems/1',
  status: 'pending',
  scoreGiven: 2.5,
  scoreMaximum: 3,
  tries: 0,
  error: null,
  nextTryAt: '2026-11-28T12:00:00.000Z',
  sentAt: null,
};

describe('grade return lines', () => {
  it('says each status in words with the score, and a failure with its reason', () => {
    expect(gradeReturnLine(base)).toMatchObject({
      label: 'Pending',
      score: '2.5 of 3 points',
      detail: 'Being sent',
    });
    const retrying = gradeReturnLine({ ...base, tries: 1, error: 'Score: the platform answered 503' });
    expect(retrying.detail).toMatch(/^Try 1 failed: Score: the platform answered 503\. Next try /);
    const sent = gradeReturnLine({
      ...base,
      status: 'sent',
      tries: 1,
      nextTryAt: null,
      sentAt: base.nextTryAt,
    });
    expect(sent.label).toBe('Sent');
    expect(sent.detail).toMatch(/^Taken by the platform /);
    expect(gradeReturnLine({ ...base, status: 'failed', error: 'Refused', nextTryAt: null })).toMatchObject({
      label: 'Failed',
      detail: 'Refused',
    });
  });

  it('asks again while a pending return is due within a minute, while one is being sent, and not for a retry due later or none pending', () => {
    expect(gradeReturnPollMs([base], NOW_MS)).toBe(GRADE_RETURN_POLL_MS);
    const inTwoMinutes = new Date(NOW_MS + 120_000).toISOString();
    // A retry after a failure, due in two minutes: nothing to ask before it is near.
    const retryLater = {
      ...base,
      tries: 1,
      error: 'Score: the platform answered 503',
      nextTryAt: inTwoMinutes,
    };
    expect(gradeReturnPollMs([retryLater], NOW_MS)).toBe(false);
    // Being sent now (no failure yet): its due time is the sender's claim, so the page asks until it is sent.
    const beingSent = { ...base, tries: 1, nextTryAt: inTwoMinutes };
    expect(gradeReturnPollMs([beingSent], NOW_MS)).toBe(GRADE_RETURN_POLL_MS);
    expect(gradeReturnPollMs([{ ...base, status: 'sent' }], NOW_MS)).toBe(false);
    expect(gradeReturnPollMs(undefined, NOW_MS)).toBe(false);
  });
});
