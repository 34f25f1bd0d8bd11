/**
 * Attempt commands (issue 14): start, read, submit (graded automatically at once), grade (teacher; overrides
 * audited), release (one attempt or a whole module), and a regrade request once per attempt. Each command
 * checks everything first, then writes in one transaction; a state change is conditional on the state it
 * starts from, so two racing calls cannot both win.
 */
import {
  labObjectivesSchema,
  type AttemptGrade,
  type AttemptSubmit,
  type LabAttempt,
  type LtiGradeReturn,
} from '@larmor/contracts';
import { isUniqueViolation, type Db } from '../../db/database.ts';
import { conflict, forbidden, invalidField, notFound } from '../../plugins/errors.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { gradeScanResults } from '../grading/service.ts';
import { enqueueScores, gradeReturnsOf } from '../lti/ags.ts';
import { anatomicalModelOf } from '../content/labs/model-catalogue.ts';
import { findLab, type LabRecord } from '../content/labs/repository.ts';
import { checkOpenToLearner } from '../content/labs/service.ts';
import { isOrganisationStaff, type ContentScope } from '../content/programs/access.ts';
import { loadVisibleProgram } from '../content/programs/service.ts';
import { findScanResults } from '../scan-results/repository.ts';
import { attemptOrganisation, attemptReach, mayReadAttempt, reviewsAttempt } from './organisation.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import { presentAttempt } from './presenter.ts';
import { checkRubric } from './rubric.ts';
import {
  attemptsOf,
  attemptsOfLab,
  gradesAndResultsOf,
  findAttempt,
  findGrade,
  insertAttempt,
  insertGrade,
  insertOverrides,
  insertSubmittedScanResults,
  moveAttempt,
  overridesOf,
  releaseGradedOfLab,
  submittedScanResultIds,
  updateGrade,
  type AttemptRow,
  type GradeRow,
  type OverrideRow,
} from './repository.ts';

/** States a teacher may grade in; states whose grade may be released. */
const GRADABLE = ['submitted', 'inMarking', 'graded', 'regradeRequested'] as const;
const RELEASABLE = ['submitted', 'graded'] as const;

/**
 * The states a teacher may grade the attempt in: also `released` while its released grade is the automatic one
 * (no teacher gave it: a module that releases the automatic grade at once, issue 27.4), so the teacher may still
 * regrade it and release the new grade. A teacher's released grade is regraded on the student's request.
 */
const gradableStates = (grade: GradeRow | undefined): readonly string[] =>
  grade !== undefined && grade.graded_by === null ? [...GRADABLE, 'released'] : GRADABLE;

const isStaff = (scope: ContentScope): boolean => scope.platformAdmin || isOrganisationStaff(scope);

async function loadLab(db: Db, labId: string): Promise<LabRecord> {
  const lab = await findLab(db, labId);
  if (!lab) throw notFound('Module');
  return lab;
}

async function loadAttempt(db: Db, id: string): Promise<AttemptRow> {
  const attempt = await findAttempt(db, id);
  if (!attempt) throw notFound('Attempt');
  return attempt;
}

/**
 * Whether the caller sees the attempt's LTI grade returns: its organisation's staff (whose platforms they are)
 * and platform admins, not the student nor the owner of a global program reviewing another organisation's work.
 */
const seesGradeReturns = (scope: ContentScope, attempt: AttemptRow): boolean =>
  attempt.user_id !== scope.userId &&
  (scope.platformAdmin || (isOrganisationStaff(scope) && attempt.client_id === scope.clientId));

/** The attempt as `scope` may see it (403 for another student's, or another organisation's). */
async function present(db: Db, scope: ContentScope, attempt: AttemptRow): Promise<LabAttempt> {
  const view = attempt.user_id === scope.userId ? 'student' : 'staff';
  return presentAttempt(
    attempt,
    await submittedScanResultIds(db, attempt.id),
    await findGrade(db, attempt.id),
    view === 'staff' ? await overridesOf(db, attempt.id) : [],
    view,
    seesGradeReturns(scope, attempt)
      ? ((await gradeReturnsOf(db, [attempt.id])).get(attempt.id) ?? [])
      : undefined,
  );
}

/** A reviewer of the attempt other than its student: staff of the attempt's organisation, platform admins. */
async function loadReviewable(db: Db, scope: ContentScope, id: string): Promise<AttemptRow> {
  const attempt = await loadAttempt(db, id);
  if (!isStaff(scope) || attempt.user_id === scope.userId) throw forbidden();
  if (!(await reviewsAttempt(db, scope, attempt))) throw forbidden();
  return attempt;
}

