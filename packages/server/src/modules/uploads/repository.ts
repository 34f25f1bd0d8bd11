/** SQL of program uploads, and who may read them across all of a user's identities (asset-cookie reads). */
import type { Db } from '../../db/database.ts';
import type { ProgramsTable, UploadsTable } from '../../db/schema.ts';
import { hasIndividualAccess } from '../identities/repository.ts';

export type UploadRow = UploadsTable;

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function uploadsOf(db: Db, programId: string): Promise<UploadRow[]> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('program_id', '=', programId)
    .orderBy('created_at')
    .execute();
}

export async function insertUpload(db: Db, row: UploadRow): Promise<void> {
  await db.insertInto('uploads').values(row).execute();
}

export async function deleteUploadRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}

/**
 * Whether `userId`, in any of their identities, may read files of `program`: platform administrators; staff of
 * its organisation or of one it is assigned to; and, once it is published, its enrolled users, members of those
 * organisations, and individual users for a free-catalogue program.
 */
export async function userMayReadProgramFiles(
  db: Db,
  userId: string,
  program: Pick<ProgramsTable, 'id' | 'client_id' | 'status' | 'free_catalogue'>,
): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select(['role', 'status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.status !== 'active') return false;
  if (user.role === 'Admin') return true;
  const memberships = await db
    .selectFrom('memberships')
    .select(['client_id', 'role'])
    .where('user_id', '=', userId)
    .execute();
  const assigned = await db
    .selectFrom('program_assignments')
    .select('client_id')
    .where('program_id', '=', program.id)
    .execute();
  const orgs = new Set([
    ...(program.client_id ? [program.client_id] : []),
    ...assigned.map((a) => a.client_id),
  ]);
  const inOrg = memberships.filter((m) => orgs.has(m.client_id));
  if (inOrg.some((m) => m.role !== 'Student')) return true;
  if (program.status !== 'published') return false;
  if (inOrg.length > 0) return true;
  const enrolled = await db
    .selectFrom('enrollments')
    .select('user_id')
    .where('program_id', '=', program.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (enrolled) return true;
  if (program.client_id !== null || program.free_catalogue !== 1) return false;
  return hasIndividualAccess(db, userId);
}
