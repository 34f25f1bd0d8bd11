/**
 * Automatic grading of a submission (issue 14): every objective of the module checked against every submitted
 * series; each objective keeps its best outcome (most points, then passed). Pure: the caller supplies the
 * snapshots, the models they name and the reconstructed images.
 */
import { gradingContext, type GradedSeries } from './context.ts';
import { checkAnswer, isAnswerOnly } from './answerChecks.ts';
import { checkArtifactLimits } from './artifactLimitChecks.ts';
import { checkImages } from './imageChecks.ts';
import { checkMeasures } from './measureChecks.ts';
import type { CheckOutcome, Objective } from './objectives.ts';
import { checkProtocol } from './protocolChecks.ts';

export interface ObjectiveResult extends CheckOutcome {
  objectiveId: string;
  kind: Objective['kind'];
  /** Index of the series the outcome was decided on; null when nothing was submitted. */
  seriesIndex: number | null;
}

/** One objective on one series. */
export function checkObjective(
  objective: Objective,
  series: GradedSeries,
  answers: Readonly<Record<string, string>> = {},
): CheckOutcome {
  if (isAnswerOnly(objective)) return decide(objective, undefined, answers);
  return decide(objective, gradingContext(series), answers);
}

/** `ctx` undefined: an answer-only objective (answerChecks.ts), decided without a series. */
function decide(
  objective: Objective,
  ctx: ReturnType<typeof gradingContext> | undefined,
  answers: Readonly<Record<string, string>>,
): CheckOutcome {
  const outcome =
    checkAnswer(objective, answers) ??
    (ctx === undefined ? undefined : decideOnSeries(objective, ctx, answers));
  if (!outcome) throw new RangeError(`unknown objective kind ${objective.kind}`);
  const words = outcome.passed ? objective.feedbackPass : objective.feedbackFail;
  return words ? { ...outcome, hint: `${outcome.hint} ${words}` } : outcome;
}

function decideOnSeries(
  objective: Objective,
  ctx: ReturnType<typeof gradingContext>,
  answers: Readonly<Record<string, string>>,
): CheckOutcome | undefined {
  return (
    checkProtocol(objective, ctx) ??
    checkImages(objective, ctx, answers) ??
    checkMeasures(objective, ctx) ??
    checkArtifactLimits(objective, ctx)
  );
}

const better = (a: CheckOutcome, b: CheckOutcome): boolean =>
  a.points > b.points || (a.points === b.points && a.passed && !b.passed);

/**
 * Every objective against every series; the best outcome per objective, in the objectives' order. An answer-only
 * objective (a reading question) is decided once from the answers, with or without series (`seriesIndex` null).
 */
export function gradeSubmission(
  objectives: readonly Objective[],
  series: readonly GradedSeries[],
  answers: Readonly<Record<string, string>> = {},
): ObjectiveResult[] {
  const contexts = series.map(gradingContext);
  return objectives.map((objective) => {
    if (isAnswerOnly(objective))
      return {
        objectiveId: objective.id,
        kind: objective.kind,
        seriesIndex: null,
        ...decide(objective, undefined, answers),
      };
    let best: { outcome: CheckOutcome; index: number } | undefined;
    contexts.forEach((ctx, index) => {
      const outcome = decide(objective, ctx, answers);
      if (!best || better(outcome, best.outcome)) best = { outcome, index };
    });
    if (!best)
      return {
        objectiveId: objective.id,
        kind: objective.kind,
        seriesIndex: null,
        passed: false,
        measured: null,
        target: objective.title ?? 'this objective',
        value: null,
        points: 0,
        maxPoints: objective.points,
        hint: 'No series was submitted for this check: keep a scan result and submit it.',
        adjust: [],
      };
    return { objectiveId: objective.id, kind: objective.kind, seriesIndex: best.index, ...best.outcome };
  });
}