/** Why no attempt is left: the module's allowance, said in words the student can act on. */
const usedUp = (allowed: number): string =>
  `You have used the ${allowed} attempt${allowed === 1 ? '' : 's'} allowed on this module`;

/**
 * Starts the caller's next attempt on a module they can see, or answers the one in progress (also when a
 * parallel start made it). A submitted attempt does not wait for a teacher: its automatic feedback is the
 * student's at once, so the next one starts at once while the module allows more (grades and releases stay per
 * attempt). 403 on the free plan for a module beyond it; 409 when the module's allowed attempts are used or it is
 * not open yet.
 */
export async function startAttempt(
  db: Db,
  scope: ContentScope,
  labId: string,
): Promise<{ created: boolean; attempt: LabAttempt }> {
  const lab = await loadLab(db, labId);
  const program = await loadVisibleProgram(db, scope, lab.program_id);
  await checkOpenToLearner(db, scope, lab);
  const clientId = await attemptOrganisation(db, scope, program);
  const now = isoNow();
  if (lab.available_from !== null && Date.parse(lab.available_from) > Date.parse(now))
    throw conflict('The module is not open yet');
  const attempts = await attemptsOf(db, scope.userId, labId);
  const open = attempts.find((a) => a.state === 'inProgress');
  if (open) return { created: false, attempt: await present(db, scope, open) };
  if (lab.attempts_allowed !== null && attempts.length >= lab.attempts_allowed)
    throw conflict(usedUp(lab.attempts_allowed));
  const row: AttemptRow = {
    id: newId(),
    lab_id: labId,
    user_id: scope.userId,
    client_id: clientId,
    number: attempts.length + 1,
    state: 'inProgress',
    answers: '{}',
    late: 0,
    started_at: now,
    submitted_at: null,
    released_at: null,
    regrade_reason: null,
    regrade_requested_at: null,
    updated_at: now,
  };
  try {
    await insertAttempt(db, row);
  } catch (error) {
    // A parallel start of the same student numbered its attempt first (unique lab, user, number): answer it.
    if (!isUniqueViolation(error)) throw error;
    const raced = (await attemptsOf(db, scope.userId, labId)).find((a) => a.state === 'inProgress');
    if (!raced) throw conflict('Another attempt on this module was started at the same time');
    return { created: false, attempt: await present(db, scope, raced) };
  }
  return { created: true, attempt: await present(db, scope, row) };
}

/**
 * The attempts on a module the caller may see: platform admins every one, an organisation's staff its
 * students', a learner their own (grades hidden until released; no override log in lists).
 */
export async function listAttempts(db: Db, scope: ContentScope, labId: string): Promise<LabAttempt[]> {
  const lab = await loadLab(db, labId);
  const reach = await attemptReach(db, scope, await loadVisibleProgram(db, scope, lab.program_id));
  const filter =
    reach.kind === 'all'
      ? {}
      : reach.kind === 'organisation'
        ? { clientId: reach.clientId }
        : { userId: scope.userId };
  const rows = await attemptsOfLab(db, labId, filter);
  const ids = rows.map((r) => r.id);
  const { grades, results } = await gradesAndResultsOf(db, ids);
  const returns = reach.kind === 'none' ? new Map<string, LtiGradeReturn[]>() : await gradeReturnsOf(db, ids);
  return rows.map((row) => {
    const view = row.user_id === scope.userId ? 'student' : 'staff';
    const gradeReturns = seesGradeReturns(scope, row) ? (returns.get(row.id) ?? []) : undefined;
    return presentAttempt(row, results.get(row.id) ?? [], grades.get(row.id), [], view, gradeReturns);
  });
}

export async function getAttempt(db: Db, scope: ContentScope, id: string): Promise<LabAttempt> {
  const attempt = await loadAttempt(db, id);
  if (!(await mayReadAttempt(db, scope, attempt))) throw forbidden();
  return present(db, scope, attempt);
}

const sameSubmission = (attempt: AttemptRow, ids: readonly string[], body: AttemptSubmit, stored: string[]) =>
  JSON.stringify(stored) === JSON.stringify(ids) &&
  JSON.stringify(JSON.parse(attempt.answers)) === JSON.stringify(body.answers);

