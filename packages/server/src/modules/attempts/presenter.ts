/** The answers of attempt calls from rows: grades shown to the student only once released. */
import type { Grade, LabAttempt, LtiGradeReturn } from '@larmor/contracts';
import { attemptStateSchema, checkResultSchema, gradeSchema } from '@larmor/contracts';
import type { AttemptRow, GradeRow, OverrideRow } from './repository.ts';

/** States in which the student sees their grade. */
export const RELEASED_STATES = ['released', 'regradeRequested'] as const;

export function presentGrade(row: GradeRow, overrides: readonly OverrideRow[]): Grade {
  return gradeSchema.parse({
    checks: JSON.parse(row.checks),
    criteria: JSON.parse(row.criteria),
    comment: row.comment,
    annotations: JSON.parse(row.annotations),
    score: Number(row.score),
    maxScore: Number(row.max_score),
    gradedBy: row.graded_by,
    gradedAt: row.graded_at,
    overrides: overrides.map((o) => ({
      criterionId: o.criterion_id,
      fromPoints: o.from_points === null ? null : Number(o.from_points),
      toPoints: Number(o.to_points),
      byUserId: o.by_user_id,
      at: o.at,
    })),
  });
}

export function presentAttempt(
  row: AttemptRow,
  scanResultIds: string[],
  grade: GradeRow | undefined,
  overrides: readonly OverrideRow[],
  view: 'student' | 'staff',
  /** Staff only: the grade's returns to learning platforms (LTI AGS). */
  gradeReturns?: LtiGradeReturn[],
): LabAttempt {
  const state = attemptStateSchema.parse(row.state);
  const visible = view === 'staff' || (RELEASED_STATES as readonly string[]).includes(state);
  return {
    id: row.id,
    labId: row.lab_id,
    userId: row.user_id,
    number: row.number,
    state,
    answers: JSON.parse(row.answers) as Record<string, string>,
    scanResultIds,
    late: row.late === 1,
    startedAt: row.started_at,
    submittedAt: row.submitted_at,
    releasedAt: row.released_at,
    regradeReason: row.regrade_reason,
    grade: grade && visible ? presentGrade(grade, view === 'staff' ? overrides : []) : null,
    feedback: grade ? checkResultSchema.array().parse(JSON.parse(grade.checks)) : null,
    ...(view === 'staff' && gradeReturns !== undefined && { gradeReturns }),
  };
}
