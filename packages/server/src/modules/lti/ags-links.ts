/**
 * The resource links of LTI launches (issue 27.4): each launch records the link it came from — platform,
 * deployment, resource link id, context, the module it opens — with its AGS endpoint claim (AGS 2.0 §3.1), and
 * that its user launched it. An attempt's score goes to the line item of every link of its module that its
 * student launched, on platforms of the attempt's own organisation only.
 */
import {
  LTI_AGS_SCOPES,
  type LtiGradeReturn,
  ltiAgsEndpointClaimSchema,
  ltiNrpsClaimSchema,
  ltiUrlSchema,
} from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import { isoNow, newId } from '../../db/ids.ts';
import type { PlatformRow } from './repository.ts';

/** What a verified launch says of its resource link. */
export interface LaunchLink {
  deploymentId: string;
  resourceLinkId: string;
  contextId: string | undefined;
  /** The AGS endpoint claim as it came (validated here: a malformed one records no line item). */
  endpoint: unknown;
  /** The NRPS claim as it came (validated here: a malformed one records no membership URL). */
  roster: unknown;
}

/** An https URL from the claim, or null (a platform's plain-http or malformed URL is not used). */
const httpsUrl = (text: string | undefined): string | null =>
  text !== undefined && ltiUrlSchema.safeParse(text).success ? text : null;

/**
 * What a launch changes of a known link's line item: the platform's own wins; without one the link keeps what it
 * has (created by Larmor, or given before); else its creation is scheduled once (`schedule`) when the platform
 * allows it, and called off when it no longer does.
 */
function lineItemChanges(
  existing: { line_item: string | null; line_item_next_try_at: string | null },
  lineItem: string | null,
  mayCreate: boolean,
  schedule: { line_item_next_try_at: string; line_item_tries: number; line_item_error: null },
) {
  if (lineItem !== null) return { line_item: lineItem, line_item_next_try_at: null, line_item_error: null };
  if (existing.line_item !== null) return {};
  if (!mayCreate) return { line_item_next_try_at: null };
  return existing.line_item_next_try_at === null ? schedule : {};
}

