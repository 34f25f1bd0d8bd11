/**
 * The Larmor side of an LTI launch (issue 27.2): the platform user's account, found by the platform and `sub`
 * (never by e-mail: an e-mail address in a launch proves nothing about a Larmor account), or made in the
 * registering organisation with the role the launch maps to; and the module (or program) the launch opens, whose
 * program the user is enrolled in.
 */
import { NAME_MAX_LENGTH, replaceControlCharacters } from '@larmor/contracts';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import type { PlatformRow } from './repository.ts';

/** What a verified launch says of its user. */
export interface LaunchUser {
  sub: string;
  role: 'Teacher' | 'Student';
  givenName: string | undefined;
  familyName: string | undefined;
}

/** A module a launch may open: where it lives. */
export interface LaunchModule {
  labId: string;
  courseId: string;
  programId: string;
}

const name = (text: string | undefined): string =>
  replaceControlCharacters(text ?? '')
    .trim()
    .slice(0, NAME_MAX_LENGTH);

/** A username and (undeliverable, RFC 2606 `.invalid`) address unique to an outside user (`kind` lti or sso). */
export function syntheticIdentity(
  issuerId: string,
  sub: string,
  kind: 'lti' | 'sso' = 'lti',
): { username: string; email: string } {
  const digest = createHash('sha256').update(`${issuerId}\n${sub}`).digest('hex').slice(0, 20);
  return { username: `${kind}-${digest}`, email: `${kind}-${digest}@${kind}.invalid` };
}

/**
 * An identity from outside (an LTI platform's or an SSO provider's user, by its `sub`): where its link to a Larmor
 * account lives, the organisation it signs into, and the username and address a new account gets.
 */
export interface ExternalIdentity {
  /** The account linked to the identity, if any. */
  linked(trx: Db): Promise<string | undefined>;
  /** Links the new account `userId` to the identity. */
  link(trx: Db, userId: string, now: string): Promise<void>;
  clientId: string;
  username: string;
  email: string;
  /** Whether a linked user's membership takes `user.role` (LTI: every launch names the role) or keeps its own. */
  roleFollows: boolean;
}

/**
 * The user's id: the account linked to the identity, or a new one in its organisation with `user.role`. A linked
 * user keeps a membership of the organisation (made again with `user.role` if it is gone); an organisation
 * administrator stays one. 403 for a deactivated account.
 */
export async function externalAccount(
  trx: Db,
  identity: ExternalIdentity,
  user: Omit<LaunchUser, 'sub'>,
): Promise<string> {
  const now = isoNow();
  let userId = await identity.linked(trx);
  if (userId === undefined) {
    userId = newId();
    await trx
      .insertInto('users')
      .values({
        id: userId,
        username: identity.username,
        email: identity.email,
        first_name: name(user.givenName),
        last_name: name(user.familyName),
        password_hash: null,
        role: user.role,
        status: 'active',
        terms_ack: 0,
        first_login: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await identity.link(trx, userId, now);
  }
  const membership = await trx
    .selectFrom('memberships')
    .select(['id', 'role'])
    .where('user_id', '=', userId)
    .where('client_id', '=', identity.clientId)
    .executeTakeFirst();
  if (membership === undefined) {
    await trx
      .insertInto('memberships')
      .values({
        id: newId(),
        user_id: userId,
        client_id: identity.clientId,
        role: user.role,
        created_at: now,
      })
      .execute();
  } else if (identity.roleFollows && membership.role !== 'Admin' && membership.role !== user.role) {
    await trx.updateTable('memberships').set({ role: user.role }).where('id', '=', membership.id).execute();
  }
  const account = await trx.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst();
  if (account?.status === 'deactivated') throw forbidden('This account is deactivated');
  return userId;
}

/**
 * The user's id: the account linked to (platform, sub), or a new one in the platform's organisation. A linked
 * user keeps a membership of the organisation with the launch's role (an organisation administrator stays one).
 */
export function accountFor(trx: Db, platform: PlatformRow, user: LaunchUser): Promise<string> {
  return externalAccount(
    trx,
    {
      linked: async (db) =>
        (
          await db
            .selectFrom('lti_accounts')
            .select('user_id')
            .where('platform_id', '=', platform.id)
            .where('sub', '=', user.sub)
            .executeTakeFirst()
        )?.user_id,
      link: async (db, userId, now) => {
        await db
          .insertInto('lti_accounts')
          .values({ platform_id: platform.id, sub: user.sub, user_id: userId, created_at: now })
          .execute();
      },
      clientId: platform.client_id,
      ...syntheticIdentity(platform.id, user.sub),
      roleFollows: true,
    },
    user,
  );
}

/** The module `labId`, if its program is the organisation's own or assigned to it; 404 otherwise. */
export async function moduleFor(db: Db, clientId: string, labId: string): Promise<LaunchModule> {
  const row = await db
    .selectFrom('labs as l')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .innerJoin('programs as p', 'p.id', 'c.program_id')
    .leftJoin('program_assignments as a', (join) =>
      join.onRef('a.program_id', '=', 'p.id').on('a.client_id', '=', clientId),
    )
    .select([
      'l.id as labId',
      'c.id as courseId',
      'p.id as programId',
      'p.client_id as owner',
      'a.client_id as assigned',
    ])
    .where('l.id', '=', labId)
    .executeTakeFirst();
  if (row === undefined || (row.owner !== clientId && row.assigned !== clientId)) throw notFound('Module');
  return { labId: row.labId, courseId: row.courseId, programId: row.programId };
}

/** The program `programId`, if it is the organisation's own or assigned to it; 404 otherwise. */
export async function programFor(
  db: Db,
  clientId: string,
  programId: string,
): Promise<{ programId: string }> {
  const row = await db
    .selectFrom('programs as p')
    .leftJoin('program_assignments as a', (join) =>
      join.onRef('a.program_id', '=', 'p.id').on('a.client_id', '=', clientId),
    )
    .select(['p.id as programId', 'p.client_id as owner', 'a.client_id as assigned'])
    .where('p.id', '=', programId)
    .executeTakeFirst();
  if (row === undefined || (row.owner !== clientId && row.assigned !== clientId)) throw notFound('Program');
  return { programId: row.programId };
}

/** Enrols the user in the program (once); true when this enrolled them. */
export async function enrol(trx: Db, userId: string, programId: string): Promise<boolean> {
  const enrolled = await trx
    .selectFrom('enrollments')
    .select('user_id')
    .where('program_id', '=', programId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (enrolled !== undefined) return false;
  await trx
    .insertInto('enrollments')
    .values({ program_id: programId, user_id: userId, enrolled_by: null, created_at: isoNow() })
    .execute();
  return true;
}
