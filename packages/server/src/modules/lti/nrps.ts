/**
 * Roster sync (issue 27.5; NRPS 2.0): a teacher of an organisation reads the membership of every platform context
 * a module of theirs was launched from (the link's `context_memberships_url`, paged by `Link: rel="next"`), with
 * a token for the NRPS scope got as grade return gets its own (ags-client.ts). Every roster is read before
 * anything is written, so a platform's failure (502) changes nothing; then each active member with a Larmor role
 * is matched by platform and `sub` or created in the organisation (accounts.ts, as a launch does), enrolled in the
 * module's program and counted as a user of the link, so that their released grades go back to its line item.
 */
import {
  ERROR_CAUSES,
  ERROR_CODES,
  LTI_MEMBERSHIP_MEDIA_TYPE,
  LTI_NRPS_SCOPE,
  LTI_ROSTER_MEMBERS_MAX,
  LTI_ROSTER_PAGES_MAX,
  ltiMemberSchema,
  ltiMembershipContainerSchema,
  ltiRoleOf,
  type LtiMember,
  type LtiRosterSyncResult,
} from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import { isoNow } from '../../db/ids.ts';
import { ApiError, conflict, forbidden } from '../../plugins/errors.ts';
import { isOrganisationStaff, type ContentScope } from '../content/programs/access.ts';
import { accountFor, enrol, moduleFor } from './accounts.ts';
import { authorisedFetch, createTokenCache, PlatformCallError, type TokenCache } from './ags-client.ts';
import type { PlatformRow } from './repository.ts';

const NO_ROSTER =
  'No learning platform link of this module offers its roster: launch the module from the platform first';

const downstream = (message: string): ApiError =>
  new ApiError(502, ERROR_CODES.DOWNSTREAM_SERVICE_ERROR, message, ERROR_CAUSES.UNAVAILABLE);

/** The `rel="next"` URL of a Link header (RFC 8288), if any. */
export function nextPageOf(link: string | null): string | undefined {
  for (const part of (link ?? '').split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match?.[2] !== undefined && /(^|;)\s*rel\s*=\s*"?next"?\s*(;|$)/i.test(match[2])) return match[1];
  }
  return undefined;
}

/** Every member of the roster at `url`; `malformed` counts the entries that are not members. */
async function readRoster(
  tokens: TokenCache,
  platform: PlatformRow,
  url: string,
): Promise<{ members: LtiMember[]; malformed: number }> {
  const origin = new URL(url).origin;
  const members: LtiMember[] = [];
  let malformed = 0;
  let page: string | undefined = url;
  for (let read = 0; page !== undefined; read++) {
    if (read >= LTI_ROSTER_PAGES_MAX)
      throw downstream(`The roster has more than ${LTI_ROSTER_PAGES_MAX} pages`);
    const what = 'Roster';
    const response = await authorisedFetch(tokens, platform, LTI_NRPS_SCOPE, what, page, {
      headers: { accept: LTI_MEMBERSHIP_MEDIA_TYPE },
    });
    const container = ltiMembershipContainerSchema.safeParse(await response.json().catch(() => null));
    if (!container.success)
      throw new PlatformCallError(`${what}: the answer is not a membership container`, false);
    for (const entry of container.data.members) {
      const member = ltiMemberSchema.safeParse(entry);
      if (member.success) members.push(member.data);
      else malformed += 1;
    }
    if (members.length > LTI_ROSTER_MEMBERS_MAX)
      throw downstream(`The roster has more than ${LTI_ROSTER_MEMBERS_MAX} members`);
    const next = nextPageOf(response.headers.get('link'));
    // The token goes only where the roster is: a next page elsewhere is refused.
    if (next !== undefined && (!URL.canParse(next) || new URL(next).origin !== origin))
      throw downstream(`${what}: the next page is not on ${new URL(url).host}`);
    page = next;
  }
  return { members, malformed };
}

