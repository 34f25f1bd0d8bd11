/**
 * The teacher's rubric as pure functions: the attempt to grade among the module's attempts (the student's
 * newest submitted one), the rubric prefilled from the grade (itself prefilled from the automatic checks), a
 * score change clamped to 0…max, the total, and the grade body.
 */
import type { AttemptGrade, LabAttempt } from '@larmor/contracts/attempts';

export interface RubricRow {
  id: string;
  title: string;
  points: number;
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
    maxPoints: c.maxPoints,
    comment: c.comment ?? '',
    automaticPoints: automatic.get(c.id) ?? null,
  }));
}

/** `rows` with criterion `id` scored `points`, clamped to 0…its maximum (NaN leaves it). */
export function scoreCriterion(rows: readonly RubricRow[], id: string, points: number): RubricRow[] {
  return rows.map((r) =>
    r.id !== id || Number.isNaN(points) ? r : { ...r, points: Math.min(r.maxPoints, Math.max(0, points)) },
  );
}

export function totalOf(rows: readonly RubricRow[]): { score: number; maxScore: number } {
  return {
    score: rows.reduce((sum, r) => sum + r.points, 0),
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
      points: r.points,
      maxPoints: r.maxPoints,
      ...(r.comment.trim() === '' ? {} : { comment: r.comment.trim() }),
    })),
    comment: comment.trim(),
    annotations: [...annotations],
    final,
  };
}
