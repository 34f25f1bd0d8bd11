/**
 * The rubric a teacher saves, checked against the submission's grade (issue 21.6): an objective's criterion
 * keeps the objective's maximum (a client cannot raise it), and every score is a number from 0 to the maximum
 * in the rubric's step (an automatic partial score left unchanged stays valid). A bad score is a 400 naming the
 * criterion; nothing is capped and nothing is written.
 */
import {
  RUBRIC_POINTS_STEP_MESSAGE,
  rubricPointsRule,
  type AttemptGrade,
  type RubricPointsRule,
} from '@larmor/contracts';
import { invalidField } from '../../plugins/errors.ts';
import type { GradeRow } from './repository.ts';

/** The spec's texts of the numeric inputs (platform-shell.md §5), and the step's. */
const MESSAGES: Record<RubricPointsRule, string> = {
  notNumeric: 'This field is required',
  aboveMax: 'Higher than allowed maximum',
  belowMin: 'Lower than allowed minimum',
  step: RUBRIC_POINTS_STEP_MESSAGE,
};

/** The validation map's rule of each broken rubric rule (API-VALIDATION.CRITERIA.{RULE}). */
const RULES: Record<RubricPointsRule, string> = {
  notNumeric: 'type',
  aboveMax: 'max',
  belowMin: 'min',
  step: 'step',
};

/** Throws the 400 of the first criterion of `criteria` that breaks a rule of `grade`'s rubric. */
export function checkRubric(criteria: AttemptGrade['criteria'], grade: GradeRow): void {
  const automatic = new Map(
    (JSON.parse(grade.checks) as { objectiveId: string; maxPoints: number }[]).map((c) => [
      c.objectiveId,
      c.maxPoints,
    ]),
  );
  const stored = new Map(
    (JSON.parse(grade.criteria) as { id: string; points: number }[]).map((c) => [c.id, c.points]),
  );
  for (const c of criteria) {
    const name = c.title ?? c.id;
    const objectiveMax = automatic.get(c.id);
    if (objectiveMax !== undefined && objectiveMax !== c.maxPoints)
      throw invalidField(
        'criteria',
        'maxPoints',
        `${name}: the objective is worth ${objectiveMax} points, not ${c.maxPoints}`,
      );
    const rule = rubricPointsRule(c.points, c.maxPoints, stored.get(c.id) === c.points);
    if (rule !== undefined)
      throw invalidField(
        'criteria',
        RULES[rule],
        `${name}: ${MESSAGES[rule]} (0 to ${c.maxPoints} points, ${c.points} given)`,
      );
  }
}