/** The module's links with a roster, on platforms of `clientId`, one per platform and membership URL. */
async function rostersOf(db: Db, clientId: string, labId: string) {
  const rows = await db
    .selectFrom('lti_links as l')
    .innerJoin('lti_platforms as p', 'p.id', 'l.platform_id')
    .selectAll('p')
    .select(['l.id as link_id', 'l.memberships_url'])
    .where('l.lab_id', '=', labId)
    .where('p.client_id', '=', clientId)
    .where('l.memberships_url', 'is not', null)
    .orderBy('l.created_at')
    .execute();
  const rosters = new Map<string, { platform: PlatformRow; url: string; linkIds: string[] }>();
  for (const { link_id: linkId, memberships_url: url, ...platform } of rows) {
    if (url === null) continue;
    const key = `${platform.id}\n${url}`;
    const roster = rosters.get(key) ?? { platform, url, linkIds: [] };
    roster.linkIds.push(linkId);
    rosters.set(key, roster);
  }
  return [...rosters.values()];
}

/** Syncs the roster of every platform link of module `labId` in the caller's organisation (staff only). */
export async function syncRoster(db: Db, scope: ContentScope, labId: string): Promise<LtiRosterSyncResult> {
  if (!isOrganisationStaff(scope) || scope.clientId === null) throw forbidden();
  const module = await moduleFor(db, scope.clientId, labId);
  const rosters = await rostersOf(db, scope.clientId, labId);
  if (rosters.length === 0) throw conflict(NO_ROSTER);
  const tokens = createTokenCache(db);
  const read = [];
  for (const roster of rosters) {
    try {
      read.push({ ...roster, ...(await readRoster(tokens, roster.platform, roster.url)) });
    } catch (error) {
      if (error instanceof PlatformCallError) throw downstream(error.message);
      throw error;
    }
  }
  const result: LtiRosterSyncResult = {
    links: rosters.length,
    members: 0,
    created: 0,
    enrolled: 0,
    skipped: 0,
  };
  for (const roster of read) {
    result.members += roster.members.length + roster.malformed;
    result.skipped += roster.malformed;
    for (const member of roster.members) {
      const role = ltiRoleOf(member.roles);
      if (role === null || (member.status !== undefined && member.status !== 'Active')) {
        result.skipped += 1;
        continue;
      }
      const user = {
        sub: member.user_id,
        role,
        givenName: member.given_name,
        familyName: member.family_name,
      };
      try {
        const outcome = await db.transaction().execute(async (trx) => {
          const known = await trx
            .selectFrom('lti_accounts')
            .select('user_id')
            .where('platform_id', '=', roster.platform.id)
            .where('sub', '=', member.user_id)
            .executeTakeFirst();
          const userId = await accountFor(trx, roster.platform, user);
          const enrolled = await enrol(trx, userId, module.programId);
          await linkUsers(trx, roster.linkIds, userId);
          return { created: known === undefined, enrolled };
        });
        result.created += Number(outcome.created);
        result.enrolled += Number(outcome.enrolled);
      } catch (error) {
        // A deactivated account stays as it is (accounts.ts answers 403 for it).
        if (!(error instanceof ApiError && error.statusCode === 403)) throw error;
        result.skipped += 1;
      }
    }
  }
  return result;
}

/** Counts `userId` as a user of the links (their grades go to the links' line items). */
async function linkUsers(trx: Db, linkIds: readonly string[], userId: string): Promise<void> {
  const known = new Set(
    (
      await trx
        .selectFrom('lti_link_users')
        .select('link_id')
        .where('user_id', '=', userId)
        .where('link_id', 'in', linkIds)
        .execute()
    ).map((row) => row.link_id),
  );
  const now = isoNow();
  const fresh = linkIds.filter((id) => !known.has(id));
  if (fresh.length > 0)
    await trx
      .insertInto('lti_link_users')
      .values(fresh.map((linkId) => ({ link_id: linkId, user_id: userId, created_at: now })))
      .execute();
}
