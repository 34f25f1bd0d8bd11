/**
 * SQL of modules (labs): ordered within their course by `position` (positions.ts); JSON columns are parsed in
 * the presenter.
 */
import type { Db } from '../../../db/database.ts';
import type { LabsTable } from '../../../db/schema.ts';

export type LabRow = LabsTable;
/** A module with the program its course belongs to. */
export type LabRecord = LabRow & { program_id: string };

/** Modules with the program their course belongs to (`l` the module, `c` its course). */
function labRecords(db: Db) {
  return db
    .selectFrom('labs as l')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .selectAll('l')
    .select('c.program_id');
}

export async function findLab(db: Db, id: string): Promise<LabRecord | undefined> {
  return labRecords(db).where('l.id', '=', id).executeTakeFirst();
}

/** The modules of the courses `courseIds`, in course order then position (archived ones too). */
export async function labsOfCourses(db: Db, courseIds: readonly string[]): Promise<LabRecord[]> {
  if (courseIds.length === 0) return [];
  return labRecords(db)
    .where('l.course_id', 'in', courseIds)
    .orderBy('l.position')
    .orderBy('l.created_at')
    .execute();
}

/** The modules of the programs `programIds` that are neither archived nor in an archived course. */
export async function liveLabsOfPrograms(db: Db, programIds: readonly string[]): Promise<LabRecord[]> {
  if (programIds.length === 0) return [];
  return labRecords(db)
    .where('c.program_id', 'in', programIds)
    .where('c.archived', '=', 0)
    .where('l.archived', '=', 0)
    .orderBy('c.position')
    .orderBy('l.position')
    .execute();
}

export async function insertLab(db: Db, row: LabRow): Promise<void> {
  await db.insertInto('labs').values(row).execute();
}

export async function updateLab(db: Db, id: string, set: Partial<Omit<LabRow, 'id'>>): Promise<void> {
  await db.updateTable('labs').set(set).where('id', '=', id).execute();
}

export async function deleteLab(db: Db, id: string): Promise<void> {
  await db.deleteFrom('labs').where('id', '=', id).execute();
}

/** Records that `userId` opened `labId` now (one row per user and module). */
export async function recordVisit(db: Db, labId: string, userId: string, now: string): Promise<void> {
  await db
    .insertInto('lab_visits')
    .values({ lab_id: labId, user_id: userId, opened_at: now })
    .onConflict((oc) => oc.columns(['lab_id', 'user_id']).doUpdateSet({ opened_at: now }))
    .execute();
}

/** The module `userId` opened last in each of `programIds`. */
export async function lastVisits(db: Db, userId: string, programIds: readonly string[]) {
  if (programIds.length === 0) return [];
  return db
    .selectFrom('lab_visits as v')
    .innerJoin('labs as l', 'l.id', 'v.lab_id')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .select(['v.lab_id', 'v.opened_at', 'l.title', 'l.course_id', 'c.program_id'])
    .where('v.user_id', '=', userId)
    .where('c.program_id', 'in', programIds)
    .where('l.archived', '=', 0)
    .where('c.archived', '=', 0)
    .orderBy('v.opened_at', 'desc')
    .execute();
}
