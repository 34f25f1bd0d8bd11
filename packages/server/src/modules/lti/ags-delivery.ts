/**
 * Delivery of the score outbox (issue 27.4), in the way mail's outbox is delivered (mail/outbox.ts): a round
 * sends every score that is due, rounds never overlap within a process, a release asks for a round after it
 * commits, and a timer runs one every LTI_DELIVERY_INTERVAL_MS for retries. A score is claimed before it is sent
 * (a conditional update of its version and tries), so two processes never send the same one; a failure that may
 * pass (network, 408, 429, 5xx) is tried again after a doubling wait (LTI_SCORE_RETRY_BASE_S … _MAX_S) up to
 * LTI_SCORE_MAX_TRIES times; a refusal fails at once with the platform's reason. Each round first gets the line
 * items of links launched without one (ags-line-items.ts).
 */
import { LTI_LINE_ITEM_SCORE_MAXIMUM, LTI_SCORE_MAX_TRIES, ltiScoreSchema } from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import { createTokenCache, PlatformCallError, postScore } from './ags-client.ts';
import { resolveDueLineItems } from './ags-line-items.ts';
import { retryDelayS, type ScoreRow } from './ags.ts';
import { findPlatform } from './repository.ts';

/** How often the timer looks for due scores [ms]. */
export const LTI_DELIVERY_INTERVAL_MS = 30_000;
/** How long a claimed score is held by its sender before another may try it (a sender that died) [s]. */
const CLAIM_S = 120;
/** Scores sent in one round at most. */
const DELIVERY_BATCH = 50;
/** Longest error message kept [characters]. */
const ERROR_MAX_LENGTH = 1000;

/** Decimal places of a score sent (a percentage): enough for any rubric, none of binary floating point's noise. */
const SCORE_DECIMALS = 4;

const isoAt = (ms: number): string => new Date(ms).toISOString();

/**
 * The score sent for `given` of `maximum` points: a percentage, out of LTI_LINE_ITEM_SCORE_MAXIMUM as the line
 * items Larmor's deep links create are (a platform scales it to its own line item's maximum, AGS 2.0 §3.4.6).
 */
export function scoreOutOfMaximum(given: number, maximum: number): number {
  const scale = 10 ** SCORE_DECIMALS;
  return Math.round((given / maximum) * LTI_LINE_ITEM_SCORE_MAXIMUM * scale) / scale;
}

export interface ScoreDelivery {
  /** Sends every score due at `nowMs` (default: now); never throws. Resolves to the number sent. */
  deliverDue(nowMs?: number): Promise<number>;
  /** Stops the timer and waits for a round in progress. */
  close(): Promise<void>;
}

/** Claims the score for one try; false when another sender, or a newer release, got there first. */
async function claim(db: Db, row: ScoreRow, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('lti_scores')
    .set({
      tries: Number(row.tries) + 1,
      next_try_at: isoAt(nowMs + CLAIM_S * 1000),
      updated_at: isoAt(nowMs),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('version', '=', row.version)
    .where('tries', '=', row.tries)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the try's outcome, for the version it sent only (a newer release keeps its own schedule). */
async function record(db: Db, row: ScoreRow, nowMs: number, error: unknown): Promise<void> {
  const tries = Number(row.tries) + 1;
  let changes: Partial<ScoreRow>;
  if (error === undefined) {
    changes = { status: 'sent', sent_at: isoAt(nowMs), next_try_at: null, error: null };
  } else {
    // An error of Larmor's own (the database) may pass as a platform's 5xx may.
    const retryable = error instanceof PlatformCallError ? error.retryable : true;
    const reason = error instanceof Error ? error.message : String(error);
    const retry = retryable && tries < LTI_SCORE_MAX_TRIES;
    changes = retry
      ? { status: 'pending', next_try_at: isoAt(nowMs + retryDelayS(tries) * 1000), error: reason }
      : {
          status: 'failed',
          next_try_at: null,
          error: retryable ? `Gave up after ${tries} tries: ${reason}` : reason,
        };
  }
  await db
    .updateTable('lti_scores')
    .set({
      ...changes,
      ...(changes.error != null && { error: changes.error.slice(0, ERROR_MAX_LENGTH) }),
      updated_at: isoAt(nowMs),
    })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .execute();
}

/** Delivery of `db`'s score outbox; `onError` hears of a failed round (database down). */
export function createScoreDelivery(
  db: Db,
  onError: (error: unknown) => void,
  intervalMs: number = LTI_DELIVERY_INTERVAL_MS,
): ScoreDelivery {
  const tokens = createTokenCache(db);
  let running: Promise<number> = Promise.resolve(0);

  async function send(row: ScoreRow): Promise<void> {
    const platform = await findPlatform(db, row.platform_id);
    if (platform === undefined) throw new PlatformCallError('The platform is no longer registered', false);
    const comment = row.comment.trim();
    await postScore(
      tokens,
      platform,
      row.line_item,
      ltiScoreSchema.parse({
        userId: row.user_sub,
        scoreGiven: scoreOutOfMaximum(Number(row.score_given), Number(row.score_maximum)),
        scoreMaximum: LTI_LINE_ITEM_SCORE_MAXIMUM,
        ...(comment !== '' && { comment }),
        timestamp: row.scored_at,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
      }),
    );
  }

  async function round(nowMs: number): Promise<number> {
    await resolveDueLineItems(db, tokens, nowMs);
    const due = await db
      .selectFrom('lti_scores')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_try_at', '<=', isoAt(nowMs))
      .orderBy('next_try_at')
      .orderBy('id')
      .limit(DELIVERY_BATCH)
      .execute();
    let sent = 0;
    for (const row of due) {
      if (!(await claim(db, row, nowMs))) continue;
      let error: unknown;
      try {
        await send(row);
        sent += 1;
      } catch (caught) {
        error = caught;
      }
      await record(db, row, nowMs, error);
    }
    return sent;
  }

  const timer = setInterval(() => void deliverDue(), intervalMs);
  timer.unref();

  function deliverDue(nowMs?: number): Promise<number> {
    running = running
      .then(() => round(nowMs ?? Date.now()))
      .catch((error: unknown) => {
        onError(error);
        return 0;
      });
    return running;
  }

  return {
    deliverDue,
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
