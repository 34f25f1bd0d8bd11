/**
 * What the student's submission form needs, as pure functions: the questions the module's objectives ask (a
 * "diagnose and fix" objective asks which artifact was planted, under its `questionId`), the submit body, and
 * where the knowledge base explains what each automatic check is about, and whether the required checks passed.
 */
import type { AttemptState, LabAttempt } from '@larmor/contracts/attempts';
import {
  ARTIFACT_HELP,
  knowledgeBaseHref,
  PARAMETER_HELP,
  SEQUENCE_FAMILY_HELP,
  type KnowledgeBaseLink,
} from '@larmor/contracts/knowledge-base';
import type { CheckResult, ObjectiveSummary } from '@larmor/contracts/objectives';

/** A question the student answers in words, or by picking one of `choices` (a reading question). */
export interface Question {
  id: string;
  label: string;
  choices?: readonly string[];
}

/** The note every submission may carry (what the student changed and why). */
export const NOTES_QUESTION: Question = {
  id: 'notes',
  label: 'What did you change, and why? (optional)',
};

/** The questions of `objectives` (as the module tells a student), each id once, then the notes. */
export function questionsOf(objectives: readonly ObjectiveSummary[]): Question[] {
  const seen = new Set<string>();
  const questions: Question[] = [];
  for (const o of objectives) {
    if (o.questionId === null || seen.has(o.questionId)) continue;
    seen.add(o.questionId);
    questions.push(
      o.question
        ? { id: o.questionId, label: o.question.prompt, choices: o.question.choices }
        : { id: o.questionId, label: 'Which artifact did you see?' },
    );
  }
  if (!seen.has(NOTES_QUESTION.id)) questions.push(NOTES_QUESTION);
  return questions;
}

/** The body of POST …/submit: the chosen scan results in the order chosen, non-empty answers trimmed. */
export function submissionBody(scanResultIds: readonly string[], answers: Readonly<Record<string, string>>) {
  const filled = Object.entries(answers)
    .map(([id, text]) => [id, text.trim()] as const)
    .filter(([, text]) => text !== '');
  return { scanResultIds: [...scanResultIds], answers: Object.fromEntries(filled) };
}

/** Adds `id` to the selection, or removes it. */
export function toggleSelection(selection: readonly string[], id: string): string[] {
  return selection.includes(id) ? selection.filter((s) => s !== id) : [...selection, id];
}

/**
 * Whether the form may be sent: at least one series, except in a reading-only module (its series are prepared:
 * the answers are the submission), where every multiple-choice question must have a choice.
 */
export function canSubmit(
  readingOnly: boolean,
  chosen: readonly string[],
  questions: readonly Question[],
  answers: Readonly<Record<string, string>>,
): boolean {
  if (!readingOnly) return chosen.length > 0;
  return questions.every((q) => q.choices === undefined || (answers[q.id] ?? '') !== '');
}

/** The student edits the attempt only while it is in progress; afterwards it is read-only. */
export function isEditable(state: AttemptState): boolean {
  return state === 'inProgress';
}

/**
 * Whether the attempt's released grade is its automatic one, given by no teacher: a module that releases the
 * automatic grade at once (issue 27.4) released it when the student submitted.
 */
export function releasedAutomatically(attempt: Pick<LabAttempt, 'state' | 'grade'>): boolean {
  return (
    (attempt.state === 'released' || attempt.state === 'regradeRequested') &&
    attempt.grade !== null &&
    attempt.grade.gradedBy === null
  );
}

/** The student may ask for a regrade once, of a released grade. */
export function canRequestRegrade(state: AttemptState, regradeReason: string | null): boolean {
  return state === 'released' && regradeReason === null;
}

const CHECK_HELP: Readonly<Record<string, KnowledgeBaseLink | undefined>> = {
  weighting: PARAMETER_HELP['echoTime'],
  contrastOrder: PARAMETER_HELP['repetitionTime'],
  scanTimeMax: PARAMETER_HELP['nex'],
  snrMin: PARAMETER_HELP['nex'],
  inPlaneResolutionMax: PARAMETER_HELP['matrixRead'],
  sliceThicknessMax: PARAMETER_HELP['sliceThickness'],
  coverage: PARAMETER_HELP['sliceCount'],
  phaseDirection: PARAMETER_HELP['phaseOversampling'],
  fatSuppression: SEQUENCE_FAMILY_HELP['Dixon'],
  noWrap: ARTIFACT_HELP.aliasing,
  chemicalShiftMax: ARTIFACT_HELP.chemicalShift,
  noMotion: ARTIFACT_HELP.motion,
};

/** The knowledge-base page that teaches what a check of `kind` is about, if there is one. */
export function checkHelpHref(kind: string): string | undefined {
  const link = CHECK_HELP[kind];
  return link === undefined ? undefined : knowledgeBaseHref(link);
}

/**
 * Whether the submission meets the module's requirements, in words: null where no check is required; otherwise
 * met when every required check passed, or the required checks that failed, by title.
 */
export function requirementsOf(
  checks: readonly CheckResult[],
  titles: ReadonlyMap<string, string>,
): string | null {
  const required = checks.filter((c) => c.mustPass);
  if (required.length === 0) return null;
  const failed = required.filter((c) => !c.passed);
  if (failed.length === 0)
    return required.length === 1
      ? 'The required check passed: this submission meets the module’s requirements.'
      : `All ${required.length} required checks passed: this submission meets the module’s requirements.`;
  const names = failed.map((c) => `“${titles.get(c.objectiveId) ?? c.target}”`).join(', ');
  return `Requirements not met: the required ${failed.length === 1 ? 'check' : 'checks'} ${names} failed, whatever the points of the others.`;
}
