/**
 * LTI grade return (issue 27.4; AGS 2.0): the score outbox. Releasing a grade writes, in the release's own
 * transaction, one row per attempt and line item (ags-links.ts says which) holding the score to send; a row whose
 * score is already pending or sent is left alone, so a release never sends a duplicate, and a re-release after a
 * grade change holds the new score (a new `version`) to be sent once. ags-delivery.ts sends what is due.
 */
import {
  LTI_SCORE_RETRY_BASE_S,
  LTI_SCORE_RETRY_MAX_S,
  ltiGradeReturnSchema,
  ltiGradeReturnStatusSchema,
  type LtiGradeReturn,
} from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import type { LtiScoresTable } from '../../db/schema.ts';
import { newId } from '../../db/ids.ts';
import { awaitingLineItemsOf, scoreTargetsOf } from './ags-links.ts';

export type ScoreRow = LtiScoresTable;

/** The wait after the `tries`-th failed try of a platform call [s]: doubling from the base, capped. */
export function retryDelayS(tries: number): number {
  return Math.min(LTI_SCORE_RETRY_MAX_S, LTI_SCORE_RETRY_BASE_S * 2 ** Math.max(0, tries - 1));
}

/** The grade of each attempt as a score: points given, maximum, the teacher's comment. */
async function gradesOf(db: Db, attemptIds: readonly string[]) {
  const rows = await db
    .selectFrom('attempt_grades')
    .select(['attempt_id', 'score', 'max_score', 'comment'])
    .where('attempt_id', 'in', attemptIds)
    .execute();
  return new Map(
    rows.map((g) => [
      g.attempt_id,
      { scoreGiven: Number(g.score), scoreMaximum: Number(g.max_score), comment: g.comment },
    ]),
  );
}

/**
 * Holds the grades of `attemptIds`, released at `now`, for return to their line items (call inside the release's
 * transaction; `now` is the score's timestamp). Answers how many scores are now pending.
 */
export async function enqueueScores(trx: Db, attemptIds: readonly string[], now: string): Promise<number> {
  const targets = await scoreTargetsOf(trx, attemptIds);
  if (targets.length === 0) return 0;
  const grades = await gradesOf(
    trx,
    targets.map((t) => t.attemptId),
  );
  let pending = 0;
  for (const target of targets) {
    const grade = grades.get(target.attemptId);
    // AGS 2.0 §3.4.6: scoreMaximum must be positive; a module worth no points has no score to return.
    if (grade === undefined || !(grade.scoreMaximum > 0)) continue;
    const score = {
      platform_id: target.platformId,
      user_sub: target.userSub,
      score_given: grade.scoreGiven,
      score_maximum: grade.scoreMaximum,
      comment: grade.comment,
    };
    const existing = await trx
      .selectFrom('lti_scores')
      .selectAll()
      .where('attempt_id', '=', target.attemptId)
      .where('line_item', '=', target.lineItem)
      .executeTakeFirst();
    const fresh = {
      ...score,
      scored_at: now,
      status: 'pending',
      tries: 0,
      next_try_at: now,
      error: null,
      sent_at: null,
      updated_at: now,
    };
    if (existing === undefined) {
      await trx
        .insertInto('lti_scores')
        .values({
          id: newId(),
          attempt_id: target.attemptId,
          line_item: target.lineItem,
          version: 1,
          created_at: now,
          ...fresh,
        })
        .execute();
      pending += 1;
      continue;
    }
    const same =
      existing.platform_id === score.platform_id &&
      existing.user_sub === score.user_sub &&
      Number(existing.score_given) === score.score_given &&
      Number(existing.score_maximum) === score.score_maximum &&
      existing.comment === score.comment;
    // The same score pending or sent: nothing to do. A failed one released again is tried again.
    if (same && existing.status !== 'failed') continue;
    await trx
      .updateTable('lti_scores')
      .set({ ...fresh, version: Number(existing.version) + 1 })
      .where('id', '=', existing.id)
      .execute();
    pending += 1;
  }
  return pending;
}

/** Puts the attempt's failed scores back in line, due at `now`; answers how many. */
export async function retryFailedScores(db: Db, attemptId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('lti_scores')
    .set((eb) => ({
      status: 'pending',
      version: eb('version', '+', 1),
      tries: 0,
      next_try_at: now,
      error: null,
      updated_at: now,
    }))
    .where('attempt_id', '=', attemptId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The grade returns of each of `attemptIds`, as staff see them on the attempt. */
export async function gradeReturnsOf(
  db: Db,
  attemptIds: readonly string[],
): Promise<Map<string, LtiGradeReturn[]>> {
  const byAttempt = new Map<string, LtiGradeReturn[]>();
  if (attemptIds.length === 0) return byAttempt;
  const rows = await db
    .selectFrom('lti_scores as s')
    .innerJoin('lti_platforms as p', 'p.id', 's.platform_id')
    .selectAll('s')
    .select('p.name as platform_name')
    .where('s.attempt_id', 'in', attemptIds)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
  for (const row of rows) {
    const status = ltiGradeReturnStatusSchema.parse(row.status);
    const item = ltiGradeReturnSchema.parse({
      platformName: row.platform_name,
      lineItem: row.line_item,
      status,
      scoreGiven: Number(row.score_given),
      scoreMaximum: Number(row.score_maximum),
      tries: Number(row.tries),
      error: row.error,
      nextTryAt: status === 'pending' ? row.next_try_at : null,
      sentAt: status === 'sent' ? row.sent_at : null,
    });
    byAttempt.set(row.attempt_id, [...(byAttempt.get(row.attempt_id) ?? []), item]);
  }
  for (const [attemptId, awaiting] of await awaitingLineItemsOf(db, attemptIds))
    byAttempt.set(attemptId, [...(byAttempt.get(attemptId) ?? []), ...awaiting]);
  return byAttempt;
}
