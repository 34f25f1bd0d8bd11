/**
 * What a rubric criterion's points may be (issue 21.6), shared by the grading form and the server: a number,
 * 0 to the criterion's maximum, in steps of RUBRIC_POINTS_STEP. An automatic score with partial credit (e.g.
 * 1.37 of 2) may sit between steps: left unchanged it stays valid; a teacher's own score keeps to the step.
 * Nothing is capped: a value out of range is an error, never silently brought within it.
 */

/** The step of a teacher's rubric points [points]. */
export const RUBRIC_POINTS_STEP = 0.5;

/** Which rule a rubric score breaks (the form's messages: platform-shell.md §5, numeric parameter inputs). */
export type RubricPointsRule = 'notNumeric' | 'aboveMax' | 'belowMin' | 'step';

/** The message of the step rule (the spec gives none; the other three rules use the spec's texts). */
export const RUBRIC_POINTS_STEP_MESSAGE = `Use steps of ${RUBRIC_POINTS_STEP} points`;

/** Tolerance when deciding that a score is a whole number of steps [points]. */
const STEP_TOLERANCE = 1e-9;

/**
 * The rule `points` breaks for a criterion worth `maxPoints`, or undefined when it is valid. `unchanged`:
 * the score is the one already stored (automatic partial credit), so only the range applies.
 */
export function rubricPointsRule(
  points: number | string | null | undefined,
  maxPoints: number,
  unchanged = false,
): RubricPointsRule | undefined {
  const value =
    typeof points === 'number'
      ? points
      : points === null || points === undefined || points.trim() === ''
        ? Number.NaN
        : Number(points);
  if (!Number.isFinite(value)) return 'notNumeric';
  if (value > maxPoints) return 'aboveMax';
  if (value < 0) return 'belowMin';
  if (unchanged) return undefined;
  const steps = value / RUBRIC_POINTS_STEP;
  return Math.abs(steps - Math.round(steps)) > STEP_TOLERANCE ? 'step' : undefined;
}
