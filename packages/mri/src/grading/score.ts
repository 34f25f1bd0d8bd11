/** Points of a check: all or nothing, or partial credit on a numeric miss (objectives.ts `partialCredit`). */
import type { Adjustable, CheckOutcome, Objective } from './objectives.ts';

/** Decimal places kept in points. */
const POINT_DECIMALS = 2;
const roundPoints = (p: number): number => Math.round(p * 10 ** POINT_DECIMALS) / 10 ** POINT_DECIMALS;

/** Points for a relative miss (0 when met; (value − target)/target for an "at most" check, and so on). */
export function pointsFor(objective: Objective, relativeMiss: number): number {
  if (relativeMiss <= 0) return objective.points;
  const margin = objective.partialCredit?.marginFraction;
  if (!margin || relativeMiss >= margin) return 0;
  return roundPoints(objective.points * (1 - relativeMiss / margin));
}

type Decided = Omit<CheckOutcome, 'points' | 'maxPoints'>;

/** An all-or-nothing outcome. */
export function binary(objective: Objective, decided: Decided): CheckOutcome {
  return { ...decided, points: decided.passed ? objective.points : 0, maxPoints: objective.points };
}

/**
 * A check the series cannot be measured for (no pure tissue or no air in the slices, no map): failed, no value,
 * with what to change (by default where the slices lie).
 */
export function unmeasured(
  objective: Objective,
  target: string,
  hint: string,
  adjust: Adjustable[] = ['slicePosition'],
): CheckOutcome {
  return binary(objective, { passed: false, measured: null, target, value: null, hint, adjust });
}

/** A numeric "value ≤ max" outcome with partial credit. */
export function atMost(
  objective: Objective,
  value: number,
  max: number,
  rest: Omit<Decided, 'passed' | 'value'>,
): CheckOutcome {
  const miss = max > 0 ? (value - max) / max : value > max ? Infinity : 0;
  return {
    ...rest,
    value,
    passed: value <= max,
    points: pointsFor(objective, miss),
    maxPoints: objective.points,
  };
}

/** A numeric "value ≥ min" outcome with partial credit. */
export function atLeast(
  objective: Objective,
  value: number,
  min: number,
  rest: Omit<Decided, 'passed' | 'value'>,
): CheckOutcome {
  const miss = min > 0 ? (min - value) / min : value < min ? Infinity : 0;
  return {
    ...rest,
    value,
    passed: value >= min,
    points: pointsFor(objective, miss),
    maxPoints: objective.points,
  };
}
