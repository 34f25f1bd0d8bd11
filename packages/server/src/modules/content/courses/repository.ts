/** SQL of courses: ordered within their program by `position` (positions.ts). */
import type { Db } from '../../../db/database.ts';
import type { CoursesTable } from '../../../db/schema.ts';

export type CourseRow = CoursesTable;

export async function findCourse(db: Db, id: string): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The courses of `programId` in order (archived ones too). */
export async function coursesOf(db: Db, programId: string): Promise<CourseRow[]> {
  return db
    .selectFrom('courses')
    .selectAll()
    .where('program_id', '=', programId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

export async function insertCourse(db: Db, row: CourseRow): Promise<void> {
  await db.insertInto('courses').values(row).execute();
}

export async function updateCourse(db: Db, id: string, set: Partial<Omit<CourseRow, 'id'>>): Promise<void> {
  await db.updateTable('courses').set(set).where('id', '=', id).execute();
}

export async function deleteCourse(db: Db, id: string): Promise<void> {
  await db.deleteFrom('courses').where('id', '=', id).execute();
}
