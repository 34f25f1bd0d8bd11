/**
 * Checks decided from the student's answers alone (issue 24): a reading question of a reading-only module
 * (model 100001) asks which of its choices the prepared series show; no series is needed, and none is read.
 * The engine's hint never names the right choice: the teacher's feedback teaches why.
 */
import type { CheckOutcome, Objective } from './objectives.ts';
import { binary } from './score.ts';

/** A choice as compared: lower case, runs of white space as one space, trimmed. */
const normalised = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether `objective` is decided from the answers alone (no series). */
export function isAnswerOnly(objective: Objective): boolean {
  return objective.kind === 'readingAnswer';
}

/** The outcome of an answer-only objective, or undefined for a kind decided on a series. */
export function checkAnswer(
  objective: Objective,
  answers: Readonly<Record<string, string>>,
): CheckOutcome | undefined {
  if (objective.kind !== 'readingAnswer') return undefined;
  const given = normalised(answers[objective.questionId] ?? '');
  const chosen = objective.choices.find((c) => normalised(c) === given);
  const right = chosen !== undefined && normalised(chosen) === normalised(objective.answer);
  let hint: string;
  if (given === '') hint = 'No choice was given: pick the answer the series show.';
  else if (chosen === undefined)
    hint = `The answer is none of the ${objective.choices.length} choices: pick one of them.`;
  else if (right) hint = `Right: the series show “${chosen}”.`;
  else hint = `“${chosen}” is not what the series show best: compare the series again.`;
  return binary(objective, {
    passed: right,
    measured: given === '' ? 'no choice given' : `the answer “${chosen ?? given}”`,
    target: objective.prompt,
    value: null,
    hint,
    adjust: right ? [] : ['answer'],
  });
}
