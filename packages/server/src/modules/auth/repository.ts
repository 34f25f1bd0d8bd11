/**
 * SQL of sign-in and account calls: users looked up by their sign-in name or address, one-time link tokens
 * (activation, password reset) and refresh tokens. Tokens are stored only as hashes (opaque-tokens.ts).
 */
import type { Db } from '../../db/database.ts';
import type { UsersTable, UserTokenPurpose } from '../../db/schema.ts';
import { isoNow, newId } from '../../db/ids.ts';

export type { Db };

/**
 * The user signing in with `login`: a username, or an e-mail address (stored lowercase). Should one user's
 * username equal another's address (usernames with `@` are refused now, but may predate the rule), the
 * owner of the address wins, so a stranger's username cannot block anyone's sign-in by e-mail.
 */
export function userBySignInName(db: Db, login: string) {
  const email = login.toLowerCase();
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'status'])
    .where((eb) => eb.or([eb('username', '=', login), eb('email', '=', email)]))
    .orderBy((eb) => eb.case().when('email', '=', email).then(0).else(1).end())
    .limit(1)
    .executeTakeFirst();
}

/** Whether a user holds `username` or the (lowercase) `email`. */
export async function isAccountTaken(db: Db, username: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('username', '=', username), eb('email', '=', email)]))
    .executeTakeFirst();
  return row !== undefined;
}

export function userByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'email', 'status'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function userStatus(db: Db, userId: string): Promise<UsersTable['status'] | undefined> {
  const row = await db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst();
  return row?.status;
}

export async function userRole(db: Db, userId: string): Promise<UsersTable['role']> {
  const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.role;
}

export async function insertIndividualAccess(db: Db, userId: string, plan: 'free' | 'paid'): Promise<void> {
  await db
    .insertInto('individual_access')
    .values({ id: newId(), user_id: userId, plan, created_at: isoNow() })
    .execute();
}

/** Activates `userId` if pending (a deactivated account stays deactivated). */
export async function activatePendingUser(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ status: 'active', updated_at: isoNow() })
    .where('id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
}

/** Sets a new password hash; the account becomes active and needs no password change at first login. */
export async function setPasswordFromLink(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, status: 'active', first_login: 0, updated_at: isoNow() })
    .where('id', '=', userId)
    .execute();
}

export async function insertLinkToken(
  db: Db,
  userId: string,
  purpose: UserTokenPurpose,
  tokenHash: string,
  expiresAt: string,
): Promise<void> {
  await db
    .insertInto('user_tokens')
    .values({
      id: newId(),
      user_id: userId,
      purpose,
      token_hash: tokenHash,
      expires_at: expiresAt,
      used_at: null,
      created_at: isoNow(),
    })
    .execute();
}

/** The unused link token of `purpose` with this hash, expired or not. */
export function unusedLinkToken(db: Db, tokenHash: string, purpose: UserTokenPurpose) {
  return db
    .selectFrom('user_tokens')
    .select(['id', 'user_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .executeTakeFirst();
}

/** Marks a link token used; false when it already was (a concurrent call spent it first). */
export async function markLinkTokenUsed(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('user_tokens')
    .set({ used_at: isoNow() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends every unused link token of `purpose` the user holds. */
export async function spendLinkTokensOf(db: Db, userId: string, purpose: UserTokenPurpose): Promise<void> {
  await db
    .updateTable('user_tokens')
    .set({ used_at: isoNow() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export interface NewRefreshToken {
  userId: string;
  familyId: string;
  tokenHash: string;
  identityId: string | null;
  expiresAt: string;
}

export async function insertRefreshToken(db: Db, token: NewRefreshToken): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: newId(),
      user_id: token.userId,
      family_id: token.familyId,
      token_hash: token.tokenHash,
      identity_id: token.identityId,
      expires_at: token.expiresAt,
      used_at: null,
      revoked_at: null,
      created_at: isoNow(),
    })
    .execute();
}

/** The refresh token with this hash, with its user's status and its session's sign-in time. */
export function refreshTokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('auth_sessions as s', 's.id', 't.family_id')
    .select([
      't.id',
      't.user_id',
      't.family_id',
      't.identity_id',
      't.expires_at',
      't.used_at',
      't.revoked_at',
      'u.status',
      's.created_at as session_created_at',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a refresh token used; false when it already was (the loser of two concurrent refreshes). */
export async function markRefreshTokenUsed(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: isoNow() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Starts sign-in session `id` (the id of its refresh-token family) for `userId`, signed in at `signedInAt`
 * (now, or the sign-in time of the session it was switched from): its absolute lifetime counts from there.
 */
export async function insertSession(db: Db, id: string, userId: string, signedInAt: string): Promise<void> {
  await db
    .insertInto('auth_sessions')
    .values({ id, user_id: userId, created_at: signedInAt, revoked_at: null })
    .execute();
}

/** The sign-in time of session `id`, if it exists. */
export async function sessionStart(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('auth_sessions')
    .select('created_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.created_at;
}

/**
 * Whether `userId` exists, is active and holds session `sessionId`, not revoked and signed in after
 * `signedInAfter` (the absolute lifetime): what every authenticated call checks, in one query of two
 * primary-key look-ups.
 */
export async function isSessionLive(
  db: Db,
  userId: string,
  sessionId: string,
  signedInAfter: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('s.id')
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .where('s.created_at', '>', signedInAfter)
    .where('u.status', '=', 'active')
    .executeTakeFirst();
  return row !== undefined;
}

/** Runs `work` in the caller's transaction, or in a new one when `db` is none. */
export function atomically<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Revokes a session: every token of its family, and so its access tokens too (one transaction). */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  const now = isoNow();
  await atomically(db, async (trx) => {
    await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .updateTable('auth_sessions')
      .set({ revoked_at: now })
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  });
}

/**
 * Revokes every session of a user (after a password reset or change, or deactivation), but `keepSessionId`
 * when given: the session that changed its own password stays signed in.
 */
export async function revokeAllOf(
  db: Db,
  userId: string,
  keepSessionId: string | null = null,
): Promise<void> {
  const now = isoNow();
  await atomically(db, async (trx) => {
    let tokens = trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    let sessions = trx
      .updateTable('auth_sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId !== null) {
      tokens = tokens.where('family_id', '!=', keepSessionId);
      sessions = sessions.where('id', '!=', keepSessionId);
    }
    await tokens.execute();
    await sessions.execute();
  });
}
