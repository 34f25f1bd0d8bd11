/**
 * Line items for resource links launched without one (issue 27.4; AGS 2.0 §3.2): a link whose platform granted
 * the line item scope and named its line items container, but gave no line item, gets one — the platform's
 * existing line item for that resource link, else one Larmor creates (out of LTI_LINE_ITEM_SCORE_MAXIMUM, labelled
 * with the module's title, tagged LTI_LINE_ITEM_TAG). Done by the score delivery's rounds, before the scores: a
 * link is claimed for one try (so two processes never create two), a failure that may pass is tried again after
 * the scores' doubling wait, a refusal stops with the platform's reason until the next launch asks again. Once the
 * link has its line item, the grades already released on its module to its users are held for it (ags.ts), so a
 * release that came first is not lost.
 */
import { LTI_LINE_ITEM_SCORE_MAXIMUM, LTI_LINE_ITEM_TAG, LTI_SCORE_MAX_TRIES } from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import { findOrCreateLineItem, PlatformCallError, type TokenCache } from './ags-client.ts';
import { enqueueScores, retryDelayS } from './ags.ts';
import { findPlatform } from './repository.ts';

/** How long a claimed link is held by its resolver before another may try it (a resolver that died) [s]. */
const CLAIM_S = 120;
/** Links resolved in one round at most. */
const RESOLVE_BATCH = 20;
/** Longest error message kept [characters]. */
const ERROR_MAX_LENGTH = 1000;

const isoAt = (ms: number): string => new Date(ms).toISOString();

interface DueLink {
  id: string;
  platform_id: string;
  resource_link_id: string;
  lab_id: string;
  line_items: string | null;
  line_item_tries: number;
  title: string;
}

/** Claims the link for one try; false when another resolver got there first. */
async function claim(db: Db, link: DueLink, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('lti_links')
    .set({
      line_item_tries: Number(link.line_item_tries) + 1,
      line_item_next_try_at: isoAt(nowMs + CLAIM_S * 1000),
    })
    .where('id', '=', link.id)
    .where('line_item', 'is', null)
    .where('line_item_tries', '=', link.line_item_tries)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The released attempts on the link's module by the users who launched it. */
async function releasedAttemptsOf(db: Db, link: DueLink): Promise<string[]> {
  const rows = await db
    .selectFrom('lab_attempts as a')
    .innerJoin('lti_link_users as lu', 'lu.user_id', 'a.user_id')
    .select('a.id')
    .where('lu.link_id', '=', link.id)
    .where('a.lab_id', '=', link.lab_id)
    .where('a.state', '=', 'released')
    .execute();
  return rows.map((r) => r.id);
}

/** Finds or creates one link's line item; records the outcome; answers whether the link has it now. */
async function resolve(db: Db, tokens: TokenCache, link: DueLink, nowMs: number): Promise<boolean> {
  const tries = Number(link.line_item_tries) + 1;
  try {
    const platform = await findPlatform(db, link.platform_id);
    if (platform === undefined) throw new PlatformCallError('The platform is no longer registered', false);
    if (link.line_items === null) throw new PlatformCallError('The link has no line items container', false);
    const lineItem = await findOrCreateLineItem(tokens, platform, link.line_items, {
      scoreMaximum: LTI_LINE_ITEM_SCORE_MAXIMUM,
      label: link.title,
      resourceLinkId: link.resource_link_id,
      resourceId: link.lab_id,
      tag: LTI_LINE_ITEM_TAG,
    });
    const now = isoAt(nowMs);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('lti_links')
        .set({ line_item: lineItem, line_item_next_try_at: null, line_item_error: null, updated_at: now })
        .where('id', '=', link.id)
        .execute();
      await enqueueScores(trx, await releasedAttemptsOf(trx, link), now);
    });
    return true;
  } catch (error) {
    const retryable = error instanceof PlatformCallError ? error.retryable : true;
    const reason = error instanceof Error ? error.message : String(error);
    const retry = retryable && tries < LTI_SCORE_MAX_TRIES;
    await db
      .updateTable('lti_links')
      .set({
        line_item_next_try_at: retry ? isoAt(nowMs + retryDelayS(tries) * 1000) : null,
        line_item_error: (retry || !retryable ? reason : `Gave up after ${tries} tries: ${reason}`).slice(
          0,
          ERROR_MAX_LENGTH,
        ),
      })
      .where('id', '=', link.id)
      .execute();
    return false;
  }
}

/** Resolves every link whose line item is due at `nowMs`; answers how many got one. */
export async function resolveDueLineItems(db: Db, tokens: TokenCache, nowMs: number): Promise<number> {
  const due = await db
    .selectFrom('lti_links as l')
    .innerJoin('labs', 'labs.id', 'l.lab_id')
    .select([
      'l.id',
      'l.platform_id',
      'l.resource_link_id',
      'l.lab_id',
      'l.line_items',
      'l.line_item_tries',
      'labs.title',
    ])
    .where('l.line_item', 'is', null)
    .where('l.line_item_next_try_at', '<=', isoAt(nowMs))
    .orderBy('l.line_item_next_try_at')
    .orderBy('l.id')
    .limit(RESOLVE_BATCH)
    .execute();
  let resolved = 0;
  for (const link of due) {
    if (!(await claim(db, link, nowMs))) continue;
    if (await resolve(db, tokens, link, nowMs)) resolved += 1;
  }
  return resolved;
}
