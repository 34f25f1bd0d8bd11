/**
 * The teacher's rubric as pure functions: the attempt to grade among the module's attempts (the student's
 * newest submitted one), the rubric prefilled from the grade (itself prefilled from the automatic checks), a
 * score as typed (never capped: issue 21.6) with its message, the total, and the grade body.
 */
import {
  RUBRIC_POINTS_STEP_MESSAGE,
  rubricPointsRule,
  type AttemptGrade,
  type LabAttempt,
} from '@larmor/contracts/attempts';
import { t } from '#lib/i18n.ts';

export interface RubricRow {
  id: string;
  title: string;
  /** The score as typed: a number, or the text of a box being edited ('', '1.', '400.'). */
  points: number | string;
  /** The score the grade holds (an automatic partial score may sit between steps while unchanged). */
  savedPoints: number;
  maxPoints: number;
  comment: string;
  /** The automatic score, when the criterion is an objective's (an override is a change from it). */
  automaticPoints: number | null;
}

/** The student's newest attempt that has been submitted (attempts come newest first). */
export function attemptToGrade(attempts: readonly LabAttempt[], studentId: string): LabAttempt | undefined {
  return attempts.find((a) => a.userId === studentId && a.state !== 'inProgress');
}

/** The rubric of `attempt`'s grade; titles from the module's objectives where the criterion has none. */
export function rubricOf(attempt: LabAttempt, titles: ReadonlyMap<string, string>): RubricRow[] {
  const grade = attempt.grade;
  if (grade === null) return [];
  const automatic = new Map(grade.checks.map((c) => [c.objectiveId, c.points]));
  return grade.criteria.map((c) => ({
    id: c.id,
    title: c.title ?? titles.get(c.id) ?? c.id,
    points: c.points,
    savedPoints: c.points,
    maxPoints: c.maxPoints,
    comment: c.comment ?? '',
    automaticPoints: automatic.get(c.id) ?? null,
  }));
}

/** `rows` with criterion `id` scored `points` exactly as typed: nothing is capped or rounded. */
export function scoreCriterion(rows: readonly RubricRow[], id: string, points: number | string): RubricRow[] {
  return rows.map((r) => (r.id === id ? { ...r, points } : r));
}

/** The score of a row as a number (NaN while the box holds no number). */
const valueOf = (row: RubricRow): number =>
  typeof row.points === 'number' ? row.points : row.points.trim() === '' ? Number.NaN : Number(row.points);

/**
 * The message of a row's points box, or undefined when valid: the spec's numeric-input texts (platform-shell.md
 * §5: above the maximum, below 0, not a number) and the rubric's step.
 */
export function pointsError(row: RubricRow): string | undefined {
  const rule = rubricPointsRule(row.points, row.maxPoints, valueOf(row) === row.savedPoints);
  if (rule === undefined) return undefined;
  return rule === 'step' ? RUBRIC_POINTS_STEP_MESSAGE : t(`numeric.${rule}`);
}

/** Whether every row's points are valid (the grade may be saved). */
export function rubricValid(rows: readonly RubricRow[]): boolean {
  return rows.every((r) => pointsError(r) === undefined);
}

/** The total of the valid scores, and the maximum. */
export function totalOf(rows: readonly RubricRow[]): { score: number; maxScore: number } {
  return {
    score: rows.reduce((sum, r) => sum + (pointsError(r) === undefined ? valueOf(r) : 0), 0),
    maxScore: rows.reduce((sum, r) => sum + r.maxPoints, 0),
  };
}

/** The body of POST …/grade; drawings already on the grade are kept. */
export function gradeBody(
  rows: readonly RubricRow[],
  comment: string,
  annotations: AttemptGrade['annotations'],
  final: boolean,
): AttemptGrade {
  return {
    criteria: rows.map((r) => ({
      id: r.id,
      title: r.title,
      points: valueOf(r),
      maxPoints: r.maxPoints,
      ...(r.comment.trim() === '' ? {} : { comment: r.comment.trim() }),
    })),
    comment: comment.trim(),
    annotations: [...annotations],
    final,
  };
}