/** Records (or refreshes) the launch's resource link for module `labId` and that `userId` launched it. */
export async function recordLink(
  trx: Db,
  platform: PlatformRow,
  link: LaunchLink,
  labId: string,
  userId: string,
): Promise<void> {
  const now = isoNow();
  const claim = ltiAgsEndpointClaimSchema.safeParse(link.endpoint ?? {});
  const endpoint = claim.success ? claim.data : {};
  const roster = ltiNrpsClaimSchema.safeParse(link.roster);
  const lineItem = httpsUrl(endpoint.lineitem);
  const lineItems = httpsUrl(endpoint.lineitems);
  const scopes = endpoint.scope ?? [];
  // AGS 2.0 §3.2: with the line item scope and a container but no line item, Larmor creates the link's own.
  const mayCreate = lineItem === null && lineItems !== null && scopes.includes(LTI_AGS_SCOPES.lineItem);
  const columns = {
    context_id: link.contextId ?? null,
    lab_id: labId,
    line_items: lineItems,
    memberships_url: roster.success ? httpsUrl(roster.data.context_memberships_url) : null,
    scopes: JSON.stringify(scopes),
    updated_at: now,
  };
  const existing = await trx
    .selectFrom('lti_links')
    .select(['id', 'line_item', 'line_item_next_try_at'])
    .where('platform_id', '=', platform.id)
    .where('deployment_id', '=', link.deploymentId)
    .where('resource_link_id', '=', link.resourceLinkId)
    .executeTakeFirst();
  const schedule = { line_item_next_try_at: now, line_item_tries: 0, line_item_error: null };
  const linkId = existing?.id ?? newId();
  if (existing === undefined) {
    await trx
      .insertInto('lti_links')
      .values({
        id: linkId,
        platform_id: platform.id,
        deployment_id: link.deploymentId,
        resource_link_id: link.resourceLinkId,
        created_at: now,
        line_item: lineItem,
        ...columns,
        ...(mayCreate ? schedule : { line_item_next_try_at: null }),
      })
      .execute();
  } else {
    await trx
      .updateTable('lti_links')
      .set({ ...columns, ...lineItemChanges(existing, lineItem, mayCreate, schedule) })
      .where('id', '=', existing.id)
      .execute();
  }
  const known = await trx
    .selectFrom('lti_link_users')
    .select('link_id')
    .where('link_id', '=', linkId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (known === undefined)
    await trx
      .insertInto('lti_link_users')
      .values({ link_id: linkId, user_id: userId, created_at: now })
      .execute();
}

/**
 * Attempts (`a`) joined to the links (`l`) of their module that their student launched (`lu`), on platforms (`p`)
 * registered by the attempt's own organisation: never another's.
 */
function attemptLinks(db: Db) {
  return db
    .selectFrom('lab_attempts as a')
    .innerJoin('lti_link_users as lu', 'lu.user_id', 'a.user_id')
    .innerJoin('lti_links as l', (join) =>
      join.onRef('l.id', '=', 'lu.link_id').onRef('l.lab_id', '=', 'a.lab_id'),
    )
    .innerJoin('lti_platforms as p', (join) =>
      join.onRef('p.id', '=', 'l.platform_id').onRef('p.client_id', '=', 'a.client_id'),
    );
}

/** Where one attempt's score goes: a line item of a platform, for the student's `sub` there. */
export interface ScoreTarget {
  attemptId: string;
  platformId: string;
  lineItem: string;
  userSub: string;
}

/**
 * The line items the scores of `attemptIds` go to: links of each attempt's module that its student launched,
 * with a line item and the score scope, on a platform registered by the attempt's organisation (never another's).
 */
export async function scoreTargetsOf(db: Db, attemptIds: readonly string[]): Promise<ScoreTarget[]> {
  if (attemptIds.length === 0) return [];
  const rows = await attemptLinks(db)
    .innerJoin('lti_accounts as acc', (join) =>
      join.onRef('acc.platform_id', '=', 'p.id').onRef('acc.user_id', '=', 'a.user_id'),
    )
    .select(['a.id as attemptId', 'p.id as platformId', 'l.line_item as lineItem', 'l.scopes', 'acc.sub'])
    .where('a.id', 'in', attemptIds)
    .where('l.line_item', 'is not', null)
    .execute();
  const seen = new Set<string>();
  const targets: ScoreTarget[] = [];
  for (const row of rows) {
    const scopes = JSON.parse(row.scopes) as string[];
    if (row.lineItem === null || !scopes.includes(LTI_AGS_SCOPES.score)) continue;
    const key = `${row.attemptId}\n${row.lineItem}`;
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push({
      attemptId: row.attemptId,
      platformId: row.platformId,
      lineItem: row.lineItem,
      userSub: row.sub,
    });
  }
  return targets;
}

/**
 * The grade returns of released attempts among `attemptIds` that wait for their link's line item: pending while
 * its creation is due (with the last failure, if any), failed when the platform refused it. Keyed by attempt.
 */
export async function awaitingLineItemsOf(
  db: Db,
  attemptIds: readonly string[],
): Promise<Map<string, LtiGradeReturn[]>> {
  const byAttempt = new Map<string, LtiGradeReturn[]>();
  if (attemptIds.length === 0) return byAttempt;
  const rows = await attemptLinks(db)
    .innerJoin('attempt_grades as g', 'g.attempt_id', 'a.id')
    .select([
      'a.id as attemptId',
      'p.name as platformName',
      'l.line_items as lineItems',
      'l.scopes',
      'l.line_item_tries as tries',
      'l.line_item_next_try_at as nextTryAt',
      'l.line_item_error as error',
      'g.score',
      'g.max_score as maxScore',
    ])
    .where('a.id', 'in', attemptIds)
    .where('a.state', '=', 'released')
    .where('l.line_item', 'is', null)
    .where('l.line_items', 'is not', null)
    .where((eb) =>
      eb.or([eb('l.line_item_next_try_at', 'is not', null), eb('l.line_item_error', 'is not', null)]),
    )
    .orderBy('l.created_at')
    .execute();
  for (const row of rows) {
    const scopes = JSON.parse(row.scopes) as string[];
    if (!scopes.includes(LTI_AGS_SCOPES.score) || !(Number(row.maxScore) > 0)) continue;
    const pending = row.nextTryAt !== null;
    const item: LtiGradeReturn = {
      platformName: row.platformName,
      lineItem: row.lineItems ?? '',
      status: pending ? 'pending' : 'failed',
      scoreGiven: Number(row.score),
      scoreMaximum: Number(row.maxScore),
      tries: Number(row.tries),
      error: row.error === null ? null : `Creating the line item: ${row.error}`,
      nextTryAt: pending ? row.nextTryAt : null,
      sentAt: null,
    };
    byAttempt.set(row.attemptId, [...(byAttempt.get(row.attemptId) ?? []), item]);
  }
  return byAttempt;
}
