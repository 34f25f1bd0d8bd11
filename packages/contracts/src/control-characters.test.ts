/**
 * Issue 19 item 7: the request fields of calls the API attack suites do not reach with a ready world (an
 * attempt's answers and rubric criteria, an image annotation, an error report) refuse control characters with
 * the rule `control` like every other text field (common.ts `textSchema`).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { annotationSchema, attemptSubmitSchema, criterionScoreSchema } from './attempts.ts';
import { CONTROL_CHARACTER_RULE, replaceControlCharacters } from './common.ts';
import { errorReportSchema } from './error-reports.ts';

const ID = '00000000-0000-4000-8000-000000000000';

/** The rules (params.rule of custom issues, else codes) of `issues`, a record key's own issues included. */
function rulesIn(issues: readonly z.core.$ZodIssue[]): unknown[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'invalid_key') return rulesIn(issue.issues);
    return [issue.code === 'custom' ? issue.params?.['rule'] : issue.code];
  });
}

function rulesOf(schema: z.ZodType, value: unknown): unknown[] {
  const result = schema.safeParse(value);
  return result.success ? [] : rulesIn(result.error.issues);
}

describe('control characters in attempt, grading and error-report fields', () => {
  it('are refused with rule "control", and the same values without them are accepted', () => {
    const cases: [z.ZodType, (bad: string) => unknown][] = [
      [attemptSubmitSchema, (bad) => ({ scanResultIds: [ID], answers: { [`q1${bad}`]: 'wrap' } })],
      [criterionScoreSchema, (bad) => ({ id: `c1${bad}`, points: 1, maxPoints: 2 })],
      [
        annotationSchema,
        (bad) => ({
          criterionId: `c1${bad}`,
          scanResultId: ID,
          slice: 0,
          kind: 'arrow',
          points: [
            [0, 0],
            [1, 1],
          ],
        }),
      ],
      [errorReportSchema, (bad) => ({ name: `Error${bad}`, message: 'm', page: '/simulator' })],
      [errorReportSchema, (bad) => ({ name: 'Error', message: `m${bad}`, page: '/simulator' })],
      [errorReportSchema, (bad) => ({ name: 'Error', message: 'm', page: `/simulator${bad}` })],
    ];
    for (const [schema, value] of cases) {
      for (const bad of ['\u0000', '\u0007', '\u001b[2J', '\u009b']) {
        expect(rulesOf(schema, value(bad)), JSON.stringify(value(bad))).toContain(CONTROL_CHARACTER_RULE);
      }
      expect(rulesOf(schema, value('')), JSON.stringify(value(''))).toEqual([]);
    }
  });

  it('replaceControlCharacters makes any text acceptable, keeping line breaks in multi-line text', () => {
    expect(replaceControlCharacters('a\u0007b\nc')).toBe('a\uFFFDb\uFFFDc');
    expect(replaceControlCharacters('a\u001bb\nc\td', true)).toBe('a\uFFFDb\nc\td');
  });
});
