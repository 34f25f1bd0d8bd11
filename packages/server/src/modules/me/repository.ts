/** SQL of the signed-in user's own account (me/ calls). */
import type { Db } from '../../db/database.ts';
import { isoNow } from '../../db/ids.ts';

export function profileRow(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'first_name', 'last_name', 'terms_ack', 'first_login'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Names of the groups the user belongs to, alphabetically. */
export async function groupNamesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .select('g.name')
    .where('gm.user_id', '=', userId)
    .orderBy('g.name')
    .execute();
  return rows.map((row) => row.name);
}

/** The user's password hash: undefined for no such user, null for a user without a password yet. */
export async function passwordHashOf(db: Db, userId: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}

/** Stores a password the user chose, which ends their first login. */
export async function setOwnPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, first_login: 0, updated_at: isoNow() })
    .where('id', '=', userId)
    .execute();
}

export async function setTermsAccepted(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ terms_ack: 1, updated_at: isoNow() })
    .where('id', '=', userId)
    .execute();
}