/**
 * Submits the attempt: the chosen scan results (the student's own, of this module) and the answers, graded
 * automatically against the module's objectives; then read-only. The same submission again answers the
 * submitted attempt (idempotent); a different one, or a submission of a closed attempt, 409. A reading-only
 * module (model 100001: the student reads prepared series and scans nothing) takes answers without scan results;
 * any other module at least one. On a module that releases the automatic grade at once
 * (`release_automatic_grade`, issue 27.4) the automatic score is the grade, released in the submission's
 * transaction and held for LTI grade return as releaseAttempt's is (`released`: call
 * `app.ltiScores.deliverDue()` after); a teacher may still regrade it and release the new grade.
 */
export async function submitAttempt(
  db: Db,
  runtime: SimulatorRuntime,
  scope: ContentScope,
  id: string,
  body: AttemptSubmit,
): Promise<{ attempt: LabAttempt; released: boolean }> {
  const attempt = await loadAttempt(db, id);
  if (attempt.user_id !== scope.userId) throw forbidden('Only the student submits an attempt');
  if (attempt.state !== 'inProgress') {
    const stored = await submittedScanResultIds(db, id);
    if (sameSubmission(attempt, body.scanResultIds, body, stored))
      return { attempt: await present(db, scope, attempt), released: false };
    throw conflict('The attempt was already submitted');
  }
  const lab = await loadLab(db, attempt.lab_id);
  if (body.scanResultIds.length === 0 && anatomicalModelOf(lab.anatomical_model_id)?.readingOnly !== true)
    throw invalidField('scanResultIds', 'min', 'Choose at least one series to submit');
  const rows = await findScanResults(db, body.scanResultIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = body.scanResultIds.map((sid) => byId.get(sid));
  if (ordered.some((r) => !r || r.user_id !== scope.userId || r.lab_id !== attempt.lab_id))
    throw invalidField('scanResultIds', 'owned', 'Submit your own scan results of this module');
  const objectives = labObjectivesSchema.parse(JSON.parse(lab.objectives));
  const results = ordered.filter((r) => r !== undefined);
  const checks = await gradeScanResults(runtime.blobs, objectives, results, body.answers);
  const now = isoNow();
  const late = lab.due_at !== null && Date.parse(now) > Date.parse(lab.due_at) ? 1 : 0;
  const criteria = checks.map((c) => ({
    id: c.objectiveId,
    title: objectives.find((o) => o.id === c.objectiveId)?.title ?? c.target,
    points: c.points,
    maxPoints: c.maxPoints,
  }));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const releaseAtOnce = lab.release_automatic_grade === 1;
  const submitted = await db.transaction().execute(async (trx) => {
    const moved = await moveAttempt(trx, id, ['inProgress'], {
      state: releaseAtOnce ? 'released' : 'submitted',
      answers: JSON.stringify(body.answers),
      late,
      submitted_at: now,
      ...(releaseAtOnce && { released_at: now }),
      updated_at: now,
    });
    if (!moved) return false;
    await insertSubmittedScanResults(trx, id, body.scanResultIds);
    await insertGrade(trx, {
      attempt_id: id,
      checks: JSON.stringify(checks),
      criteria: JSON.stringify(criteria),
      comment: '',
      annotations: '[]',
      score: sum(checks.map((c) => c.points)),
      max_score: sum(checks.map((c) => c.maxPoints)),
      graded_by: null,
      graded_at: null,
    });
    // The automatic grade is final: the student's at once, and the learning platforms' (after the grade row).
    if (releaseAtOnce) await enqueueScores(trx, [id], now);
    return true;
  });
  const after = await loadAttempt(db, id);
  if (!submitted) {
    const stored = await submittedScanResultIds(db, id);
    if (!sameSubmission(after, body.scanResultIds, body, stored))
      throw conflict('The attempt was already submitted');
  }
  return { attempt: await present(db, scope, after), released: submitted && releaseAtOnce };
}

/** Grades the attempt (teacher): rubric, comment, drawings; every changed score is audited. */
export async function gradeAttempt(
  db: Db,
  scope: ContentScope,
  id: string,
  body: AttemptGrade,
): Promise<LabAttempt> {
  const attempt = await loadReviewable(db, scope, id);
  const grade = await findGrade(db, id);
  const gradable = gradableStates(grade);
  if (!gradable.includes(attempt.state)) throw conflict('The attempt is not open for grading');
  const submitted = new Set(await submittedScanResultIds(db, id));
  if (body.annotations.some((a) => !submitted.has(a.scanResultId)))
    throw invalidField('annotations', 'submitted', 'Draw on the scan results of this attempt');
  const criteria = new Set(body.criteria.map((c) => c.id));
  if (body.annotations.some((a) => !criteria.has(a.criterionId)))
    throw invalidField('annotations', 'criterion', 'Tie each drawing to a criterion of the rubric');
  if (!grade) throw conflict('The attempt has no submission');
  checkRubric(body.criteria, grade);
  const before = new Map(
    (JSON.parse(grade.criteria) as { id: string; points: number }[]).map((c) => [c.id, c.points]),
  );
  const now = isoNow();
  const overrides: OverrideRow[] = body.criteria
    .filter((c) => before.get(c.id) !== c.points)
    .map((c) => ({
      id: newId(),
      attempt_id: id,
      criterion_id: c.id,
      from_points: before.get(c.id) ?? null,
      to_points: c.points,
      by_user_id: scope.userId,
      at: now,
    }));
  const state = body.final ? 'graded' : 'inMarking';
  const done = await db.transaction().execute(async (trx) => {
    const moved = await moveAttempt(trx, id, gradable, { state, updated_at: now });
    if (!moved) return false;
    await updateGrade(trx, id, {
      criteria: JSON.stringify(body.criteria),
      comment: body.comment,
      annotations: JSON.stringify(body.annotations),
      score: body.criteria.reduce((a, c) => a + c.points, 0),
      max_score: body.criteria.reduce((a, c) => a + c.maxPoints, 0),
      graded_by: scope.userId,
      graded_at: now,
    });
    await insertOverrides(trx, overrides);
    return true;
  });
  if (!done) throw conflict('The attempt is not open for grading');
  return present(db, scope, await loadAttempt(db, id));
}

/**
 * Releases the attempt's grade to the student (a submission graded automatically, or by a teacher), and holds
 * its score for the learning platforms the student launched the module from (LTI grade return, lti/ags.ts):
 * call `app.ltiScores.deliverDue()` after.
 */
export async function releaseAttempt(db: Db, scope: ContentScope, id: string): Promise<LabAttempt> {
  const attempt = await loadReviewable(db, scope, id);
  const now = isoNow();
  if (!(RELEASABLE as readonly string[]).includes(attempt.state))
    throw conflict('The attempt has no grade to release');
  const moved = await db.transaction().execute(async (trx) => {
    const done = await moveAttempt(trx, id, RELEASABLE, {
      state: 'released',
      released_at: now,
      updated_at: now,
    });
    if (done) await enqueueScores(trx, [id], now);
    return done;
  });
  if (!moved) throw conflict('The attempt has no grade to release');
  return present(db, scope, await loadAttempt(db, id));
}

/**
 * Releases every graded attempt of a module that the caller reviews: all of them for the owning organisation's
 * staff and platform admins, its own for an organisation a global program is assigned to; their scores are held
 * for LTI grade return as releaseAttempt's are.
 */
export async function releaseModule(
  db: Db,
  scope: ContentScope,
  labId: string,
): Promise<{ released: number }> {
  if (!isStaff(scope)) throw forbidden();
  const lab = await loadLab(db, labId);
  const reach = await attemptReach(db, scope, await loadVisibleProgram(db, scope, lab.program_id));
  if (reach.kind === 'none') throw forbidden();
  const clientId = reach.kind === 'organisation' ? reach.clientId : null;
  const released = await db.transaction().execute(async (trx) => {
    const now = isoNow();
    const ids = await releaseGradedOfLab(trx, labId, clientId, now);
    await enqueueScores(trx, ids, now);
    return ids.length;
  });
  return { released };
}

/** The student asks for a regrade of a released grade, once per attempt, with a reason. */
export async function requestRegrade(
  db: Db,
  scope: ContentScope,
  id: string,
  reason: string,
): Promise<LabAttempt> {
  const attempt = await loadAttempt(db, id);
  if (attempt.user_id !== scope.userId) throw forbidden('Only the student asks for a regrade');
  if (attempt.regrade_reason !== null) throw conflict('A regrade was already requested for this attempt');
  if (attempt.state !== 'released') throw conflict('Only a released grade can be regraded');
  const now = isoNow();
  const moved = await moveAttempt(db, id, ['released'], {
    state: 'regradeRequested',
    regrade_reason: reason,
    regrade_requested_at: now,
    updated_at: now,
  });
  if (!moved) throw conflict('Only a released grade can be regraded');
  return present(db, scope, await loadAttempt(db, id));
}
